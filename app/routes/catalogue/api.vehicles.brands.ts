import type { LoaderFunctionArgs } from "@remix-run/node";
import { vehicleBrandNames } from "~/models/catalogue/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: "signed-in" };

/** GET /api/vehicles/brands — brand names (registered brands and those vehicles use), in pt-BR order. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return ok(vehicleBrandNames());
}

export const action = () => methodNotAllowed();
