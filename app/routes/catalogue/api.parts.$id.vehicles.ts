import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { linkVehicle } from "~/models/catalogue/index.server";
import { parsePathId } from "~/schemas/api-search";
import { apiFieldName, apiFitmentSchema } from "~/schemas/part-api";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.parts;

/** The list of a part's vehicles is GET /api/vehicles/by-part/:partId. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return methodNotAllowed();
}

/** POST /api/parts/:id/vehicles {vehicle_id, notes} — links the vehicle, or updates the notes of the link. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "POST") return methodNotAllowed();
  const id = parsePathId(params.id);
  if (id === null) return fail(m.notFound, 404);
  const body = await parseJsonBody(request, apiFitmentSchema);
  if (!body.ok) return body.response;
  const outcome = linkVehicle(id, body.value, user.id);
  if (!outcome.ok) return apiRefusal(outcome, { fieldName: apiFieldName });
  const data = { part_id: id, vehicle_id: body.value.vehicleId, notes: body.value.notes };
  return outcome.value.created ? ok(data, m.fitmentLinked, 201) : ok(data, m.fitmentUpdated);
}
