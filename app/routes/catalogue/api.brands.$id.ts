import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { brandView } from "~/api/views/brands";
import { deleteBrand, getBrand, renameBrand } from "~/models/catalogue/index.server";
import { apiBrandSchema } from "~/schemas/catalogue/catalogue";
import { ok } from "~/server/api.server";
import { apiRequest, pathId } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], PUT: ["admin"], DELETE: ["admin"] };

const m = messages.catalogue;

/** GET, PUT {name} (renames its vehicles too) and DELETE /api/brands/:id — admin only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: brand } = await apiRequest(request, access, {
    record: { id: params.id, load: getBrand, notFound: m.brandNotFound },
  });
  return ok(brandView(brand));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "DELETE") {
    const { user, record: id } = await apiRequest(request, access, {
      record: pathId(params.id, m.brandNotFound),
    });
    const result = deleteBrand(id, user.id);
    if (!result.ok) return apiRefusal(result);
    return ok({ id: result.value.id }, m.brandDeleted);
  }
  const {
    user,
    record: id,
    body,
  } = await apiRequest(request, access, {
    record: pathId(params.id, m.brandNotFound),
    body: apiBrandSchema,
  });
  const result = renameBrand(id, body, user.id);
  if (!result.ok) return apiRefusal(result);
  return ok(
    { ...brandView(result.value), vehicles_renamed: result.value.vehiclesRenamed },
    m.brandUpdated,
  );
}
