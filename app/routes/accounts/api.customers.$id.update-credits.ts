import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerView } from "~/api/views/customers";
import { addCredits, getCustomer, getCustomerRow } from "~/models/accounts/index.server";
import { parsePathId } from "~/schemas/api-search";
import { apiAddCreditsSchema } from "~/schemas/customer";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.customersAdmin;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return methodNotAllowed();
}

/**
 * POST /api/customers/:id/update-credits {credits_balance} — as the spec's client sends it,
 * `credits_balance` is the amount to ADD (new balance = current + amount), not the new balance.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "POST") return methodNotAllowed();
  const id = parsePathId(params.id);
  if (id === null || !getCustomer(id)) return fail(m.notFound, 404);
  const parsed = await parseJsonBody(request, apiAddCreditsSchema);
  if (!parsed.ok) return fail(m.invalidCredits, 400, { credits_balance: [m.invalidCredits] });
  addCredits({ userId: id, amount: parsed.value.amount, actorId: user.id });
  return ok(customerView(getCustomerRow(id)!), m.creditsUpdated);
}
