import type { LoaderFunctionArgs } from "@remix-run/node";
import { fipeBrands } from "~/models/imports/index.server";
import { parseQuery } from "~/schemas/api-search";
import { fipeTypeQuerySchema } from "~/schemas/fipe-import";
import { fail, methodNotAllowed, ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"] };

/** GET /api/vehicles/fipe/brands?type=carros — FIPE's brands ({codigo, nome}); admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const parsed = parseQuery(fipeTypeQuerySchema, request);
  if (!parsed.ok) return fail(parsed.message, 400, parsed.errors);
  try {
    return ok(await fipeBrands(parsed.value.type));
  } catch (error) {
    console.warn(messages.fipe.logBrandsFailed, error instanceof Error ? error.message : error);
    return fail(messages.fipe.brandsFailed, 502);
  }
}

export const action = () => methodNotAllowed();
