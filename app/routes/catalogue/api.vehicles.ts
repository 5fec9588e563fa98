import type { ActionFunctionArgs } from "@remix-run/node";
import { vehicleView } from "~/api/views/vehicles";
import { createVehicle } from "~/models/catalogue/index.server";
import { apiVehicleSchema } from "~/schemas/catalogue";
import { methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

/** GET lists live at /api/vehicles/search. */
export const loader = () => methodNotAllowed();

/** POST /api/vehicles {brand, model, generation, year, version, engine, fuel, transmission, body_type, vehicle_type} — admin. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, apiVehicleSchema);
  if (!body.ok) return body.response;
  const result = createVehicle(body.value, user.id);
  if (!result.ok) return apiRefusal(result);
  return ok(vehicleView(result.value), messages.catalogue.vehicleCreated, 201);
}
