import { describe, expect, it } from "vitest";
import { normalizeCode } from "~/utils/codes";
import {
  catalogueItem,
  catalogueVehicleKey,
  createCatalogueSimulator,
  expectedCatalogueTotals,
} from "./simulator.server";
import type { CatalogueSourceItem, CatalogueSourcePage, CatalogueSourceStatus } from "./types";

const CATEGORIES = [
  "Freios",
  "Suspensão",
  "Filtros",
  "Ignição",
  "Arrefecimento",
  "Embreagem",
  "Motor",
  "Elétrica",
  "Direção",
  "Transmissão",
];
const FUELS = ["Gasolina", "Flex", "Diesel", "Etanol", "Elétrico", "Híbrido"];

const items = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => catalogueItem(from + i));

async function page(
  sim: ReturnType<typeof createCatalogueSimulator>,
  query: string,
): Promise<CatalogueSourcePage> {
  const answer = await sim.respond("items", new URLSearchParams(query));
  expect(answer.status).toBe(200);
  return answer.body as CatalogueSourcePage;
}

describe("the simulated catalogue", () => {
  it("answers the same page twice, equal", async () => {
    const sim = createCatalogueSimulator({ items: 500 });
    expect(await page(sim, "page=3&per_page=40")).toEqual(await page(sim, "page=3&per_page=40"));
    const another = createCatalogueSimulator({ items: 500 });
    expect(await another.respond("items")).toEqual(await sim.respond("items"));
  });

  it("builds item i the same whatever the page size", async () => {
    const sim = createCatalogueSimulator({ items: 300 });
    const byTen = (await page(sim, "page=13&per_page=10")).items; // items 120..129
    const byHundred = (await page(sim, "page=2&per_page=100")).items; // items 100..199
    expect(byTen).toEqual(byHundred.slice(20, 30));
    expect(byTen[0]).toEqual(catalogueItem(120));
    expect(byTen[0]!.id).toBe("121");
  });

  it("gives every item a code of its own, on 5,000 items", () => {
    const sample = items(5000);
    expect(new Set(sample.map((item) => `${item.manufacturer}|${item.code}`)).size).toBe(5000);
    expect(new Set(sample.map((item) => normalizeCode(item.code))).size).toBe(5000);
  });

  it("keeps an item's alternative codes apart from each other and from its own code", () => {
    const odd = items(5000).filter((item) => {
      const all = [item.code, ...item.alternative_codes].map(normalizeCode);
      return (
        item.alternative_codes.length > 3 ||
        new Set(all).size !== all.length ||
        item.alternative_codes.some((code) => code.length > 100)
      );
    });
    expect(odd).toEqual([]);
  });

  it("never lists a vehicle twice within an item", () => {
    const repeating = items(5000).filter((item) => {
      const keys = item.vehicles.flatMap((fitment) =>
        years(fitment).map((year) => catalogueVehicleKey(fitment, year)),
      );
      return new Set(keys).size !== keys.length;
    });
    expect(repeating).toEqual([]);
  });

  it("draws realistic Brazilian parts and fitments", () => {
    const sample = items(3000);
    expect(new Set(sample.map((item) => item.category))).toEqual(new Set(CATEGORIES));
    const odd = sample.flatMap((item) => {
      const problems =
        item.vehicles.length < 2 || item.vehicles.length > 8 ? [`${item.id}: vehicles`] : [];
      for (const fitment of item.vehicles) {
        const span = fitment.year_end - fitment.year_start + 1;
        if (span < 1 || span > 6) problems.push(`${item.id}: span ${span}`);
        if (fitment.year_start < 1995 || fitment.year_end > 2025)
          problems.push(`${item.id}: years`);
        if (!FUELS.includes(fitment.fuel!)) problems.push(`${item.id}: fuel ${fitment.fuel}`);
        if (![null, "Dianteiro", "Traseiro"].includes(fitment.position))
          problems.push(`${item.id}: position ${fitment.position}`);
      }
      return problems;
    });
    expect(odd).toEqual([]);
    const fitmentYears = sample.flatMap((item) => item.vehicles.flatMap(years)).length;
    expect(fitmentYears / sample.length).toBeGreaterThanOrEqual(15);
    expect(fitmentYears / sample.length).toBeLessThanOrEqual(25);
    const fitments = sample.flatMap((item) => item.vehicles);
    expect(fitments.some((fitment) => fitment.notes === null)).toBe(true);
    expect(fitments.some((fitment) => fitment.notes !== null)).toBe(true);
    expect(sample.some((item) => item.alternative_codes.length === 0)).toBe(true);
    expect(sample.some((item) => item.alternative_codes.length === 3)).toBe(true);
    expect(fitments.map((fitment) => `${fitment.brand} ${fitment.model}`)).toEqual(
      expect.arrayContaining(["Volkswagen Gol", "Fiat Strada", "Chevrolet Onix", "Hyundai HB20"]),
    );
  });

  it("counts in its expected totals exactly what its pages carry", async () => {
    const sim = createCatalogueSimulator({ items: 230 });
    const walked: CatalogueSourceItem[] = [];
    for (let number = 1; ; number++) {
      const { items: pageItems, total_pages } = await page(sim, `page=${number}&per_page=100`);
      walked.push(...pageItems);
      if (number >= total_pages) break;
    }
    expect(walked).toHaveLength(230);
    const fitments = walked.flatMap((item) => item.vehicles);
    expect(expectedCatalogueTotals(230)).toEqual({
      items: 230,
      alternativeCodes: walked.flatMap((item) => item.alternative_codes).length,
      fitments: fitments.length,
      fitmentYears: fitments.flatMap(years).length,
      vehicles: new Set(
        fitments.flatMap((fitment) => years(fitment).map((y) => catalogueVehicleKey(fitment, y))),
      ).size,
      vehicleBrands: new Set(fitments.map((fitment) => fitment.brand)).size,
      categories: new Set(walked.map((item) => item.category)).size,
      manufacturers: new Set(walked.map((item) => item.manufacturer)).size,
    });
  });
});

describe("the simulated API", () => {
  it("announces its size and page limits", async () => {
    const answer = await createCatalogueSimulator({ items: 1234 }).respond("status");
    expect(answer.status).toBe(200);
    const status = answer.body as CatalogueSourceStatus;
    expect(status).toMatchObject({ total_items: 1234, default_per_page: 50, max_per_page: 100 });
    expect(new Date(status.updated_at).toISOString()).toBe(status.updated_at);
  });

  it("pages 50 by default, ends on a short page and answers no items past it", async () => {
    const sim = createCatalogueSimulator({ items: 120 });
    expect(await page(sim, "")).toMatchObject({ page: 1, per_page: 50, total_pages: 3 });
    expect((await page(sim, "page=3")).items.map((item) => item.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(101 + i)),
    );
    expect(await page(sim, "page=4")).toEqual({
      page: 4,
      per_page: 50,
      total_items: 120,
      total_pages: 3,
      items: [],
    });
  });

  it("serves a page deep in a catalogue of millions at once", async () => {
    const sim = createCatalogueSimulator({ items: 5_000_000 });
    const before = performance.now();
    const last = await page(sim, "page=50000&per_page=100");
    expect(performance.now() - before).toBeLessThan(200);
    expect(last.items.at(-1)!.id).toBe("5000000");
  });

  it.each([
    ["page=0", "page deve ser um número inteiro a partir de 1"],
    ["page=abc", "page deve ser um número inteiro a partir de 1"],
    ["page=1.5", "page deve ser um número inteiro a partir de 1"],
    ["page=-1", "page deve ser um número inteiro a partir de 1"],
    ["per_page=0", "per_page deve ser um número inteiro entre 1 e 100"],
    ["per_page=101", "per_page deve ser um número inteiro entre 1 e 100"],
    ["per_page=dez", "per_page deve ser um número inteiro entre 1 e 100"],
  ])("refuses %s with a 400 in pt-BR", async (query, error) => {
    const answer = await createCatalogueSimulator({ items: 10 }).respond(
      "items",
      new URLSearchParams(query),
    );
    expect(answer).toEqual({ status: 400, body: { error } });
  });

  it("answers 404 for anything else, and forced faults on ?simulate=", async () => {
    const sim = createCatalogueSimulator({ items: 10, retryAfterSeconds: 2 });
    expect((await sim.respond("parts")).status).toBe(404);
    expect((await sim.respond("items/1")).status).toBe(404);
    const limited = await sim.respond("status", new URLSearchParams("simulate=429"));
    expect(limited.status).toBe(429);
    expect(limited.headers).toEqual({ "Retry-After": "2" });
    expect((await sim.respond("items", new URLSearchParams("simulate=500"))).status).toBe(500);
    expect((await sim.respond("items", new URLSearchParams("simulate=503"))).status).toBe(503);
    expect(sim.requestCount).toBe(5);
  });

  it("with failEvery, fails the first request of every Nth page by turns, then recovers", async () => {
    const sim = createCatalogueSimulator({ items: 1000, failEvery: 3 });
    const statusOf = async (query: string) =>
      (await sim.respond("items", new URLSearchParams(query))).status;
    expect(await statusOf("page=1&per_page=10")).toBe(200);
    expect(await statusOf("page=3&per_page=10")).toBe(429);
    expect(await statusOf("page=3&per_page=10")).toBe(200);
    expect(await statusOf("page=6&per_page=10")).toBe(503);
    expect(await statusOf("page=6&per_page=10")).toBe(200);
    expect(await statusOf("page=9&per_page=10")).toBe(429);
    expect(await statusOf("page=9&per_page=10")).toBe(200);
    expect((await sim.respond("status")).status).toBe(200);
  });
});

function years(fitment: { year_start: number; year_end: number }): number[] {
  return Array.from(
    { length: fitment.year_end - fitment.year_start + 1 },
    (_, i) => fitment.year_start + i,
  );
}
