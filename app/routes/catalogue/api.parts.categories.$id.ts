import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { categoryView } from "~/api/views/categories";
import { deleteCategory, getCategory, updateCategory } from "~/models/catalogue/index.server";
import { parsePathId } from "~/schemas/api-search";
import { apiCategorySchema } from "~/schemas/catalogue";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: "signed-in", PUT: ["admin"], DELETE: ["admin"] };

const m = messages.catalogue;

/** GET /api/parts/categories/:id (any signed-in user); PUT {name, description} and DELETE (admin). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const id = parsePathId(params.id);
  const category = id === null ? undefined : getCategory(id);
  return category ? ok(categoryView(category)) : fail(m.categoryNotFound, 404);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const id = parsePathId(params.id);
  if (request.method === "PUT") {
    if (id === null) return fail(m.categoryNotFound, 404);
    const body = await parseJsonBody(request, apiCategorySchema);
    if (!body.ok) return body.response;
    const result = updateCategory(id, body.value, user.id);
    if (!result.ok) return apiRefusal(result);
    return ok(categoryView(result.value), m.categoryUpdated);
  }
  if (request.method === "DELETE") {
    if (id === null) return fail(m.categoryNotFound, 404);
    const result = deleteCategory(id, user.id);
    if (!result.ok) return apiRefusal(result);
    return ok({ id: result.value.id }, m.categoryDeleted);
  }
  return methodNotAllowed();
}
