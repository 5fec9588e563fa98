import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { planAdminView } from "~/models/api-views.server";
import {
  deletePlanByAdmin,
  getPlanWithCustomers,
  PlanHasSubscribersError,
  PlanNameTakenError,
  updatePlanByAdmin,
} from "~/models/plan.server";
import { parsePathId } from "~/schemas/api-search";
import { apiPlanSchema, planFormValues } from "~/schemas/plan";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth.server";
import { messages } from "~/utils/messages";

const m = messages.plansAdmin;

function findPlan(raw: string | undefined) {
  const id = parsePathId(raw);
  return id === null ? undefined : getPlanWithCustomers(id);
}

/** GET /api/plans/:id */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, ["admin"]);
  const plan = findPlan(params.id);
  if (!plan) return fail(m.notFound, 404);
  return ok(planAdminView(plan));
}

/**
 * PUT /api/plans/:id — fields left out keep their values. DELETE /api/plans/:id — refused (409) while
 * customers subscribe; a plan with only history is deactivated instead (the message says so).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiUser(request, ["admin"]);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const plan = findPlan(params.id);
  if (!plan) return fail(m.notFound, 404);

  if (request.method === "DELETE") {
    try {
      const result = deletePlanByAdmin(plan.id, user.id);
      if (!result) return fail(m.notFound, 404);
      if (result.outcome === "deleted") return ok(null, m.deleted);
      return ok(planAdminView(getPlanWithCustomers(plan.id)!), m.deactivatedInsteadOfDeleted);
    } catch (error) {
      if (error instanceof PlanHasSubscribersError)
        return fail(m.hasSubscribers(error.subscribers), 409);
      throw error;
    }
  }

  const parsed = await parseJsonBody(request, apiPlanSchema(planFormValues(plan)));
  if (!parsed.ok) return parsed.response;
  try {
    updatePlanByAdmin(plan.id, parsed.value, user.id);
    return ok(planAdminView(getPlanWithCustomers(plan.id)!), m.updated);
  } catch (error) {
    if (error instanceof PlanNameTakenError) return fail(m.nameTaken, 400, { name: [m.nameTaken] });
    throw error;
  }
}
