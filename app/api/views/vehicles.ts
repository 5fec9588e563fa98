import { z } from "zod";
import type { CompatiblePart, VehicleRow } from "~/models/catalogue/index.server";
import { VEHICLE_TYPES } from "~/schemas/catalogue/catalogue";

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
export const vehicleFieldsSchema = z.object({
  brand: z.string(),
  model: z.string(),
  generation: z.string().nullable(),
  year: z.int(),
  version: z.string(),
  engine: z.string().nullable(),
  // Free text: FIPE imports bring values beyond the form's choices.
  fuel: z.string().nullable(),
  transmission: z.string().nullable(),
  body_type: z.string().nullable(),
});

export function vehicleFields(vehicle: VehicleFields): z.infer<typeof vehicleFieldsSchema> {
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
export const vehicleViewSchema = z.object({
  id: z.int(),
  ...vehicleFieldsSchema.shape,
  vehicle_type: z.enum(VEHICLE_TYPES),
  fipe_code: z.string().nullable(),
  compat_count: z.int(),
  /** The spec's screens read either name. */
  compatible_parts_count: z.int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type VehicleView = z.infer<typeof vehicleViewSchema>;

export function vehicleView(vehicle: VehicleRow): VehicleView {
  return {
    id: vehicle.id,
    ...vehicleFields(vehicle),
    vehicle_type: vehicle.vehicleType,
    fipe_code: vehicle.fipeCode,
    compat_count: vehicle.compatibleParts,
    compatible_parts_count: vehicle.compatibleParts,
    created_at: vehicle.createdAt.toISOString(),
    updated_at: vehicle.updatedAt.toISOString(),
  };
}

/** GET /api/vehicles/:id: the vehicle with the parts it fits. */
export const vehicleDetailViewSchema = vehicleViewSchema.extend({
  compatible_parts: z.array(
    z.object({
      part_id: z.int(),
      code: z.string(),
      name: z.string(),
      category_name: z.string().nullable(),
      manufacturer: z.string(),
      notes: z.string().nullable(),
      compatibility_notes: z.string().nullable(),
    }),
  ),
});
export type VehicleDetailView = z.infer<typeof vehicleDetailViewSchema>;

export function vehicleDetailView(
  vehicle: VehicleRow & { parts: CompatiblePart[] },
): VehicleDetailView {
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
