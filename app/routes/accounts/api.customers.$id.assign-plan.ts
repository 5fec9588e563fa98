import type { ActionFunctionArgs } from "@remix-run/node";
import { assignCustomerPlan } from "~/models/accounts/index.server";
import { apiAssignPlanSchema } from "~/schemas/accounts/customer";
import { methodNotAllowed } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { customerAnswer, customerRequest } from "./customers.server";

export const access: Access = { POST: ["admin"] };

const m = messages.customersAdmin;

export const loader = () => methodNotAllowed();

/** POST /api/customers/:id/assign-plan {plan_id, payment_method (default credit_card)} — active plans only. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, customer, body } = await customerRequest(
    request,
    access,
    params.id,
    apiAssignPlanSchema,
  );
  const assigned = assignCustomerPlan({ userId: customer.id, ...body, actorId: user.id });
  if (!assigned.ok) return apiRefusal(assigned, { fieldName: () => "plan_id" });
  return customerAnswer(customer.id, m.planAssigned);
}
