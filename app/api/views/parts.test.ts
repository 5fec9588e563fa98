import { describe, expect, it } from "vitest";
import type { CataloguePart, CompatibleVehicle } from "~/models/catalogue/index.server";
import { partDetailView, partListView } from "./parts";

const hit: CataloguePart = {
  id: 1,
  code: "BR-123",
  name: "Pastilha de freio",
  description: null,
  manufacturer: "TRW",
  categoryId: 4,
  categoryName: "Freios",
  mercadoLivreLink: null,
  imageUrl: null,
  match: "alternative",
  viaCode: "XY-9",
  alternativeCodes: [{ id: 8, partId: 1, alternativeCode: "XY-9", description: "Bosch" }],
  compatCount: 12,
};

const vehicle: CompatibleVehicle = {
  id: 30,
  brand: "Fiat",
  model: "Uno",
  generation: null,
  year: 2012,
  version: "1.0",
  engine: null,
  fuel: null,
  transmission: null,
  bodyType: null,
  notes: "Dianteira",
  position: "front",
  side: null,
  yearFrom: null,
  yearTo: null,
};

describe("part views", () => {
  it("lists a hit with the code it was found through, its category under both names and its count", () => {
    const [view] = partListView([hit]);
    expect(view).toMatchObject({
      category_name: "Freios",
      category: "Freios",
      found_via: "XY-9",
      match: "alternative",
      compat_count: 12,
      alternative_codes: [{ id: 8, alternative_code: "XY-9", description: "Bosch" }],
    });
  });

  it("counts every compatible vehicle in the detail, not only the first page", () => {
    const view = partDetailView({
      ...hit,
      vehicles: { items: [vehicle], total: 25, page: 1, pages: 3, perPage: 10 },
    });
    expect(view.compat_count).toBe(25);
    expect(view.compatible_vehicles).toHaveLength(1);
    expect(view.compatible_vehicles[0]).toMatchObject({
      id: 30,
      vehicle_id: 30,
      notes: "Dianteira",
      compatibility_notes: "Dianteira",
    });
  });
});
