import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { planAdminView } from "~/api/views/plans";
import {
  deletePlanByAdmin,
  getPlanWithCustomers,
  type PlanWithCustomers,
  updatePlanByAdmin,
} from "~/models/payments/index.server";
import { apiPlanSchema, planFormValues } from "~/schemas/payments/plan";
import { ok } from "~/server/api.server";
import { apiRequest, requireJsonBody, type PathRecord } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], PUT: ["admin"], DELETE: ["admin"] };

const m = messages.plansAdmin;

const planAt = (id: string | undefined): PathRecord<PlanWithCustomers> => ({
  id,
  load: getPlanWithCustomers,
  notFound: m.notFound,
});

/** GET /api/plans/:id */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: plan } = await apiRequest(request, access, { record: planAt(params.id) });
  return ok(planAdminView(plan));
}

/**
 * PUT /api/plans/:id — fields left out keep their values. DELETE /api/plans/:id — refused (409) while
 * customers subscribe; a plan with only history is deactivated instead (the message says so).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, record: plan } = await apiRequest(request, access, { record: planAt(params.id) });

  if (request.method === "DELETE") {
    const result = deletePlanByAdmin(plan.id, user.id);
    if (!result.ok) return apiRefusal(result);
    if (result.value.outcome === "deleted") return ok(null, m.deleted);
    return ok(planAdminView(getPlanWithCustomers(plan.id)!), m.deactivatedInsteadOfDeleted);
  }

  const body = await requireJsonBody(request, apiPlanSchema(planFormValues(plan)));
  const saved = updatePlanByAdmin(plan.id, body, user.id);
  if (!saved.ok) return apiRefusal(saved);
  return ok(planAdminView(getPlanWithCustomers(plan.id)!), m.updated);
}
