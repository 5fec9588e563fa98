import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerStatisticsView } from "~/api/views/customers";
import { customerStatistics } from "~/models/customer.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireApiUser } from "~/server/auth.server";

/** GET /api/customers/statistics — total_customers, active_customers, subscribed_customers, total_credits, total_revenue (reais). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, ["admin"]);
  return ok(customerStatisticsView(customerStatistics()));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiUser(request, ["admin"]);
  return methodNotAllowed();
}
