import type { LoaderFunctionArgs } from "@remix-run/node";
import { vehicleYears } from "~/models/vehicle.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireApiUser } from "~/server/auth.server";

/** GET /api/vehicles/years — the years vehicles exist in, newest first (any signed-in user: filter data). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return ok(vehicleYears());
}

export const action = () => methodNotAllowed();
