import type { LoaderFunctionArgs } from "@remix-run/node";
import { vehiclePageView } from "~/api/views/parts";
import { partExists, vehiclesForPart } from "~/models/catalogue/index.server";
import { apiVehiclesByPartSchema } from "~/schemas/search/api-search";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest, requireQuery } from "~/server/api-request.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: "signed-in" };

/** GET /api/vehicles/by-part/:partId?page&per_page — the vehicles a part fits, a page at a time. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: partId } = await apiRequest(request, access, {
    record: {
      id: params.partId,
      load: (id) => (partExists(id) ? id : null),
      notFound: messages.apiSearch.partNotFound,
    },
  });
  const { page, per_page } = requireQuery(request, apiVehiclesByPartSchema);
  return ok(vehiclePageView(vehiclesForPart(partId, page, per_page)));
}

export const action = () => methodNotAllowed();
