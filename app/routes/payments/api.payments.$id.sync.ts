import type { ActionFunctionArgs } from "@remix-run/node";
import { syncPayment } from "~/models/payments/index.server";
import { parsePathId } from "~/schemas/search/api-search";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

/** The owner ("Verificar pagamento") or an admin ("Sincronizar"); anyone else gets a 404. */
export const access: Access = { POST: "signed-in" };

/**
 * POST /api/payments/:id/sync — asks the invoice's provider what became of it and applies the
 * answer; `data.status` is the invoice's status afterwards. 502 when the provider cannot answer.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const synced = await syncPayment(user, parsePathId(params.id) ?? 0);
  if (!synced.ok) return apiRefusal(synced);
  return ok({ status: synced.value.status }, messages.payments.synced(synced.value.status));
}

export const loader = () => methodNotAllowed();
