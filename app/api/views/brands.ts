import { z } from "zod";
import type { BrandRow } from "~/models/catalogue/index.server";

/** The spec's Brand (/api/brands): its name and how many vehicles use it. */
export const brandViewSchema = z.object({
  id: z.int(),
  name: z.string(),
  vehicles_count: z.int(),
});
export type BrandView = z.infer<typeof brandViewSchema>;

export function brandView(brand: BrandRow): BrandView {
  return { id: brand.id, name: brand.name, vehicles_count: brand.vehiclesCount };
}
