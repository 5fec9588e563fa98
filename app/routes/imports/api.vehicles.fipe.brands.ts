import type { LoaderFunctionArgs } from "@remix-run/node";
import { fipeBrands } from "~/models/imports/index.server";
import { fipeTypeQuerySchema } from "~/schemas/imports/fipe-import";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireQuery } from "~/server/api-request.server";
import { apiRefuse } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"] };

/** GET /api/vehicles/fipe/brands?type=carros — FIPE's brands ({codigo, nome}); admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const { type } = requireQuery(request, fipeTypeQuerySchema);
  try {
    return ok(await fipeBrands(type));
  } catch (error) {
    console.warn(messages.fipe.logBrandsFailed, error instanceof Error ? error.message : error);
    return apiRefuse("provider_failed", messages.fipe.brandsFailed);
  }
}

export const action = () => methodNotAllowed();
