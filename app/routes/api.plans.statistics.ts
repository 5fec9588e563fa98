import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { planStatisticsView } from "~/api/views/plans";
import { planStatistics } from "~/models/plan.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireApiUser } from "~/server/auth.server";

/** GET /api/plans/statistics — total_plans, active_plans, total_customers, monthly_revenue (reais). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, ["admin"]);
  return ok(planStatisticsView(planStatistics()));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiUser(request, ["admin"]);
  return methodNotAllowed();
}
