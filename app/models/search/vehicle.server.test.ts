import { beforeAll, describe, expect, it } from "vitest";
import {
  createCategory,
  createPart,
  createPlan,
  createUser,
  fit,
} from "../../../tests/support/factories";
import { createVehicles } from "../../../tests/support/vehicles";
import { groupByCategory, searchByVehicle, vehiclePickerOptions } from "./vehicle.server";

beforeAll(() => {
  createPlan({ name: "Gratuito VS", priceCents: null, creditsPerMonth: 1500, sortOrder: -1 });
  const brakes = createCategory("Freios VS");
  const filters = createCategory("Filtros VS");
  const { gol14, gol15a, gol15b } = createVehicles({
    gol14: ["Volkswagen", "Gol", 2014, { version: "1.0 MPI" }],
    gol15a: ["Volkswagen", "Gol", 2015, { version: "1.0 MPI" }],
    gol15b: ["Volkswagen", "Gol", 2015, { version: "1.6 MSI" }],
    uno: ["Fiat", "Uno", 2015, { version: "Attractive 1.0" }],
  });
  const pad = createPart({ code: "VS-PAD", name: "Pastilha", categoryId: brakes.id });
  const oil = createPart({ code: "VS-OIL", name: "Filtro de óleo", categoryId: filters.id });
  const disc = createPart({ code: "VS-DISC", name: "Disco", categoryId: brakes.id });
  fit(pad.id, gol15a.id, "Eixo dianteiro");
  fit(pad.id, gol15b.id);
  fit(oil.id, gol15b.id);
  fit(disc.id, gol14.id);
});

describe("vehicle picker", () => {
  it("offers each level only once the one above is chosen, and drops stale choices", () => {
    const start = vehiclePickerOptions({});
    expect(start.brands).toEqual(["Fiat", "Volkswagen"]);
    expect(start.models).toEqual([]);
    const vw = vehiclePickerOptions({ brand: "Volkswagen", model: "Gol", year: 2015 });
    expect(vw.models).toEqual(["Gol"]);
    expect(vw.years).toEqual([2015, 2014]);
    expect(vw.versions).toEqual(["1.0 MPI", "1.6 MSI"]);
    const switched = vehiclePickerOptions({ brand: "Fiat", model: "Gol", year: 2015 });
    expect(switched.selected).toEqual({
      brand: "Fiat",
      model: undefined,
      year: undefined,
      version: undefined,
    });
  });
});

describe("search by vehicle", () => {
  it("lists the parts of every version of the year, grouped by category, and meters it once a day", async () => {
    const { user } = await createUser();
    const now = new Date("2026-05-05T12:00:00Z");
    const outcome = searchByVehicle(user, { brand: "Volkswagen", model: "Gol", year: 2015 }, now);
    expect(outcome.status).toBe("ok");
    if (outcome.status !== "ok") return;
    expect(outcome.hits.map((p) => p.code).sort()).toEqual(["VS-OIL", "VS-PAD"]);
    expect(outcome.charged).toBe(true);
    expect(groupByCategory(outcome.hits, "Outras").map((g) => g.category)).toEqual([
      "Filtros VS",
      "Freios VS",
    ]);
    const again = searchByVehicle(user, { brand: "Volkswagen", model: "Gol", year: 2015 }, now);
    expect(again.status === "ok" && again.charged).toBe(false);
  });

  it("narrows to one version", async () => {
    const { user } = await createUser();
    const outcome = searchByVehicle(user, {
      brand: "Volkswagen",
      model: "Gol",
      year: 2015,
      version: "1.0 MPI",
    });
    expect(outcome.status === "ok" && outcome.hits.map((p) => [p.code, p.notes])).toEqual([
      ["VS-PAD", "Eixo dianteiro"],
    ]);
  });
});
