import type { LoaderFunctionArgs } from "@remix-run/node";
import { planStatisticsView } from "~/api/views/plans";
import { planStatistics } from "~/models/payments/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: ["admin"] };

/** GET /api/plans/statistics — total_plans, active_plans, total_customers, monthly_revenue (reais). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return ok(planStatisticsView(planStatistics()));
}

export const action = () => methodNotAllowed();
