import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { unlinkVehicle } from "~/models/catalogue/index.server";
import { parsePathId } from "~/schemas/api-search";
import { fail, methodNotAllowed, ok } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { DELETE: ["admin"] };

const m = messages.parts;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return methodNotAllowed();
}

/** DELETE /api/parts/:id/vehicles/:vehicleId — unlinks the vehicle from the part. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "DELETE") return methodNotAllowed();
  const id = parsePathId(params.id);
  if (id === null) return fail(m.notFound, 404);
  const vehicleId = parsePathId(params.vehicleId);
  if (vehicleId === null) return fail(m.fitmentNotFound, 404);
  const outcome = unlinkVehicle(id, vehicleId, user.id);
  if (!outcome.ok) return apiRefusal(outcome);
  return ok({ part_id: id, vehicle_id: vehicleId }, m.fitmentUnlinked);
}
