import type { BrandRow } from "~/models/catalogue/index.server";

/** The spec's Brand (/api/brands): its name and how many vehicles use it. */
export function brandView(brand: BrandRow) {
  return { id: brand.id, name: brand.name, vehicles_count: brand.vehiclesCount };
}
