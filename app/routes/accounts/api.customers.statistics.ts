import type { LoaderFunctionArgs } from "@remix-run/node";
import { customerStatisticsView } from "~/api/views/customers";
import { customerStatistics } from "~/models/accounts/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: ["admin"] };

/** GET /api/customers/statistics — total_customers, active_customers, subscribed_customers, total_credits, total_revenue (reais). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return ok(customerStatisticsView(customerStatistics()));
}

export const action = () => methodNotAllowed();
