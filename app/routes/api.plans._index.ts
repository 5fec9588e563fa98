import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { planAdminView } from "~/models/api-views.server";
import {
  createPlanByAdmin,
  getPlanWithCustomers,
  listPlansAdmin,
  PlanNameTakenError,
} from "~/models/plan.server";
import { queryParams } from "~/schemas/api-search";
import { apiPlanSchema, planListQuerySchema } from "~/schemas/plan";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth.server";
import { messages } from "~/utils/messages";

const m = messages.plansAdmin;

/** GET /api/plans?q&status — every plan (active and inactive) with customers and monthly revenue. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, ["admin"]);
  const query = planListQuerySchema.parse(queryParams(request));
  return ok(listPlansAdmin(query).map(planAdminView));
}

/** POST /api/plans {name, description, credits_per_month, price (reais), status, features, policies} */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireApiUser(request, ["admin"]);
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = await parseJsonBody(request, apiPlanSchema());
  if (!parsed.ok) return parsed.response;
  try {
    const plan = createPlanByAdmin(parsed.value, user.id);
    return ok(planAdminView(getPlanWithCustomers(plan.id)!), m.created, 201);
  } catch (error) {
    if (error instanceof PlanNameTakenError) return fail(m.nameTaken, 400, { name: [m.nameTaken] });
    throw error;
  }
}
