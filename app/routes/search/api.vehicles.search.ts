import type { LoaderFunctionArgs } from "@remix-run/node";
import { vehicleView } from "~/api/views/vehicles";
import { listVehicles } from "~/models/catalogue/index.server";
import { apiVehicleSearchSchema } from "~/schemas/catalogue/catalogue";
import { methodNotAllowed, type Envelope } from "~/server/api.server";
import { requireQuery } from "~/server/api-request.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"] };

/**
 * GET /api/vehicles/search?limit&offset&q&brand&year&type — the admin vehicle list, a window at a
 * time; `total` (beside `data`, as the spec's client reads it) counts every match.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const { limit, offset, ...filters } = requireQuery(request, apiVehicleSearchSchema);
  const { items, total } = listVehicles(filters, { limit, offset });
  const body: Envelope<ReturnType<typeof vehicleView>[]> & { total: number } = {
    success: true,
    data: items.map(vehicleView),
    total,
    message: messages.api.emptySuccess,
  };
  return Response.json(body);
}

export const action = () => methodNotAllowed();
