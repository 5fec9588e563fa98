import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { categoryView } from "~/api/views/categories";
import { createCategory, listCategories } from "~/models/catalogue/index.server";
import { apiCategoryListSchema, apiCategorySchema } from "~/schemas/catalogue/catalogue";
import { ok } from "~/server/api.server";
import { apiRequest, requireQuery } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: "signed-in", POST: ["admin"] };

/**
 * GET /api/parts/categories?q — every category with its parts count (any signed-in user: the
 * parts search filters by category_id). POST {name, description} — admin only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const { q } = requireQuery(request, apiCategoryListSchema);
  return ok(listCategories(q).map(categoryView));
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: apiCategorySchema });
  const result = createCategory(body, user.id);
  if (!result.ok) return apiRefusal(result);
  return ok(categoryView(result.value), messages.catalogue.categoryCreated, 201);
}
