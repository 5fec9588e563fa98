import type { CompatiblePart, VehicleRow } from "~/models/catalogue/index.server";

type VehicleFields = Pick<
  VehicleRow,
  | "brand"
  | "model"
  | "generation"
  | "year"
  | "version"
  | "engine"
  | "fuel"
  | "transmission"
  | "bodyType"
>;

/** The fields every Vehicle shape of the spec shares, in the order the answers show them. */
export function vehicleFields(vehicle: VehicleFields) {
  return {
    brand: vehicle.brand,
    model: vehicle.model,
    generation: vehicle.generation,
    year: vehicle.year,
    version: vehicle.version,
    engine: vehicle.engine,
    fuel: vehicle.fuel,
    transmission: vehicle.transmission,
    body_type: vehicle.bodyType,
  };
}

/** The spec's Vehicle of the back office (/api/vehicles). */
export function vehicleView(vehicle: VehicleRow) {
  return {
    id: vehicle.id,
    ...vehicleFields(vehicle),
    vehicle_type: vehicle.vehicleType,
    fipe_code: vehicle.fipeCode,
    compat_count: vehicle.compatibleParts,
    /** The spec's screens read either name. */
    compatible_parts_count: vehicle.compatibleParts,
    created_at: vehicle.createdAt.toISOString(),
    updated_at: vehicle.updatedAt.toISOString(),
  };
}

/** GET /api/vehicles/:id: the vehicle with the parts it fits. */
export function vehicleDetailView(vehicle: VehicleRow & { parts: CompatiblePart[] }) {
  return {
    ...vehicleView(vehicle),
    compatible_parts: vehicle.parts.map((part) => ({
      part_id: part.partId,
      code: part.code,
      name: part.name,
      category_name: part.categoryName,
      manufacturer: part.manufacturer,
      notes: part.notes,
      compatibility_notes: part.notes,
    })),
  };
}
