import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerView } from "~/api/views/customers";
import { cancelCustomerSubscription, getCustomer, getCustomerRow } from "~/models/accounts/index.server";
import { parsePathId } from "~/schemas/api-search";
import { fail, methodNotAllowed, ok } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.customersAdmin;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return methodNotAllowed();
}

/** POST /api/customers/:id/cancel-subscription — only an active subscription (else 409). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "POST") return methodNotAllowed();
  const id = parsePathId(params.id);
  if (id === null || !getCustomer(id)) return fail(m.notFound, 404);
  const cancelled = cancelCustomerSubscription({ userId: id, actorId: user.id });
  if (!cancelled.ok) return apiRefusal(cancelled);
  return ok(customerView(getCustomerRow(id)!), m.subscriptionCancelled);
}
