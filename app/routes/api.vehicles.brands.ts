import type { LoaderFunctionArgs } from "@remix-run/node";
import { vehicleBrandNames } from "~/models/brand.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireApiUser } from "~/server/auth.server";

/** GET /api/vehicles/brands — brand names (registered brands and those vehicles use), in pt-BR order. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return ok(vehicleBrandNames());
}

export const action = () => methodNotAllowed();
