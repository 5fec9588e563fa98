import type { ActionFunctionArgs } from "@remix-run/node";
import { cancelCustomerSubscription } from "~/models/accounts/index.server";
import { methodNotAllowed } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { customerAnswer, customerRequest } from "./customers.server";

export const access: Access = { POST: ["admin"] };

const m = messages.customersAdmin;

export const loader = () => methodNotAllowed();

/** POST /api/customers/:id/cancel-subscription — only an active subscription (else 409). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, customer } = await customerRequest(request, access, params.id);
  const cancelled = cancelCustomerSubscription({ userId: customer.id, actorId: user.id });
  if (!cancelled.ok) return apiRefusal(cancelled);
  return customerAnswer(customer.id, m.subscriptionCancelled);
}
