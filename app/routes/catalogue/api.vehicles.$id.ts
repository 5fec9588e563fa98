import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { vehicleDetailView, vehicleView } from "~/api/views/vehicles";
import { deleteVehicle, getVehicleWithParts, updateVehicle } from "~/models/catalogue/index.server";
import { parsePathId } from "~/schemas/api-search";
import { apiCompatiblePartIdsSchema, apiVehicleSchema } from "~/schemas/catalogue";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], PUT: ["admin"], DELETE: ["admin"] };

const m = messages.catalogue;
const compatibleIdsBody = z.object({ compatible_part_ids: apiCompatiblePartIdsSchema });

/** GET /api/vehicles/:id — the vehicle with its compatible parts (admin: it lists parts unmetered). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const id = parsePathId(params.id);
  const vehicle = id === null ? undefined : getVehicleWithParts(id);
  return vehicle ? ok(vehicleDetailView(vehicle)) : fail(m.vehicleNotFound, 404);
}

/**
 * PUT /api/vehicles/:id — the vehicle's fields, and optionally `compatible_part_ids` (the parts it
 * fits, replacing the current set). DELETE removes it with its fitments. Admin only.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const id = parsePathId(params.id);
  if (request.method === "PUT") {
    if (id === null) return fail(m.vehicleNotFound, 404);
    const fields = await parseJsonBody(request.clone(), apiVehicleSchema);
    if (!fields.ok) return fields.response;
    const compatibility = await parseJsonBody(request, compatibleIdsBody);
    if (!compatibility.ok) return compatibility.response;
    const result = updateVehicle(
      id,
      fields.value,
      user.id,
      compatibility.value.compatible_part_ids,
    );
    if (!result.ok) return apiRefusal(result);
    return ok(vehicleView(result.value), m.vehicleUpdated);
  }
  if (request.method === "DELETE") {
    if (id === null) return fail(m.vehicleNotFound, 404);
    const result = deleteVehicle(id, user.id);
    if (!result.ok) return apiRefusal(result);
    return ok(
      { id: result.value.id, removed_compatibilities: result.value.removedCompatibilities },
      m.vehicleDeleted,
    );
  }
  return methodNotAllowed();
}
