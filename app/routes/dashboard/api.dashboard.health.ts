import type { LoaderFunctionArgs } from "@remix-run/node";
import { healthView } from "~/api/views/dashboard";
import { methodNotAllowed, ok } from "~/server/api.server";
import type { Access } from "~/server/access";
import { requireApiAccess } from "~/server/guard.server";
import { healthChecks } from "~/server/dashboard/system-health.server";

export const access: Access = { GET: ["admin"] };

/** GET /api/dashboard/health — database, job queue, job runner and disk, checked now. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return ok(healthView(await healthChecks()));
}

export const action = () => methodNotAllowed();
