import type { PartInput } from "~/models/catalogue/part-write.server";
import { createCategory, createPickerVehicles, createUser } from "./factories";

/**
 * The part write tests' shared ground: an admin who writes, the "Freios Modelo" category and, when
 * `vehicleIds` is given, the picker's vehicles pushed into it.
 */
export async function seedPartFixture(options: { vehicleIds?: number[] } = {}) {
  const adminId = (await createUser({ role: "admin" })).user.id;
  const categoryId = createCategory("Freios Modelo").id;
  options.vehicleIds?.push(...createPickerVehicles());
  return { adminId, categoryId };
}

/** A valid part in `categoryId`, "PF-100" by Cobreq unless `overrides` say otherwise. */
export function partInput(categoryId: number, overrides: Partial<PartInput> = {}): PartInput {
  return {
    code: "PF-100",
    name: "Pastilha de freio",
    description: null,
    categoryId,
    manufacturer: "Cobreq",
    mercadoLivreLink: null,
    alternativeCodes: [],
    fitments: [],
    ...overrides,
  };
}
