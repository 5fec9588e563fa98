import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "~db/seed";
import { db } from "~/utils/db.server";
import {
  generateQueries,
  Judge,
  QUERY_KINDS,
  type JudgedQuery,
  type QueryKind,
  type QueryVehicle,
} from "../../../bench/relevance-queries";
import { searchDescription } from "./description.server";

/**
 * Each kind of description query a mechanic types, on the demo catalogue, judged by the rule of
 * the relevance bench (bench/relevance-queries.ts, ADR 0034): a right card's name holds the part
 * words and it fits the model in that year (engine, brand, manufacturer when named).
 */

let judge: Judge;

beforeAll(async () => {
  await seedDatabase(db(), {
    adminEmail: "relevance@encaixa.test",
    adminPassword: "relevance-test-1",
    demo: true,
  });
  judge = new Judge(db().$client);
});

type Case = {
  query: string;
  words: string[];
  vehicle?: Partial<QueryVehicle> & { model: string };
  manufacturer?: string;
};

const vehicle = (model: string, year: number | null = null, more: Partial<QueryVehicle> = {}) => ({
  model,
  year,
  ...more,
});

const BRAKE_PADS = ["pastilha", "freio"];
const FRONT_SHOCK = ["amortecedor", "dianteiro"];
const OIL_FILTER = ["filtro", "óleo"];
const SPARK_PLUG = ["vela", "ignição"];
const GOL_2015 = vehicle("Gol", 2015);
const ONIX_2019 = vehicle("Onix", 2019);
const CHEVROLET_ONIX_2019 = vehicle("Onix", 2019, { brand: "Chevrolet" });

const CASES: Record<QueryKind, Case[]> = {
  plain: [
    { query: "pastilha freio gol 2015", words: BRAKE_PADS, vehicle: GOL_2015 },
    { query: "filtro de óleo onix 2019", words: OIL_FILTER, vehicle: ONIX_2019 },
  ],
  no_accents: [
    { query: "vela ignicao onix 2019", words: SPARK_PLUG, vehicle: ONIX_2019 },
    { query: "filtro oleo polo 2020", words: OIL_FILTER, vehicle: vehicle("Polo", 2020) },
  ],
  plural: [
    { query: "pastilhas freio gol 2015", words: BRAKE_PADS, vehicle: GOL_2015 },
    { query: "amortecedores dianteiros onix 2019", words: FRONT_SHOCK, vehicle: ONIX_2019 },
  ],
  typo1: [
    { query: "pastilah freio gol 2015", words: BRAKE_PADS, vehicle: GOL_2015 },
    { query: "amortceedor dianteiro onix 2019", words: FRONT_SHOCK, vehicle: ONIX_2019 },
  ],
  typo2: [
    { query: "amortceedr dianteiro onix 2019", words: FRONT_SHOCK, vehicle: ONIX_2019 },
    { query: "kit embragme gol 2015", words: ["kit", "embreagem"], vehicle: GOL_2015 },
  ],
  brand: [
    {
      query: "pastilha freio Volkswagen Polo 2019",
      words: BRAKE_PADS,
      vehicle: vehicle("Polo", 2019, { brand: "Volkswagen" }),
    },
    { query: "filtro oleo chevrolet onix 2019", words: OIL_FILTER, vehicle: CHEVROLET_ONIX_2019 },
  ],
  engine: [
    {
      query: "vela ignicao gol 1.6",
      words: SPARK_PLUG,
      vehicle: vehicle("Gol", null, { engine: "1.6" }),
    },
    {
      query: "terminal direcao hb20 1.0",
      words: ["terminal", "direção"],
      vehicle: vehicle("HB20", null, { engine: "1.0" }),
    },
    {
      query: "filtro oleo hb20 1.6 2017",
      words: OIL_FILTER,
      vehicle: vehicle("HB20", 2017, { engine: "1.6" }),
    },
  ],
  uppercase: [
    { query: "PASTILHA FREIO GOL 2015", words: BRAKE_PADS, vehicle: GOL_2015 },
    { query: "AMORTECEDOR DIANTEIRO ONIX 2019", words: FRONT_SHOCK, vehicle: ONIX_2019 },
  ],
  abbreviation: [
    { query: "amort diant onix 2019", words: FRONT_SHOCK, vehicle: ONIX_2019 },
    { query: "past freio gol 2015", words: BRAKE_PADS, vehicle: GOL_2015 },
    { query: "fltr oleo hb20 2018", words: OIL_FILTER, vehicle: vehicle("HB20", 2018) },
  ],
  manufacturer: [
    {
      query: "filtro oleo fram argo",
      words: OIL_FILTER,
      vehicle: vehicle("Argo"),
      manufacturer: "Fram",
    },
    {
      query: "vela ignicao ngk onix",
      words: SPARK_PLUG,
      vehicle: vehicle("Onix"),
      manufacturer: "NGK",
    },
  ],
  year2: [
    { query: "pastilha freio gol 15", words: BRAKE_PADS, vehicle: GOL_2015 },
    { query: "filtro oleo onix 19", words: OIL_FILTER, vehicle: ONIX_2019 },
  ],
  model_words: [
    {
      query: "filtro oleo l200 triton 2015",
      words: OIL_FILTER,
      vehicle: vehicle("L200 Triton", 2015),
    },
    { query: "kit relação cg 160", words: ["kit", "relação"], vehicle: vehicle("CG 160") },
    {
      query: "amortecedor dianteiro t-cross 2021",
      words: FRONT_SHOCK,
      vehicle: vehicle("T-Cross", 2021),
    },
    { query: "filtro oleo r 450", words: OIL_FILTER, vehicle: vehicle("R 450") },
    { query: "filtro oleo HB20 2017", words: OIL_FILTER, vehicle: vehicle("HB20", 2017) },
  ],
  part_only: [
    { query: "pastilha freio", words: BRAKE_PADS },
    { query: "amortecedor dianteiro", words: FRONT_SHOCK },
  ],
  brand_abbrev: [
    {
      query: "pastilha freio vw gol 2015",
      words: BRAKE_PADS,
      vehicle: vehicle("Gol", 2015, { brand: "Volkswagen" }),
    },
    { query: "filtro oleo gm onix 2019", words: OIL_FILTER, vehicle: CHEVROLET_ONIX_2019 },
  ],
  vehicle_first: [
    { query: "gol 2015 pastilha freio", words: BRAKE_PADS, vehicle: GOL_2015 },
    { query: "onix 2019 amortecedor dianteiro", words: FRONT_SHOCK, vehicle: ONIX_2019 },
  ],
};

const judged = (kind: QueryKind, c: Case): JudgedQuery => ({
  kind,
  query: c.query,
  partWords: c.words,
  vehicle: c.vehicle
    ? {
        brand: c.vehicle.brand ?? null,
        model: c.vehicle.model,
        year: c.vehicle.year ?? null,
        engine: c.vehicle.engine ?? null,
      }
    : null,
  manufacturer: c.manufacturer ?? null,
  sourcePartId: 0,
});

describe("each kind of description query", () => {
  for (const kind of QUERY_KINDS) {
    describe(kind, () => {
      it.each(CASES[kind])(
        "$query: the first card is right, and every right part is shown",
        (c) => {
          const query = judged(kind, c);
          const right = judge.rightParts(query);
          expect(right.size, "the case has an answer in the demo catalogue").toBeGreaterThan(0);
          const page = searchDescription(c.query, {}, { page: 1, perPage: 20 });
          const ids = page.hits.map((hit) => hit.id);
          expect(ids.length).toBeGreaterThan(0);
          expect(judge.isRight(query, ids[0]), `first: ${judge.describe(ids[0])}`).toBe(true);
          const shownRight = ids.filter((id) => right.has(id)).length;
          expect(shownRight).toBe(Math.min(20, right.size));
          if (c.vehicle) {
            expect(page.hits[0].fitsVehicle).toBe(true);
            expect(page.understood.vehicle?.models).toContain(c.vehicle.model);
            if (c.vehicle.year) expect(page.understood.vehicle?.year).toBe(c.vehicle.year);
          } else expect(page.understood.vehicle).toBeNull();
        },
      );
    });
  }
});

describe("what the search understood", () => {
  it("names the vehicle the words stand for, brand included", () => {
    const page = searchDescription("pastilha freio gol 2015");
    expect(page.understood.vehicleLabel).toBe("Volkswagen Gol 2015");
    expect(page.understood.vehicle).toMatchObject({
      brand: "Volkswagen",
      models: ["Gol"],
      year: 2015,
    });
  });

  it("names a multi-word model and a two-digit year in full", () => {
    expect(searchDescription("filtro oleo l200 triton 15").understood.vehicleLabel).toBe(
      "Mitsubishi L200 Triton 2015",
    );
  });

  it("reads the engine as a vehicle word, not a part word", () => {
    const { understood } = searchDescription("filtro oleo hb20 1.6");
    expect(understood.vehicle).toMatchObject({ models: ["HB20"] });
    expect(understood.vehicle?.engine).toMatch(/^1\.6/);
    expect(understood.partWords.join(" ")).not.toContain("1.6");
  });

  it("tells the misspelt word and the catalogue's word it was read as", () => {
    const { understood } = searchDescription("pastilah freio gol 2015");
    expect(understood.corrections).toContainEqual({ from: "pastilah", to: "pastilha" });
  });

  it("has no vehicle when the query names none", () => {
    const { understood } = searchDescription("pastilha freio");
    expect(understood.vehicle).toBeNull();
    expect(understood.vehicleLabel).toBeNull();
  });
});

describe("paging", () => {
  it("pages 20 at a time with the true total, each part on exactly one page", () => {
    const first = searchDescription("pastilha freio", {}, { page: 1, perPage: 20 });
    const right = judge.rightParts(judged("part_only", { query: "", words: BRAKE_PADS }));
    expect(first.total).toBeGreaterThanOrEqual(right.size);
    expect(first.total).toBeGreaterThan(20);
    expect(first.pages).toBe(Math.ceil(first.total / 20));
    const seen = new Set<number>();
    for (let page = 1; page <= first.pages; page++) {
      const result = searchDescription("pastilha freio", {}, { page, perPage: 20 });
      expect(result.page).toBe(page);
      expect(result.total).toBe(first.total);
      for (const hit of result.hits) {
        expect(seen.has(hit.id), `part ${hit.id} on two pages`).toBe(false);
        seen.add(hit.id);
      }
    }
    expect(seen.size).toBe(first.total);
    for (const id of right) expect(seen.has(id)).toBe(true);
  });

  it("gives page 2 other cards than page 1", () => {
    const one = searchDescription("amortecedor dianteiro", {}, { page: 1, perPage: 20 });
    const two = searchDescription("amortecedor dianteiro", {}, { page: 2, perPage: 20 });
    expect(two.hits.length).toBeGreaterThan(0);
    const onFirst = new Set(one.hits.map((hit) => hit.id));
    expect(two.hits.some((hit) => onFirst.has(hit.id))).toBe(false);
  });
});

describe("filters", () => {
  const all = () => searchDescription("pastilha freio", {}, { page: 1, perPage: 100 });

  it("narrow by the part's manufacturer", () => {
    const narrowed = searchDescription(
      "pastilha freio",
      { manufacturer: "TRW" },
      { page: 1, perPage: 100 },
    );
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThan(all().total);
    expect(narrowed.hits.every((hit) => hit.manufacturer === "TRW")).toBe(true);
  });

  it("narrow by category", () => {
    const everything = searchDescription("dianteiro", {}, { page: 1, perPage: 100 });
    expect(everything.facets.categories.length).toBeGreaterThan(1);
    const [category] = everything.facets.categories;
    const narrowed = searchDescription(
      "dianteiro",
      { categoryId: category.value },
      { page: 1, perPage: 100 },
    );
    expect(narrowed.total).toBe(category.count);
    expect(narrowed.total).toBeLessThan(everything.total);
    expect(narrowed.hits.every((hit) => hit.categoryId === category.value)).toBe(true);
  });

  it("narrow by vehicle model and year, like the same words typed", () => {
    const filtered = searchDescription("pastilha freio", { model: "Gol", year: 2015 });
    const typed = searchDescription("pastilha freio gol 2015");
    expect(filtered.total).toBe(typed.total);
    expect(filtered.total).toBeLessThan(all().total);
    const query = judged("plain", { query: "", words: BRAKE_PADS, vehicle: GOL_2015 });
    expect(filtered.hits.every((hit) => judge.isRight(query, hit.id))).toBe(true);
  });

  it("offer the narrowing choices with their counts", () => {
    const { facets, total } = all();
    const trw = facets.manufacturers.find((facet) => facet.value === "TRW");
    expect(trw?.count).toBe(
      searchDescription("pastilha freio", { manufacturer: "TRW" }, { page: 1, perPage: 100 }).total,
    );
    expect(facets.manufacturers.reduce((sum, facet) => sum + facet.count, 0)).toBe(total);
  });
});

describe("a search that finds nothing", () => {
  it("offers the same words without the year, with how many parts they find", () => {
    const page = searchDescription("pastilha freio gol 1990");
    expect(page.total).toBe(0);
    expect(page.hits).toEqual([]);
    const withoutYear = page.suggestions.find((s) => s.kind === "without_year");
    expect(withoutYear).toMatchObject({ query: "pastilha freio gol" });
    expect(withoutYear!.total).toBe(searchDescription(withoutYear!.query).total);
    expect(withoutYear!.total).toBeGreaterThan(0);
  });

  it("offers the part words without the vehicle when that vehicle has no such part", () => {
    const page = searchDescription("filtro oleo hb20 2015");
    expect(page.total).toBe(0);
    expect(page.suggestions.some((s) => s.total > 0)).toBe(true);
    expect(page.suggestions.find((s) => s.kind === "without_vehicle")?.query).toBe("filtro oleo");
  });
});

describe("a generated set, as the bench builds it", () => {
  it("answers nearly every query with a right first card and none empty", () => {
    const queries = generateQueries(db().$client, { seed: 2025, perKind: 2 });
    expect(queries.length).toBe(QUERY_KINDS.length * 2);
    const misses = queries.filter((query) => {
      const hits = searchDescription(query.query).hits;
      return !hits.length || !judge.isRight(query, hits[0].id);
    });
    expect(misses.length, misses.map((q) => q.query).join(" · ")).toBeLessThanOrEqual(1);
  });
});
