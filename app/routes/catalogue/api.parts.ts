import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { partAdminListView, partDetailView } from "~/api/views/parts";
import {
  cataloguePartDetail,
  createPart,
  queryParts,
  withAlternativeCodes,
} from "~/models/catalogue/index.server";
import { VEHICLES_DEFAULT_PER_PAGE } from "~/schemas/search/api-search";
import { apiFieldName, apiPartListSchema, apiPartSchema } from "~/schemas/catalogue/part-api";
import { ok, type Envelope } from "~/server/api.server";
import { apiRequest, requireQuery } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], POST: ["admin"] };

const m = messages.parts;

/**
 * GET /api/parts?q&category_id&limit&offset — the admin parts list, a window at a time; `total`
 * (beside `data`) counts every match. Not a metered search: it is the back-office list.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const { q, category_id: categoryId, limit, offset } = requireQuery(request, apiPartListSchema);
  const { items, total } = await queryParts({ q, categoryId }, limit, offset);
  const body: Envelope<ReturnType<typeof partAdminListView>> & {
    total: number;
    limit: number;
    offset: number;
  } = {
    success: true,
    data: partAdminListView(withAlternativeCodes(items)),
    total,
    limit,
    offset,
    message: messages.api.emptySuccess,
  };
  return Response.json(body);
}

/** POST /api/parts {code, name, description, category_id, manufacturer, mercado_livre_link, compatible_vehicle_ids} */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: apiPartSchema });
  const outcome = createPart({ ...body, fitments: body.fitments ?? [] }, user.id);
  if (!outcome.ok) return apiRefusal(outcome, { fieldName: apiFieldName });
  const saved = cataloguePartDetail(outcome.value.id, VEHICLES_DEFAULT_PER_PAGE);
  return ok(saved ? partDetailView(saved) : null, m.created, 201);
}
