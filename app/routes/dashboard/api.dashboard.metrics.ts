import type { LoaderFunctionArgs } from "@remix-run/node";
import { metricsView } from "~/api/views/dashboard";
import { dashboardMetrics } from "~/models/dashboard/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import type { Access } from "~/server/access";
import { requireApiAccess } from "~/server/guard.server";
import { flushRequestCounts } from "~/server/request-counter.server";
import { systemReading } from "~/server/dashboard/system-health.server";

export const access: Access = { GET: ["admin"] };

/** GET /api/dashboard/metrics — every figure of the dashboard, read now (ADR 0023). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  flushRequestCounts();
  return ok(metricsView(dashboardMetrics(), await systemReading()));
}

export const action = () => methodNotAllowed();
