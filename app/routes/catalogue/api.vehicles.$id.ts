import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { vehicleDetailView, vehicleView } from "~/api/views/vehicles";
import { deleteVehicle, getVehicleWithParts, updateVehicle } from "~/models/catalogue/index.server";
import { apiVehicleCompatibleIdsSchema, apiVehicleSchema } from "~/schemas/catalogue/catalogue";
import { ok } from "~/server/api.server";
import { apiRequest, pathId, requireJsonBody } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], PUT: ["admin"], DELETE: ["admin"] };

const m = messages.catalogue;

/** GET /api/vehicles/:id — the vehicle with its compatible parts (admin: it lists parts unmetered). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: vehicle } = await apiRequest(request, access, {
    record: { id: params.id, load: getVehicleWithParts, notFound: m.vehicleNotFound },
  });
  return ok(vehicleDetailView(vehicle));
}

/**
 * PUT /api/vehicles/:id — the vehicle's fields, and optionally `compatible_part_ids` (the parts it
 * fits, replacing the current set). DELETE removes it with its fitments. Admin only.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, record: id } = await apiRequest(request, access, {
    record: pathId(params.id, m.vehicleNotFound),
  });
  if (request.method === "DELETE") {
    const result = deleteVehicle(id, user.id);
    if (!result.ok) return apiRefusal(result);
    return ok(
      { id: result.value.id, removed_compatibilities: result.value.removedCompatibilities },
      m.vehicleDeleted,
    );
  }
  // One body read twice: the vehicle's fields, then the parts it fits (their errors come after).
  const fields = await requireJsonBody(request.clone(), apiVehicleSchema);
  const { compatible_part_ids } = await requireJsonBody(request, apiVehicleCompatibleIdsSchema);
  const result = updateVehicle(id, fields, user.id, compatible_part_ids);
  if (!result.ok) return apiRefusal(result);
  return ok(vehicleView(result.value), m.vehicleUpdated);
}
