import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { partDetailView } from "~/api/views/parts";
import { cataloguePartDetail, deletePart, updatePart } from "~/models/catalogue/index.server";
import { parsePathId, VEHICLES_DEFAULT_PER_PAGE } from "~/schemas/api-search";
import { apiFieldName, apiPartSchema } from "~/schemas/part-api";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: "signed-in", PUT: ["admin"], DELETE: ["admin"] };

/**
 * GET /api/parts/:id — one part with its alternative codes, compat_count and the first page of
 * compatible vehicles (the rest: /api/vehicles/by-part/:id). Not metered: it details a part that
 * a (metered) search already found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const id = parsePathId(params.id);
  const part = id === null ? undefined : cataloguePartDetail(id, VEHICLES_DEFAULT_PER_PAGE);
  if (!part) return fail(messages.apiSearch.partNotFound, 404);
  return ok(partDetailView(part));
}

/**
 * PUT /api/parts/:id {code, name, description, category_id, manufacturer, mercado_livre_link,
 * compatible_vehicle_ids} (admin): the part's fields; the vehicles only when the list is sent.
 * DELETE /api/parts/:id (admin): with its alternative codes and fitments.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const id = parsePathId(params.id);
  if (id === null) return fail(messages.parts.notFound, 404);
  if (request.method === "DELETE") {
    const outcome = deletePart(id, user.id);
    if (!outcome.ok) return apiRefusal(outcome);
    return ok({ id: outcome.value.id, code: outcome.value.code }, messages.parts.deleted);
  }
  const body = await parseJsonBody(request, apiPartSchema);
  if (!body.ok) return body.response;
  const outcome = updatePart(id, body.value, user.id);
  if (!outcome.ok) return apiRefusal(outcome, { fieldName: apiFieldName });
  const saved = cataloguePartDetail(id, VEHICLES_DEFAULT_PER_PAGE);
  return ok(saved ? partDetailView(saved) : null, messages.parts.updated);
}
