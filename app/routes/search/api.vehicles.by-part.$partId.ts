import type { LoaderFunctionArgs } from "@remix-run/node";
import { vehiclePageView } from "~/api/views/parts";
import { partExists, vehiclesForPart } from "~/models/catalogue/index.server";
import { apiVehiclesByPartSchema, parsePathId, parseQuery } from "~/schemas/api-search";
import { fail, methodNotAllowed, ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: "signed-in" };

/** GET /api/vehicles/by-part/:partId?page&per_page — the vehicles a part fits, a page at a time. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const partId = parsePathId(params.partId);
  if (partId === null || !partExists(partId)) return fail(messages.apiSearch.partNotFound, 404);
  const parsed = parseQuery(apiVehiclesByPartSchema, request);
  if (!parsed.ok) return fail(parsed.message, 400, parsed.errors);
  return ok(vehiclePageView(vehiclesForPart(partId, parsed.value.page, parsed.value.per_page)));
}

export const action = () => methodNotAllowed();
