import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { brandView } from "~/api/views/brands";
import { deleteBrand, getBrand, renameBrand } from "~/models/catalogue/index.server";
import { parsePathId } from "~/schemas/api-search";
import { apiBrandSchema } from "~/schemas/catalogue";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], PUT: ["admin"], DELETE: ["admin"] };

const m = messages.catalogue;

/** GET, PUT {name} (renames its vehicles too) and DELETE /api/brands/:id — admin only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const id = parsePathId(params.id);
  const brand = id === null ? undefined : getBrand(id);
  return brand ? ok(brandView(brand)) : fail(m.brandNotFound, 404);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const id = parsePathId(params.id);
  if (request.method === "PUT") {
    if (id === null) return fail(m.brandNotFound, 404);
    const body = await parseJsonBody(request, apiBrandSchema);
    if (!body.ok) return body.response;
    const result = renameBrand(id, body.value, user.id);
    if (!result.ok) return apiRefusal(result);
    return ok(
      { ...brandView(result.value), vehicles_renamed: result.value.vehiclesRenamed },
      m.brandUpdated,
    );
  }
  if (request.method === "DELETE") {
    if (id === null) return fail(m.brandNotFound, 404);
    const result = deleteBrand(id, user.id);
    if (!result.ok) return apiRefusal(result);
    return ok({ id: result.value.id }, m.brandDeleted);
  }
  return methodNotAllowed();
}
