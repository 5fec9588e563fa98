import type { ActionFunctionArgs } from "@remix-run/node";
import { unlinkVehicle } from "~/models/catalogue/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRecordOr404, apiRequest, pathId } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { DELETE: ["admin"] };

const m = messages.parts;

export const loader = () => methodNotAllowed();

/** DELETE /api/parts/:id/vehicles/:vehicleId — unlinks the vehicle from the part. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, record: id } = await apiRequest(request, access, {
    record: pathId(params.id, m.notFound),
  });
  const vehicleId = apiRecordOr404(pathId(params.vehicleId, m.fitmentNotFound));
  const outcome = unlinkVehicle(id, vehicleId, user.id);
  if (!outcome.ok) return apiRefusal(outcome);
  return ok({ part_id: id, vehicle_id: vehicleId }, m.fitmentUnlinked);
}
