import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { partDetailView } from "~/api/views/parts";
import { cataloguePartDetail, deletePart, updatePart } from "~/models/catalogue/index.server";
import { VEHICLES_DEFAULT_PER_PAGE } from "~/schemas/search/api-search";
import { apiFieldName, apiPartSchema } from "~/schemas/catalogue/part-api";
import { ok } from "~/server/api.server";
import { apiRequest, pathId } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: "signed-in", PUT: ["admin"], DELETE: ["admin"] };

/**
 * GET /api/parts/:id — one part with its alternative codes, compat_count and the first page of
 * compatible vehicles (the rest: /api/vehicles/by-part/:id). Not metered: it details a part that
 * a (metered) search already found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: part } = await apiRequest(request, access, {
    record: {
      id: params.id,
      load: (id) => cataloguePartDetail(id, VEHICLES_DEFAULT_PER_PAGE),
      notFound: messages.apiSearch.partNotFound,
    },
  });
  return ok(partDetailView(part));
}

/**
 * PUT /api/parts/:id {code, name, description, category_id, manufacturer, mercado_livre_link,
 * compatible_vehicle_ids} (admin): the part's fields; the vehicles only when the list is sent.
 * DELETE /api/parts/:id (admin): with its alternative codes and fitments.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const record = pathId(params.id, messages.parts.notFound);
  if (request.method === "DELETE") {
    const { user, record: id } = await apiRequest(request, access, { record });
    const outcome = deletePart(id, user.id);
    if (!outcome.ok) return apiRefusal(outcome);
    return ok({ id: outcome.value.id, code: outcome.value.code }, messages.parts.deleted);
  }
  const {
    user,
    record: id,
    body,
  } = await apiRequest(request, access, {
    record,
    body: apiPartSchema,
  });
  const outcome = updatePart(id, body, user.id);
  if (!outcome.ok) return apiRefusal(outcome, { fieldName: apiFieldName });
  const saved = cataloguePartDetail(id, VEHICLES_DEFAULT_PER_PAGE);
  return ok(saved ? partDetailView(saved) : null, messages.parts.updated);
}
