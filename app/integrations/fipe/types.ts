/** The FIPE v1 vehicle types, as its paths spell them; also the app's `vehicles.vehicle_type`. */
export const FIPE_VEHICLE_TYPES = ["carros", "motos", "caminhoes"] as const;
export type FipeVehicleType = (typeof FIPE_VEHICLE_TYPES)[number];
