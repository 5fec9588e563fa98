import type { ActionFunctionArgs } from "@remix-run/node";
import { customerView } from "~/api/views/customers";
import { assignCustomerPlan, getCustomer, getCustomerRow } from "~/models/accounts/index.server";
import { apiAssignPlanSchema } from "~/schemas/customer";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.customersAdmin;

export const loader = () => methodNotAllowed();

/** POST /api/customers/:id/assign-plan {plan_id, payment_method (default credit_card)} — active plans only. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, record: customer, body } = await apiRequest(request, access, {
    record: { id: params.id, load: getCustomer, notFound: m.notFound },
    body: apiAssignPlanSchema,
  });
  const assigned = assignCustomerPlan({ userId: customer.id, ...body, actorId: user.id });
  if (!assigned.ok) return apiRefusal(assigned, { fieldName: () => "plan_id" });
  return ok(customerView(getCustomerRow(customer.id)!), m.planAssigned);
}
