import type { ActionFunctionArgs } from "@remix-run/node";
import { customerView } from "~/api/views/customers";
import { cancelCustomerSubscription, getCustomer, getCustomerRow } from "~/models/accounts/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.customersAdmin;

export const loader = () => methodNotAllowed();

/** POST /api/customers/:id/cancel-subscription — only an active subscription (else 409). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, record: customer } = await apiRequest(request, access, {
    record: { id: params.id, load: getCustomer, notFound: m.notFound },
  });
  const cancelled = cancelCustomerSubscription({ userId: customer.id, actorId: user.id });
  if (!cancelled.ok) return apiRefusal(cancelled);
  return ok(customerView(getCustomerRow(customer.id)!), m.subscriptionCancelled);
}
