import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { partVehicles, searches, users } from "~db/schema";
import { db } from "~/utils/db.server";
import {
  createCategory,
  createPart,
  createPlan,
  createUser,
  createVehicle,
  fit,
  setDailyAllowance,
} from "../../../tests/support/factories";
import {
  compareKey,
  compareParts,
  comparisonOf,
  fitmentsDiffer,
  resolveCode,
  type PartComparison,
} from "./part-compare.server";
import { searchParts } from "../search/metering.server";

type Part = ReturnType<typeof createPart>;
let pads: Part; // BR-123.456, Freios: Gol (dianteiro), Palio, Uno
let padsTwin: Part; // GDB-1234, Freios: the same three, the same fitments
let oilFilter: Part; // FL-100, Filtros: Gol, Palio
let otherPads: Part; // PD-200, Freios: Gol (traseiro), Palio, Onix
let uncategorised: Part; // NOCAT-1, no category: Gol, Fox
let noVehicles: Part; // NOFIT-1, Freios: none
let farPads: Part; // PD-300, Freios: Fox
let disc: Part; // DISCO-1, Freios, another name: Gol (dianteiro), Palio, Uno

function fitWith(
  partId: number,
  vehicleId: number,
  fields: { position?: string; notes?: string } = {},
) {
  db()
    .insert(partVehicles)
    .values({ partId, vehicleId, position: fields.position ?? null, notes: fields.notes ?? null })
    .run();
}

beforeAll(() => {
  createPlan({ name: "Gratuito PC", priceCents: null, creditsPerMonth: 1500, sortOrder: -1 });
  const freios = createCategory("Freios PC");
  const filtros = createCategory("Filtros PC");
  pads = createPart({
    code: "BR-123.456",
    name: "Pastilha de freio dianteira",
    manufacturer: "Bosch",
    categoryId: freios.id,
    alternatives: ["TRW-BR123", "GDB-1234", "BOSCH 77"],
  });
  padsTwin = createPart({
    code: "GDB-1234",
    name: "Pastilha de Freio Dianteira ",
    manufacturer: "TRW",
    categoryId: freios.id,
  });
  oilFilter = createPart({ code: "FL-100", name: "Filtro de óleo", categoryId: filtros.id });
  otherPads = createPart({
    code: "PD-200",
    name: "Pastilha de freio dianteira",
    categoryId: freios.id,
  });
  uncategorised = createPart({ code: "NOCAT-1", name: "Pastilha de freio dianteira" });
  noVehicles = createPart({
    code: "NOFIT-1",
    name: "Pastilha de freio dianteira",
    categoryId: freios.id,
  });
  farPads = createPart({
    code: "PD-300",
    name: "Pastilha de freio dianteira",
    categoryId: freios.id,
  });
  disc = createPart({ code: "DISCO-1", name: "Disco de freio dianteiro", categoryId: freios.id });

  const gol = createVehicle({ brand: "Volkswagen", model: "Gol", year: 2015 }).id;
  const palio = createVehicle({ brand: "Fiat", model: "Palio", year: 2012 }).id;
  const uno = createVehicle({ brand: "Fiat", model: "Uno", year: 2010 }).id;
  const onix = createVehicle({ brand: "Chevrolet", model: "Onix", year: 2020 }).id;
  const fox = createVehicle({ brand: "Volkswagen", model: "Fox", year: 2011 }).id;

  for (const part of [pads, padsTwin, disc]) {
    fitWith(part.id, gol, { position: "dianteiro" });
    fit(part.id, palio);
    fit(part.id, uno);
  }
  fit(oilFilter.id, gol);
  fit(oilFilter.id, palio);
  fitWith(otherPads.id, gol, { position: "traseiro" });
  fit(otherPads.id, palio, "  ");
  fit(otherPads.id, onix);
  fit(uncategorised.id, gol);
  fit(uncategorised.id, fox);
  fit(farPads.id, fox);
});

const compare = (a: string, b: string, limit?: number) =>
  comparisonOf(resolveCode(a), resolveCode(b), limit);
const names = (list: { items: { model: string }[] }) => list.items.map((v) => v.model);
const summary = (c: PartComparison) => ({
  kind: c.kind,
  samePart: c.samePart,
  a: c.a.part?.id ?? null,
  b: c.b.part?.id ?? null,
  common: [c.common.total, ...names(c.common)],
  onlyA: [c.onlyA.total, ...names(c.onlyA)],
  onlyB: [c.onlyB.total, ...names(c.onlyB)],
});

describe("resolving a code", () => {
  it("follows the exact ladder only: own code first, then alternative codes; no prefixes", () => {
    expect(resolveCode("br 123.456")).toMatchObject({
      part: { id: pads.id, match: "code", viaCode: null },
      otherMatches: 0,
    });
    expect(resolveCode("trw.br-123")).toMatchObject({
      code: "trw.br-123",
      part: { id: pads.id, match: "alternative", viaCode: "TRW-BR123" },
    });
    // GDB-1234 is TRW's own code and an alternative code of the Bosch pads: the own code wins.
    expect(resolveCode("gdb1234")).toMatchObject({
      part: { id: padsTwin.id, match: "code" },
      otherMatches: 1,
    });
    expect(resolveCode("BR-123").part).toBeNull();
    expect(resolveCode("BR1234567").part).toBeNull();
    expect(resolveCode("pastilha").part).toBeNull();
  });
});

describe("the verdict", () => {
  it("same_part: a code and its alternative, two alternatives of one part, or one code twice", () => {
    for (const [a, b] of [
      ["TRW-BR123", "br-123.456"],
      ["TRW-BR123", "Bosch-77"],
      ["BR-123.456", "br123456"],
    ] as const) {
      expect(summary(compare(a, b)), `${a} × ${b}`).toEqual({
        kind: "same_part",
        samePart: true,
        a: pads.id,
        b: pads.id,
        common: [3, "Palio", "Uno", "Gol"],
        onlyA: [0],
        onlyB: [0],
      });
    }
    const same = compare("TRW-BR123", "BOSCH77");
    expect(same.a.part?.viaCode).toBe("TRW-BR123");
    expect(same.b.part?.viaCode).toBe("BOSCH 77");
    expect(same.cautions).toEqual({ namesDiffer: false, uncategorised: [], fitmentDiffers: 0 });
  });

  it("different_kind: two categorised parts of different categories, whatever they fit", () => {
    const result = compare("BR123456", "fl-100");
    expect(summary(result)).toEqual({
      kind: "different_kind",
      samePart: false,
      a: pads.id,
      b: oilFilter.id,
      common: [2, "Palio", "Gol"],
      onlyA: [1, "Uno"],
      onlyB: [0],
    });
    expect(result.a.part?.categoryName).toBe("Freios PC");
    expect(result.b.part?.categoryName).toBe("Filtros PC");
  });

  it("same_vehicles: different parts of one category that fit exactly the same vehicles", () => {
    const result = compare("BR-123.456", "GDB-1234");
    expect(summary(result)).toMatchObject({
      kind: "same_vehicles",
      samePart: false,
      a: pads.id,
      b: padsTwin.id,
      common: [3, "Palio", "Uno", "Gol"],
    });
    // "Pastilha de freio dianteira" and "Pastilha de Freio Dianteira ": one name.
    expect(result.cautions).toEqual({ namesDiffer: false, uncategorised: [], fitmentDiffers: 0 });
    expect(result.a.vehicleCount).toBe(3);
    expect(result.b.vehicleCount).toBe(3);
  });

  it("partly: some vehicles in common, with the fitments that differ marked", () => {
    const result = compare("BR-123.456", "PD-200");
    expect(summary(result)).toEqual({
      kind: "partly",
      samePart: false,
      a: pads.id,
      b: otherPads.id,
      common: [2, "Palio", "Gol"],
      onlyA: [1, "Uno"],
      onlyB: [1, "Onix"],
    });
    const gol = result.common.items.find((v) => v.model === "Gol")!;
    expect(gol).toMatchObject({
      brand: "Volkswagen",
      year: 2015,
      version: "1.0 MPI",
      fitmentDiffers: true,
      fitmentA: { position: "dianteiro" },
      fitmentB: { position: "traseiro" },
    });
    // Blank notes on one side and none on the other say the same thing.
    expect(result.common.items.find((v) => v.model === "Palio")!.fitmentDiffers).toBe(false);
    expect(result.cautions.fitmentDiffers).toBe(1);
    expect(result.onlyB.items[0]).toMatchObject({ model: "Onix", position: null, notes: null });
  });

  it("swapping A and B swaps the 'only' lists and keeps the verdict", () => {
    const result = compare("PD-200", "BR-123.456");
    expect(summary(result)).toMatchObject({
      kind: "partly",
      onlyA: [1, "Onix"],
      onlyB: [1, "Uno"],
    });
  });

  it("no_common_vehicles: same category, no vehicle in common", () => {
    expect(summary(compare("BR-123.456", "PD-300"))).toEqual({
      kind: "no_common_vehicles",
      samePart: false,
      a: pads.id,
      b: farPads.id,
      common: [0],
      onlyA: [3, "Palio", "Uno", "Gol"],
      onlyB: [1, "Fox"],
    });
  });

  it("a part without category is compared by vehicles, and the missing category is a caution", () => {
    const result = compare("BR-123.456", "nocat 1");
    expect(summary(result)).toMatchObject({ kind: "partly", common: [1, "Gol"] });
    expect(result.cautions.uncategorised).toEqual(["nocat 1"]);
  });

  it("different names in one category are a caution, not a verdict", () => {
    const result = compare("BR-123.456", "DISCO-1");
    expect(result.kind).toBe("same_vehicles");
    expect(result.cautions.namesDiffer).toBe(true);
  });

  it("no_vehicles: a part with no vehicle cannot be judged by vehicles", () => {
    const result = compare("BR-123.456", "NOFIT-1");
    expect(summary(result)).toMatchObject({
      kind: "no_vehicles",
      b: noVehicles.id,
      common: [0],
      onlyA: [3, "Palio", "Uno", "Gol"],
      onlyB: [0],
    });
  });

  it("not_found: either code that leads to no part; nothing is listed", () => {
    expect(summary(compare("ZZ-999", "BR-123.456"))).toEqual({
      kind: "not_found",
      samePart: false,
      a: null,
      b: pads.id,
      common: [0],
      onlyA: [0],
      onlyB: [0],
    });
    expect(compare("ZZ-999", "YY-888")).toMatchObject({
      kind: "not_found",
      a: { part: null, code: "ZZ-999" },
      b: { part: null, code: "YY-888" },
    });
  });

  it("cuts each list at the limit and keeps exact totals", () => {
    const result = compare("BR-123.456", "PD-300", 2);
    expect(result.onlyA.total).toBe(3);
    expect(names(result.onlyA)).toEqual(["Palio", "Uno"]);
    const common = compare("BR-123.456", "PD-200", 1);
    expect(common.common.total).toBe(2);
    expect(common.common.items).toHaveLength(1);
    expect(common.cautions.fitmentDiffers).toBe(1);
  });
});

describe("fitmentsDiffer", () => {
  const none = { notes: null, position: null, side: null, yearFrom: null, yearTo: null };
  it("compares position, side, years and notes; blanks are nothing", () => {
    expect(fitmentsDiffer(none, { ...none, notes: " " })).toBe(false);
    expect(fitmentsDiffer(none, { ...none, side: "esquerdo" })).toBe(true);
    expect(fitmentsDiffer(none, { ...none, yearTo: 2019 })).toBe(true);
    expect(fitmentsDiffer({ ...none, notes: "ABS" }, { ...none, notes: "ABS" })).toBe(false);
  });
});

describe("metering", () => {
  const at = new Date("2026-04-10T15:00:00Z");
  const logged = (userId: number) =>
    db().select().from(searches).where(eq(searches.userId, userId)).orderBy(searches.id).all();

  it("keys a pair the same way in either order and any spelling", () => {
    expect(compareKey("br-123.456", "GDB 1234")).toBe(compareKey("GDB1234", "BR123456"));
    expect(compareKey("br-123.456", "GDB 1234")).toBe("BR123456|GDB1234");
  });

  it("charges one search for a comparison, and a repeat in the other order is free", async () => {
    const { user } = await createUser();
    setDailyAllowance(user.id, 5);
    const first = compareParts(user, { a: "BR-123.456", b: "PD-200" }, at);
    expect(first).toMatchObject({ status: "ok", charged: true, comparison: { kind: "partly" } });
    expect(first.stats.remainingSearches).toBe(4);
    const again = compareParts(user, { a: "pd 200", b: "br123456" }, at);
    expect(again).toMatchObject({ status: "ok", charged: false });
    expect(again.status === "ok" && again.comparison.onlyA.items[0]?.model).toBe("Onix");
    expect(again.stats.remainingSearches).toBe(4);
    expect(
      logged(user.id).map((s) => [
        s.type,
        s.query,
        s.queryNorm,
        s.resultsCount,
        s.partId,
        s.charged,
      ]),
    ).toEqual([
      ["compare", "BR-123.456 × PD-200", "BR123456|PD200", 2, pads.id, true],
      ["compare", "pd 200 × br123456", "BR123456|PD200", 2, otherPads.id, false],
    ]);
  });

  it("a comparison with an unknown code is free; a same-part comparison costs one", async () => {
    const { user } = await createUser();
    setDailyAllowance(user.id, 5);
    expect(compareParts(user, { a: "ZZ-1", b: "BR-123.456" }, at)).toMatchObject({
      status: "ok",
      charged: false,
      comparison: { kind: "not_found" },
    });
    expect(compareParts(user, { a: "ZZ-1", b: "YY-2" }, at)).toMatchObject({ charged: false });
    expect(compareParts(user, { a: "TRW-BR123", b: "BR123456" }, at)).toMatchObject({
      charged: true,
      comparison: { kind: "same_part" },
    });
    expect(logged(user.id).map((s) => [s.resultsCount, s.partId, s.charged])).toEqual([
      [0, null, false],
      [0, null, false],
      [1, pads.id, true],
    ]);
  });

  it("a code search and a comparison of the same code are metered apart", async () => {
    const { user } = await createUser();
    setDailyAllowance(user.id, 5);
    expect(searchParts(user, { query: "BR123456", type: "code" }, at)).toMatchObject({
      charged: true,
    });
    const compared = compareParts(user, { a: "BR123456", b: "br-123.456" }, at);
    expect(compared).toMatchObject({ charged: true });
    expect(compared.stats.remainingSearches).toBe(3);
  });

  it("stops an exhausted user, still serves a comparison already paid today, warns when low", async () => {
    const { user } = await createUser();
    setDailyAllowance(user.id, 1);
    const paid = compareParts(user, { a: "BR-123.456", b: "FL-100" }, at);
    expect(paid).toMatchObject({ status: "ok", charged: true, lowCredits: true });
    expect(paid.stats.remainingSearches).toBe(0);
    const blocked = compareParts(user, { a: "BR-123.456", b: "PD-300" }, at);
    expect(blocked.status).toBe("exhausted");
    expect(blocked.stats.remainingSearches).toBe(0);
    // Out of credits, the catalogue is not looked up at all, even for a code that does not exist.
    expect(compareParts(user, { a: "ZZ-1", b: "BR-123.456" }, at).status).toBe("exhausted");
    expect(compareParts(user, { a: "fl100", b: "BR123456" }, at)).toMatchObject({
      status: "ok",
      charged: false,
      comparison: { kind: "different_kind" },
    });
    expect(db().select().from(users).where(eq(users.id, user.id)).get()!.creditsBalance).toBe(0);
  });

  it("never charges admins", async () => {
    const { user } = await createUser({ role: "admin" });
    expect(compareParts(user, { a: "BR-123.456", b: "PD-200" }, at)).toMatchObject({
      status: "ok",
      charged: false,
      lowCredits: false,
    });
  });
});
