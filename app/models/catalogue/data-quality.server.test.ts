import { beforeAll, describe, expect, it } from "vitest";
import { partVehicles } from "~db/schema";
import { db } from "~/utils/db.server";
import { createPart, createVehicle, fit } from "../../../tests/support/factories";
import { createVehicles } from "../../../tests/support/vehicles";
import {
  dataQualityReport,
  duplicateVehicles,
  fitmentsOutsideVehicleYear,
  partsWithoutFitments,
  sharedAlternativeCodes,
  vehiclesWithoutParts,
} from "./data-quality.server";

let ids: Record<string, number>;

beforeAll(() => {
  const filterA = createPart({
    code: "DQ-100",
    name: "Filtro A",
    alternatives: ["ALT-7 7", "SOLO-1"],
  });
  const filterB = createPart({
    code: "DQ-200",
    name: "Filtro B",
    manufacturer: "Outra",
    alternatives: ["alt77"],
  });
  const lonely = createPart({ code: "DQ-300", name: "Peça sem aplicação" });
  const { gol, golAgain, golOtherYear, uno } = createVehicles({
    gol: ["Volkswagen", "Gol", 2015, { version: "1.0 MPI" }],
    golAgain: ["VOLKSWAGEN", "gol", 2015, { version: "1.0 mpi " }],
    golOtherYear: ["Volkswagen", "Gol", 2016, { version: "1.0 MPI" }],
    uno: ["Fiat", "Uno", 2012, { version: "1.0 Fire" }],
  });
  fit(filterA.id, gol.id);
  fit(filterB.id, golOtherYear.id);
  db()
    .insert(partVehicles)
    .values({ partId: filterA.id, vehicleId: uno.id, yearFrom: 2014, yearTo: 2018 })
    .run();
  db()
    .insert(partVehicles)
    .values({ partId: filterB.id, vehicleId: golAgain.id, yearFrom: 2010, yearTo: 2015 })
    .run();
  ids = {
    filterA: filterA.id,
    filterB: filterB.id,
    lonely: lonely.id,
    gol: gol.id,
    golAgain: golAgain.id,
    uno: uno.id,
  };
});

/** The one problem a check finds: it must count and list exactly one. */
async function onlyProblem<Row>(check: Promise<{ total: number; rows: Row[] }>): Promise<Row> {
  const { total, rows } = await check;
  expect(total).toBe(1);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("data quality checks", () => {
  it("finds an alternative code (normalised) shared by different parts", async () => {
    const shared = await onlyProblem(sharedAlternativeCodes());
    expect(shared).toMatchObject({ codeNorm: "ALT77", code: "ALT-7 7" });
    expect(shared.parts.map((p) => p.id)).toEqual([ids.filterA, ids.filterB]);
  });

  it("finds parts without any fitment", async () => {
    expect(await onlyProblem(partsWithoutFitments())).toEqual({
      id: ids.lonely,
      code: "DQ-300",
      name: "Peça sem aplicação",
      manufacturer: "Fabricante Teste",
    });
  });

  it("finds vehicles without parts", async () => {
    createVehicle({ brand: "Honda", model: "Fit", year: 2018, version: "EX 1.5" });
    expect(await onlyProblem(vehiclesWithoutParts())).toMatchObject({
      brand: "Honda",
      model: "Fit",
      year: 2018,
      vehicleType: "carros",
    });
  });

  it("finds fitments whose year range leaves out the vehicle's year", async () => {
    expect(await onlyProblem(fitmentsOutsideVehicleYear())).toMatchObject({
      partId: ids.filterA,
      partCode: "DQ-100",
      vehicleId: ids.uno,
      vehicleYear: 2012,
      yearFrom: 2014,
      yearTo: 2018,
      vehicleLabel: "Fiat Uno 1.0 Fire",
    });
  });

  it("finds duplicate vehicles regardless of letter case and stray spaces", async () => {
    const duplicate = await onlyProblem(duplicateVehicles());
    expect(duplicate).toMatchObject({
      brand: "Volkswagen",
      model: "Gol",
      year: 2015,
      version: "1.0 MPI",
    });
    expect(duplicate.vehicles.map((v) => v.id)).toEqual([ids.gol, ids.golAgain]);
  });

  it("caps every list but not its count", async () => {
    for (let i = 0; i < 3; i++) createPart({ code: `DQ-CAP-${i}`, name: `Sem aplicação ${i}` });
    const report = await dataQualityReport(2);
    expect(report.partsWithoutFitments.total).toBe(4);
    expect(report.partsWithoutFitments.rows).toHaveLength(2);
    expect(Object.keys(report)).toEqual([
      "sharedAlternativeCodes",
      "partsWithoutFitments",
      "vehiclesWithoutParts",
      "fitmentsOutsideVehicleYear",
      "duplicateVehicles",
    ]);
  });
});

describe("reading the catalogue in steps", () => {
  beforeAll(() => {
    // More of every problem, with ids in another order than the lists': brands and codes that
    // sort before the earlier ones come later, so steps must merge their firsts.
    const zeta = createPart({ code: "DQ-ZZZ", name: "Zeta", alternatives: ["SHARED-9"] });
    const alpha = createPart({
      code: "DQ-AAA",
      name: "Alfa",
      alternatives: ["shared9", "SHARED-1"],
    });
    const beta = createPart({ code: "DQ-BBB", name: "Beta", alternatives: ["shared-1"] });
    const audi = createVehicle({ brand: "Audi", model: "A3", year: 2001, version: "1.8" });
    const chery = createVehicle({ brand: "Chery", model: "QQ", year: 2011, version: "1.0" });
    createVehicle({ brand: "BMW", model: "320i", year: 2019, version: "2.0" });
    const audiAgain = createVehicle({ brand: " AUDI", model: "a3", year: 2001, version: "1.8" });
    db().insert(partVehicles).values({ partId: zeta.id, vehicleId: audiAgain.id }).run();
    createVehicle({ brand: "Agrale", model: "Marruá", year: 2010, version: "2.8" });
    for (const [partId, vehicleId, yearFrom, yearTo] of [
      [zeta.id, audi.id, 2005, 2010],
      [alpha.id, chery.id, 2012, null],
      [beta.id, audi.id, null, 2000],
      [alpha.id, audi.id, 1990, 2000],
    ] as const) {
      db().insert(partVehicles).values({ partId, vehicleId, yearFrom, yearTo }).run();
    }
  });

  it("finds the same problems and the same firsts whatever the step size", async () => {
    const whole = await dataQualityReport(20, 1_000_000);
    expect(whole.fitmentsOutsideVehicleYear.total).toBe(5);
    expect(whole.sharedAlternativeCodes.total).toBe(3);
    for (const limit of [1, 2, 3, 20]) {
      const expected = await dataQualityReport(limit, 1_000_000);
      for (const stepRows of [1, 2, 3, 5]) {
        expect(
          await dataQualityReport(limit, stepRows),
          `limit ${limit}, step ${stepRows}`,
        ).toEqual(expected);
      }
      expect(expected.fitmentsOutsideVehicleYear.rows).toEqual(
        whole.fitmentsOutsideVehicleYear.rows.slice(0, limit),
      );
      expect(expected.vehiclesWithoutParts.rows).toEqual(
        whole.vehiclesWithoutParts.rows.slice(0, limit),
      );
    }
    expect(whole.fitmentsOutsideVehicleYear.rows.map((row) => row.partCode)).toEqual([
      "DQ-100",
      "DQ-AAA",
      "DQ-AAA",
      "DQ-BBB",
      "DQ-ZZZ",
    ]);
    expect(whole.vehiclesWithoutParts.rows.map((row) => row.brand)).toEqual([
      "Agrale",
      "BMW",
      "Honda",
    ]);
    // Duplicates of several brands, in the compared brand's order, capped across brands.
    expect(whole.duplicateVehicles.total).toBe(2);
    expect(whole.duplicateVehicles.rows.map((row) => `${row.brand} ${row.model}`)).toEqual([
      "Audi A3",
      "Volkswagen Gol",
    ]);
    expect((await dataQualityReport(1, 1_000_000)).duplicateVehicles).toEqual({
      total: 2,
      rows: [whole.duplicateVehicles.rows[0]],
    });
    expect(whole.sharedAlternativeCodes.rows.map((row) => row.codeNorm)).toEqual([
      "ALT77",
      "SHARED1",
      "SHARED9",
    ]);
  });

  it("lets the process answer other work between steps", async () => {
    const order: string[] = [];
    const report = dataQualityReport(20, 1).then(() => order.push("report"));
    setImmediate(() => order.push("other work"));
    await report;
    expect(order).toEqual(["other work", "report"]);
  });

  it("reads the catalogue once for callers that ask at the same time", async () => {
    const first = dataQualityReport();
    expect(dataQualityReport()).toBe(first);
    const report = await first;
    const again = dataQualityReport();
    expect(again).not.toBe(first);
    expect(await again).toEqual(report);
  });
});
