import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { eq } from "drizzle-orm";
import { partVehicles, searchSynonyms, vehicles } from "~db/schema";
import { createCategory, createPart, createVehicle, fit } from "../../../tests/support/factories";
import { createVehicles } from "../../../tests/support/vehicles";
import { searchDescription } from "./description.server";
import { understandQuery } from "./understand.server";

/**
 * A small catalogue where every rule can be seen: two cars with the same part name, a model of two
 * words, an alphanumeric one, a hyphenated one, and parts matched by name, category or description.
 */
const ids: Record<string, number> = {};

beforeAll(() => {
  const brakes = createCategory("Freios");
  const suspension = createCategory("Suspensão");
  const { gol2015, gol2016, polo, onix, l200, l200sport, cg, tcross, hb20, hb20one } =
    createVehicles({
      gol2015: ["Volkswagen", "Gol", 2015, { engine: "1.0 8V", fuel: "Flex" }],
      gol2016: ["Volkswagen", "Gol", 2016, { engine: "1.6 8V", fuel: "Flex" }],
      polo: ["Volkswagen", "Polo", 2019, { engine: "1.0 12V" }],
      onix: ["Chevrolet", "Onix", 2019, { engine: "1.0 12V" }],
      l200: ["Mitsubishi", "L200 Triton", 2018, { engine: "3.2 16V", fuel: "Diesel" }],
      l200sport: ["Mitsubishi", "L200 Triton Sport", 2020, { engine: "2.4 16V", fuel: "Diesel" }],
      cg: ["Honda", "CG 160", 2019, { vehicleType: "motos" }],
      tcross: ["Volkswagen", "T-Cross", 2021],
      hb20: ["Hyundai", "HB20", 2016, { engine: "1.6 16V" }],
      hb20one: ["Hyundai", "HB20", 2016, { engine: "1.0 12V", version: "Comfort" }],
    });

  const part = (
    key: string,
    input: Parameters<typeof createPart>[0],
    vehicles: { id: number }[],
  ) => {
    const created = createPart(input);
    ids[key] = created.id;
    for (const vehicle of vehicles) fit(created.id, vehicle.id);
  };
  part(
    "padGol",
    {
      code: "PD-GOL",
      name: "Pastilha de Freio Dianteira",
      manufacturer: "Cobreq",
      categoryId: brakes.id,
      description: "Aplicação Gol, Onix",
    },
    [gol2015, gol2016],
  );
  part(
    "padOnix",
    {
      code: "PD-ONIX",
      name: "Pastilha de Freio Dianteira",
      manufacturer: "TRW",
      categoryId: brakes.id,
    },
    [onix],
  );
  part(
    "padPolo",
    {
      code: "PD-POLO",
      name: "Pastilha de Freio Dianteira Cerâmica",
      manufacturer: "Bosch",
      categoryId: brakes.id,
    },
    [polo],
  );
  part(
    "discGol",
    {
      code: "DS-GOL",
      name: "Disco de Freio Dianteiro",
      manufacturer: "Fremax",
      categoryId: brakes.id,
      description: "Par de discos; use pastilha nova",
    },
    [gol2015],
  );
  part(
    "shockOnix",
    {
      code: "AM-ONIX",
      name: "Amortecedor Dianteiro",
      manufacturer: "Cofap",
      categoryId: suspension.id,
    },
    [onix],
  );
  part(
    "shockOnixRear",
    {
      code: "AM-ONIX-T",
      name: "Amortecedor Traseiro",
      manufacturer: "Cofap",
      categoryId: suspension.id,
    },
    [onix],
  );
  part(
    "shockGol",
    {
      code: "AM-GOL",
      name: "Amortecedor Dianteiro",
      manufacturer: "Nakata",
      categoryId: suspension.id,
    },
    [gol2015],
  );
  part(
    "armGol",
    {
      code: "BD-GOL",
      name: "Bandeja de Suspensão Dianteira Esquerda",
      manufacturer: "Nakata",
      categoryId: suspension.id,
    },
    [gol2015],
  );
  part("oilL200", { code: "FO-L200", name: "Filtro de Óleo", manufacturer: "Fram" }, [l200]);
  part("oilSport", { code: "FO-SPORT", name: "Filtro de Óleo", manufacturer: "Tecfil" }, [
    l200sport,
  ]);
  part("oilHb16", { code: "FO-HB16", name: "Filtro de Óleo", manufacturer: "Mann-Filter" }, [hb20]);
  part("airHb10", { code: "FA-HB10", name: "Filtro de Ar do Motor", manufacturer: "Mann-Filter" }, [
    hb20one,
  ]);
  part(
    "chainCg",
    { code: "KR-CG", name: "Kit Relação (Coroa, Pinhão e Corrente)", manufacturer: "Vaz" },
    [cg],
  );
  part("airTcross", { code: "FA-TC", name: "Filtro de Ar do Motor", manufacturer: "Tecfil" }, [
    tcross,
  ]);
});

const codes = (query: string, filters = {}) =>
  searchDescription(query, filters).hits.map((hit) => hit.code);

/** Each query finds exactly the part codes it is paired with, in any order (listed sorted). */
const expectFinds = (answers: Record<string, string[]>) => {
  for (const [query, found] of Object.entries(answers))
    expect(codes(query).sort(), query).toEqual(found);
};

describe("understanding a description query", () => {
  it("splits part words from the vehicle the catalogue knows, and says it", () => {
    const page = searchDescription("pastilha freio gol 2015");
    expect(page.understood.partWords).toEqual(["pastilha", "freio"]);
    expect(page.understood.vehicle).toMatchObject({
      brand: "Volkswagen",
      models: ["Gol"],
      year: 2015,
    });
    expect(page.understood.vehicleLabel).toBe("Volkswagen Gol 2015");
    expect(codes("pastilha freio gol 2015")).toEqual(["PD-GOL"]);
    expect(page.hits[0]?.fitsVehicle).toBe(true);
  });

  it("reads multi-word, alphanumeric and hyphenated models, and a model family by its first word", () => {
    expectFinds({
      "filtro oleo l200 triton 2018": ["FO-L200"],
      "filtro oleo l200": ["FO-L200", "FO-SPORT"],
      "kit relacao cg 160": ["KR-CG"],
      "kit relacao cg160": ["KR-CG"],
      "filtro ar t-cross": ["FA-TC"],
      "filtro ar tcross": ["FA-TC"],
    });
  });

  it("reads the brand, brand abbreviations, two-digit years and the engine", () => {
    expectFinds({
      "Volkswagen Polo 2019 pastilha": ["PD-POLO"],
      "pastilha vw gol": ["PD-GOL"],
      "pastilha gol 15": ["PD-GOL"],
      "filtro hb20 1.6": ["FO-HB16"],
      "filtro hb20 1.0": ["FA-HB10"],
      "filtro oleo hb20 1.6 16v": ["FO-HB16"],
    });
  });

  it("never requires a vehicle word as text: a model named in a description does not make a part fit", () => {
    // PD-GOL's description names the Onix; only PD-ONIX fits it.
    expect(codes("pastilha onix")).toEqual(["PD-ONIX"]);
  });
});

describe("tolerance", () => {
  it("forgives accents, case and plurals", () => {
    expectFinds({
      "PASTILHAS DE FREIO GOL 2015": ["PD-GOL"],
      "amortecedores dianteiros onix": ["AM-ONIX"],
      "suspensão gol 2015": ["AM-GOL", "BD-GOL"],
    });
  });

  it("corrects one or two typos against the catalogue's words and says so", () => {
    const page = searchDescription("pastilah freio gol 2015");
    expect(page.understood.corrections).toEqual([{ from: "pastilah", to: "pastilha" }]);
    expect(page.hits.map((h) => h.code)).toEqual(["PD-GOL"]);
    expect(codes("amortceedor onix").sort()).toEqual(["AM-ONIX", "AM-ONIX-T"]);
    expect(codes("amrtecedr dianteiro onix")).toEqual(["AM-ONIX"]);
  });

  it("expands the shop abbreviations and synonyms of the database, edited by admins", () => {
    expectFinds({
      "amort diant onix 2019": ["AM-ONIX"],
      "amort tras onix": ["AM-ONIX-T"],
      "bandeja esq gol": ["BD-GOL"],
    });
    const unknown = searchDescription("zorro gol");
    expect(unknown.total).toBe(0);
    expect(unknown.understood.ignoredWords).toEqual(["zorro"]);
    expect(unknown.suggestions).toContainEqual({ kind: "fewer_words", query: "gol", total: 4 });
    db().insert(searchSynonyms).values({ term: "zorro", meaning: "amortecedor" }).run();
    expect(codes("zorro gol")).toEqual(["AM-GOL"]);
  });

  it("completes a word cut short", () => {
    expect(codes("amortec onix").sort()).toEqual(["AM-ONIX", "AM-ONIX-T"]);
  });
});

describe("ranking, paging and filters", () => {
  it("answers with parts named like the words; words only in descriptions are searched there when no word is in a name", () => {
    // The disc only mentions "pastilha" in its description: a name match leaves it out.
    expect(codes("pastilha gol")).toEqual(["PD-GOL"]);
    // "nova" is only in a description: beside a part word it is left out.
    const page = searchDescription("preciso de pastilha nova pro gol");
    expect(page.hits.map((h) => h.code)).toEqual(["PD-GOL"]);
    expect(page.understood.ignoredWords).toEqual(["preciso", "nova"]);
    expect(codes("discos nova")).toEqual(["DS-GOL"]);
    // The manufacturer counts as a name: "filtro oleo fram".
    expect(codes("filtro oleo fram")).toEqual(["FO-L200"]);
  });

  it("pages with the true total and narrows by category, manufacturer, vehicle and position", () => {
    const all = searchDescription("pastilha", {}, { page: 1, perPage: 2 });
    expect(all.total).toBe(3);
    expect(all.pages).toBe(2);
    const second = searchDescription("pastilha", {}, { page: 2, perPage: 2 });
    expect(second.hits).toHaveLength(1);
    expect(second.hits.map((h) => h.id)).not.toContain(all.hits[0]!.id);
    expect(searchDescription("pastilha", {}, { page: 99, perPage: 2 }).page).toBe(2);
    expect(codes("pastilha", { manufacturer: "TRW" })).toEqual(["PD-ONIX"]);
    expect(codes("pastilha", { brand: "Chevrolet" })).toEqual(["PD-ONIX"]);
    expect(codes("pastilha", { model: "Polo", year: 2019 })).toEqual(["PD-POLO"]);
    expect(codes("pastilha", { model: "Polo", year: 2018 })).toEqual([]);
  });

  it("offers facets that count parts", () => {
    const page = searchDescription("pastilha");
    expect(page.facets.manufacturers.map((f) => f.value).sort()).toEqual([
      "Bosch",
      "Cobreq",
      "TRW",
    ]);
    expect(page.facets.models.find((f) => f.value === "Gol")?.count).toBe(1);
    expect(page.facets.categories[0]?.label).toBe("Freios");
  });
});

describe("no dead ends", () => {
  it("offers the same words without the year, the engine or the vehicle, with their totals", () => {
    const page = searchDescription("pastilha freio gol 1999");
    expect(page.total).toBe(0);
    expect(page.suggestions).toEqual(
      expect.arrayContaining([
        { kind: "without_year", query: "pastilha freio gol", total: 1 },
        { kind: "without_vehicle", query: "pastilha freio", total: 3 },
      ]),
    );
    const engine = searchDescription("filtro oleo hb20 1.0");
    expect(engine.suggestions).toContainEqual({
      kind: "without_engine",
      query: "filtro oleo hb20",
      total: 1,
    });
  });

  it("offers a spelling too far to correct on its own, and never shows a vehicle's every part for an unknown word", () => {
    const page = searchDescription("dsio gol");
    expect(page.total).toBe(0);
    expect(page.suggestions).toContainEqual({ kind: "spelling", query: "disco gol", total: 1 });
  });

  it("reads at most 24 words, however a query is glued together", () => {
    const glued = Array.from({ length: 60 }, (_, i) => `zq${i}`).join("/");
    expect(understandQuery(glued).tokens.length).toBeLessThanOrEqual(24);
  });

  it("answers nothing for nothing", () => {
    expect(searchDescription("zzzzqqq").hits).toEqual([]);
    expect(searchDescription("  ,, ").total).toBe(0);
    expect(understandQuery("de da do").words).toEqual([]);
  });
});

describe("the index follows fitments and vehicles", () => {
  it("finds a part as soon as it is fitted, and no longer once the fitment goes", () => {
    const doblo = createVehicle({ brand: "Fiat", model: "Doblò", year: 2012 });
    expect(codes("amortecedor doblo")).toEqual([]);
    fit(ids.shockGol!, doblo.id);
    expect(codes("amortecedor doblo")).toEqual(["AM-GOL"]);
    expect(codes("amortecedor DOBLÒ 2012")).toEqual(["AM-GOL"]);
    db().delete(partVehicles).where(eq(partVehicles.vehicleId, doblo.id)).run();
    expect(codes("amortecedor doblo")).toEqual([]);
  });

  it("follows a vehicle renamed or deleted, with accents, hyphens and spaces in its name", () => {
    const cactus = createVehicle({ brand: "Citroën", model: "C4 Cactus", year: 2020 });
    fit(ids.oilHb16!, cactus.id);
    expect(codes("filtro oleo c4 cactus")).toEqual(["FO-HB16"]);
    expect(codes("filtro oleo citroen c4 cactus 2020")).toEqual(["FO-HB16"]);
    db()
      .update(vehicles)
      .set({ model: "C4-Cactus X", updatedAt: new Date(Date.now() + 1000) })
      .where(eq(vehicles.id, cactus.id))
      .run();
    expect(codes("filtro oleo c4-cactus x")).toEqual(["FO-HB16"]);
    db().delete(vehicles).where(eq(vehicles.id, cactus.id)).run();
    expect(searchDescription("filtro oleo citroen c4").understood.vehicle).toBeNull();
  });

  it("reads a model's generation as the range of its years", () => {
    const g5 = createVehicle({ brand: "Volkswagen", model: "Gol", year: 2011, generation: "G5" });
    createVehicle({ brand: "Volkswagen", model: "Gol", year: 2013, generation: "G6" });
    fit(ids.shockGol!, g5.id);
    const page = searchDescription("amortecedor gol g5");
    expect(page.understood.vehicle).toMatchObject({ models: ["Gol"], year: 2011, yearTo: null });
    expect(page.hits.map((h) => h.code)).toEqual(["AM-GOL"]);
    expect(codes("amortecedor gol g6")).toEqual([]);
  });

  it("takes a year inside the fitment's year range", () => {
    const uno = createVehicle({ brand: "Fiat", model: "Uno", year: 2010 });
    db()
      .insert(partVehicles)
      .values({ partId: ids.discGol!, vehicleId: uno.id, yearFrom: 2010, yearTo: 2013 })
      .run();
    expect(codes("disco freio uno 2012")).toEqual(["DS-GOL"]);
    expect(codes("disco freio uno 2014")).toEqual([]);
  });
});
