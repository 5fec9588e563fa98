import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { categoryView } from "~/api/views/categories";
import { deleteCategory, getCategory, updateCategory } from "~/models/catalogue/index.server";
import { apiCategorySchema } from "~/schemas/catalogue/catalogue";
import { ok } from "~/server/api.server";
import { apiRequest, pathId } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: "signed-in", PUT: ["admin"], DELETE: ["admin"] };

const m = messages.catalogue;

/** GET /api/parts/categories/:id (any signed-in user); PUT {name, description} and DELETE (admin). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: category } = await apiRequest(request, access, {
    record: { id: params.id, load: getCategory, notFound: m.categoryNotFound },
  });
  return ok(categoryView(category));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "DELETE") {
    const { user, record: id } = await apiRequest(request, access, {
      record: pathId(params.id, m.categoryNotFound),
    });
    const result = deleteCategory(id, user.id);
    if (!result.ok) return apiRefusal(result);
    return ok({ id: result.value.id }, m.categoryDeleted);
  }
  const {
    user,
    record: id,
    body,
  } = await apiRequest(request, access, {
    record: pathId(params.id, m.categoryNotFound),
    body: apiCategorySchema,
  });
  const result = updateCategory(id, body, user.id);
  if (!result.ok) return apiRefusal(result);
  return ok(categoryView(result.value), m.categoryUpdated);
}
