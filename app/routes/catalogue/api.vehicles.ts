import type { ActionFunctionArgs } from "@remix-run/node";
import { vehicleView } from "~/api/views/vehicles";
import { createVehicle } from "~/models/catalogue/index.server";
import { apiVehicleSchema } from "~/schemas/catalogue/catalogue";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

/** GET lists live at /api/vehicles/search. */
export const loader = () => methodNotAllowed();

/** POST /api/vehicles {brand, model, generation, year, version, engine, fuel, transmission, body_type, vehicle_type} — admin. */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: apiVehicleSchema });
  const result = createVehicle(body, user.id);
  if (!result.ok) return apiRefusal(result);
  return ok(vehicleView(result.value), messages.catalogue.vehicleCreated, 201);
}
