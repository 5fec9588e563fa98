import { beforeAll, describe, expect, it } from "vitest";
import { partVehicles } from "~db/schema";
import { db } from "~/utils/db.server";
import { createPart, createVehicle, fit } from "../../tests/support/factories";
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
  const gol = createVehicle({ brand: "Volkswagen", model: "Gol", year: 2015, version: "1.0 MPI" });
  const golAgain = createVehicle({
    brand: "VOLKSWAGEN",
    model: "gol",
    year: 2015,
    version: "1.0 mpi ",
  });
  const golOtherYear = createVehicle({
    brand: "Volkswagen",
    model: "Gol",
    year: 2016,
    version: "1.0 MPI",
  });
  const uno = createVehicle({ brand: "Fiat", model: "Uno", year: 2012, version: "1.0 Fire" });
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

describe("data quality checks", () => {
  it("finds an alternative code (normalised) shared by different parts", () => {
    const check = sharedAlternativeCodes();
    expect(check.total).toBe(1);
    expect(check.rows[0]).toMatchObject({ codeNorm: "ALT77", code: "ALT-7 7" });
    expect(check.rows[0]!.parts.map((p) => p.id)).toEqual([ids.filterA, ids.filterB]);
  });

  it("finds parts without any fitment", () => {
    const check = partsWithoutFitments();
    expect(check.total).toBe(1);
    expect(check.rows).toEqual([
      {
        id: ids.lonely,
        code: "DQ-300",
        name: "Peça sem aplicação",
        manufacturer: "Fabricante Teste",
      },
    ]);
  });

  it("finds vehicles without parts", () => {
    createVehicle({ brand: "Honda", model: "Fit", year: 2018, version: "EX 1.5" });
    const check = vehiclesWithoutParts();
    expect(check.total).toBe(1);
    expect(check.rows[0]).toMatchObject({
      brand: "Honda",
      model: "Fit",
      year: 2018,
      vehicleType: "carros",
    });
  });

  it("finds fitments whose year range leaves out the vehicle's year", () => {
    const check = fitmentsOutsideVehicleYear();
    expect(check.total).toBe(1);
    expect(check.rows[0]).toMatchObject({
      partId: ids.filterA,
      partCode: "DQ-100",
      vehicleId: ids.uno,
      vehicleYear: 2012,
      yearFrom: 2014,
      yearTo: 2018,
      vehicleLabel: "Fiat Uno 1.0 Fire",
    });
  });

  it("finds duplicate vehicles regardless of letter case and stray spaces", () => {
    const check = duplicateVehicles();
    expect(check.total).toBe(1);
    expect(check.rows[0]).toMatchObject({
      brand: "Volkswagen",
      model: "Gol",
      year: 2015,
      version: "1.0 MPI",
    });
    expect(check.rows[0]!.vehicles.map((v) => v.id)).toEqual([ids.gol, ids.golAgain]);
  });

  it("caps every list but not its count", () => {
    for (let i = 0; i < 3; i++) createPart({ code: `DQ-CAP-${i}`, name: `Sem aplicação ${i}` });
    const report = dataQualityReport(2);
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
