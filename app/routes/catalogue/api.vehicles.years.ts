import type { LoaderFunctionArgs } from "@remix-run/node";
import { vehicleYears } from "~/models/catalogue/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: ["admin"] };

/**
 * GET /api/vehicles/years — the years vehicles exist in, newest first: the year filter of the
 * admin vehicle list (admin, like /api/vehicles/search it filters).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return ok(vehicleYears());
}

export const action = () => methodNotAllowed();
