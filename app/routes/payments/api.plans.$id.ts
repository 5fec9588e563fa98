import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { planAdminView } from "~/api/views/plans";
import { deletePlanByAdmin, getPlanWithCustomers, updatePlanByAdmin } from "~/models/payments/index.server";
import { parsePathId } from "~/schemas/api-search";
import { apiPlanSchema, planFormValues } from "~/schemas/plan";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], PUT: ["admin"], DELETE: ["admin"] };

const m = messages.plansAdmin;

function findPlan(raw: string | undefined) {
  const id = parsePathId(raw);
  return id === null ? undefined : getPlanWithCustomers(id);
}

/** GET /api/plans/:id */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const plan = findPlan(params.id);
  if (!plan) return fail(m.notFound, 404);
  return ok(planAdminView(plan));
}

/**
 * PUT /api/plans/:id — fields left out keep their values. DELETE /api/plans/:id — refused (409) while
 * customers subscribe; a plan with only history is deactivated instead (the message says so).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const plan = findPlan(params.id);
  if (!plan) return fail(m.notFound, 404);

  if (request.method === "DELETE") {
    const result = deletePlanByAdmin(plan.id, user.id);
    if (!result.ok) return apiRefusal(result);
    if (result.value.outcome === "deleted") return ok(null, m.deleted);
    return ok(planAdminView(getPlanWithCustomers(plan.id)!), m.deactivatedInsteadOfDeleted);
  }

  const parsed = await parseJsonBody(request, apiPlanSchema(planFormValues(plan)));
  if (!parsed.ok) return parsed.response;
  const saved = updatePlanByAdmin(plan.id, parsed.value, user.id);
  if (!saved.ok) return apiRefusal(saved);
  return ok(planAdminView(getPlanWithCustomers(plan.id)!), m.updated);
}
