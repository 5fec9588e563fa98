import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerView } from "~/api/views/customers";
import { assignCustomerPlan, getCustomer, getCustomerRow } from "~/models/accounts/index.server";
import { parsePathId } from "~/schemas/api-search";
import { apiAssignPlanSchema } from "~/schemas/customer";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
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

/** POST /api/customers/:id/assign-plan {plan_id, payment_method (default credit_card)} — active plans only. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "POST") return methodNotAllowed();
  const id = parsePathId(params.id);
  if (id === null || !getCustomer(id)) return fail(m.notFound, 404);
  const parsed = await parseJsonBody(request, apiAssignPlanSchema);
  if (!parsed.ok) return parsed.response;
  const assigned = assignCustomerPlan({ userId: id, ...parsed.value, actorId: user.id });
  if (!assigned.ok) return apiRefusal(assigned, { fieldName: () => "plan_id" });
  return ok(customerView(getCustomerRow(id)!), m.planAssigned);
}
