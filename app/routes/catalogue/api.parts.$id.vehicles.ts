import type { ActionFunctionArgs } from "@remix-run/node";
import { linkVehicle } from "~/models/catalogue/index.server";
import { apiFieldName, apiFitmentSchema } from "~/schemas/catalogue/part-api";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest, pathId } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.parts;

/** The list of a part's vehicles is GET /api/vehicles/by-part/:partId. */
export const loader = () => methodNotAllowed();

/** POST /api/parts/:id/vehicles {vehicle_id, notes} — links the vehicle, or updates the notes of the link. */
export async function action({ request, params }: ActionFunctionArgs) {
  const {
    user,
    record: id,
    body,
  } = await apiRequest(request, access, {
    record: pathId(params.id, m.notFound),
    body: apiFitmentSchema,
  });
  const outcome = linkVehicle(id, body, user.id);
  if (!outcome.ok) return apiRefusal(outcome, { fieldName: apiFieldName });
  const data = { part_id: id, vehicle_id: body.vehicleId, notes: body.notes };
  return outcome.value.created ? ok(data, m.fitmentLinked, 201) : ok(data, m.fitmentUpdated);
}
