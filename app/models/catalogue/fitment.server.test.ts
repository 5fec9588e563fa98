import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { partVehicles } from "~db/schema";
import { db } from "~/utils/db.server";
import { createPart, createVehicle, fit } from "../../../tests/support/factories";
import {
  mergeYearSpans,
  vehicleGroupsForPart,
  vehiclesForPart,
  VEHICLE_GROUPS_PER_PAGE,
} from "./fitment.server";

function fitWith(
  partId: number,
  vehicleId: number,
  fields: { position?: string; side?: string; yearFrom?: number; yearTo?: number; notes?: string },
) {
  fit(partId, vehicleId, fields.notes);
  db()
    .update(partVehicles)
    .set({
      position: fields.position ?? null,
      side: fields.side ?? null,
      yearFrom: fields.yearFrom ?? null,
      yearTo: fields.yearTo ?? null,
    })
    .where(eq(partVehicles.vehicleId, vehicleId))
    .run();
}

describe("mergeYearSpans", () => {
  it("joins overlapping and consecutive years, keeps gaps", () => {
    expect(
      mergeYearSpans([
        [2013, 2014],
        [2010, 2012],
        [2016, 2016],
        [2011, 2011],
      ]),
    ).toEqual([
      [2010, 2014],
      [2016, 2016],
    ]);
    expect(mergeYearSpans([])).toEqual([]);
  });
});

describe("vehicleGroupsForPart", () => {
  let pad: number;
  beforeAll(() => {
    pad = createPart({ code: "GRP-PAD", name: "Pastilha agrupada" }).id;
    const golG5 = [2010, 2011, 2012].flatMap((year) => [
      createVehicle({
        brand: "Volkswagen",
        model: "Gol Grupo",
        generation: "G5",
        year,
        version: "1.0 Trend",
        engine: "1.0 8V",
        fuel: "Flex",
      }),
      createVehicle({
        brand: "Volkswagen",
        model: "Gol Grupo",
        generation: "G5",
        year,
        version: "Power 1.6",
        engine: "1.6 8V",
        fuel: "Flex",
      }),
    ]);
    for (const v of golG5) fitWith(pad, v.id, { position: "dianteiro", notes: "Eixo dianteiro" });
    // A single row that stands for 2014–2016 through its fitment years.
    const g6 = createVehicle({
      brand: "Volkswagen",
      model: "Gol Grupo",
      generation: "G6",
      year: 2014,
      version: "1.0 Trendline",
    });
    fitWith(pad, g6.id, { position: "dianteiro", yearFrom: 2014, yearTo: 2016 });
    // Rear fitment of the same model: its own group.
    const rear = createVehicle({
      brand: "Volkswagen",
      model: "Gol Grupo",
      generation: "G5",
      year: 2011,
      version: "1.0 Trend",
    });
    fitWith(pad, rear.id, { position: "traseiro" });
    // Gap in the years.
    for (const year of [2015, 2016, 2019]) {
      const uno = createVehicle({ brand: "Fiat", model: "Uno Grupo", year, version: "Way 1.0" });
      fitWith(pad, uno.id, {});
    }
  });

  it("gives one entry per model, generation and position with merged years, versions and engines", () => {
    const page = vehicleGroupsForPart(pad);
    expect(page).toMatchObject({ total: 11, groups: 4, page: 1, pages: 1 });
    expect(page.items).toEqual([
      {
        brand: "Fiat",
        model: "Uno Grupo",
        generation: null,
        years: [
          [2015, 2016],
          [2019, 2019],
        ],
        versions: ["Way 1.0"],
        engines: [],
        fuels: [],
        position: null,
        side: null,
        notes: [],
        vehicles: 3,
      },
      {
        brand: "Volkswagen",
        model: "Gol Grupo",
        generation: "G5",
        years: [[2010, 2012]],
        versions: ["1.0 Trend", "Power 1.6"],
        engines: ["1.0 8V", "1.6 8V"],
        fuels: ["Flex"],
        position: "dianteiro",
        side: null,
        notes: ["Eixo dianteiro"],
        vehicles: 6,
      },
      expect.objectContaining({ generation: "G5", position: "traseiro", years: [[2011, 2011]] }),
      expect.objectContaining({ generation: "G6", years: [[2014, 2016]], vehicles: 1 }),
    ]);
  });

  it("pages by group and lands on the last page when asked past the end", () => {
    const part = createPart({ code: "GRP-MANY", name: "Filtro agrupado" }).id;
    const models = VEHICLE_GROUPS_PER_PAGE + 2;
    for (let i = 0; i < models; i++) {
      for (const year of [2018, 2019]) {
        fit(
          part,
          createVehicle({
            brand: "Marca Grupo",
            model: `Modelo ${String(i).padStart(2, "0")}`,
            year,
          }).id,
        );
      }
    }
    const first = vehicleGroupsForPart(part);
    expect(first).toMatchObject({ total: models * 2, groups: models, pages: 2 });
    expect(first.items).toHaveLength(VEHICLE_GROUPS_PER_PAGE);
    const last = vehicleGroupsForPart(part, 99);
    expect(last.page).toBe(2);
    expect(last.items.map((g) => g.model)).toEqual(
      [models - 2, models - 1].map((i) => `Modelo ${String(i).padStart(2, "0")}`),
    );
    // The one-row-per-vehicle listing keeps its contract.
    expect(vehiclesForPart(part).total).toBe(models * 2);
  });

  it("is empty for a part that fits nothing", () => {
    const bare = createPart({ code: "GRP-NONE", name: "Peça sem veículo" }).id;
    expect(vehicleGroupsForPart(bare)).toEqual({
      items: [],
      total: 0,
      groups: 0,
      page: 1,
      pages: 1,
      perPage: VEHICLE_GROUPS_PER_PAGE,
    });
  });
});
