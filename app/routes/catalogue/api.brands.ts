import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { brandView } from "~/api/views/brands";
import { createBrand, listBrands } from "~/models/catalogue/index.server";
import { apiBrandSchema } from "~/schemas/catalogue/catalogue";
import { ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], POST: ["admin"] };

/** GET /api/brands — the brand list with ids (admin); POST {name} (admin). Names only: /api/vehicles/brands. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return ok(listBrands().map(brandView));
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: apiBrandSchema });
  const result = createBrand(body, user.id);
  if (!result.ok) return apiRefusal(result);
  return ok(brandView(result.value), messages.catalogue.brandCreated, 201);
}
