import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { searches } from "~db/schema";
import { db } from "~/utils/db.server";
import * as searchRoute from "~/routes/search/_app.search";
import { OPEN_CARDS } from "~/routes/search/_app.search.results.server";
import {
  createFreePlan,
  createPart,
  createUser,
  createVehicle,
  fit,
  invoke,
  sessionHeaders,
} from "../support/factories";

/** The results page's cards: the first ones open with their vehicles, the rest on demand. */

const parts: number[] = [];

beforeAll(() => {
  createFreePlan();
  const gol = createVehicle({ model: "Gol Cartões" }).id;
  const uno = createVehicle({ brand: "Fiat", model: "Uno Cartões" }).id;
  for (let i = 0; i < OPEN_CARDS + 2; i++) {
    const id = createPart({ code: `CARD-${i}`, name: `Amortecedor cartão ${i}` }).id;
    parts.push(id);
    fit(id, gol);
    if (i % 2 === 0) fit(id, uno);
  }
});

type Card = { id: number; vehicles: { items: unknown[] | null; total: number; page?: number } };

async function cards(query: string): Promise<Card[]> {
  const { user } = await createUser();
  const page = await invoke(searchRoute.loader as never, `/search?${query}`, {
    headers: await sessionHeaders(user, "web"),
  });
  return (await page.json()).cards;
}

describe("result cards", () => {
  it(`open the first ${OPEN_CARDS} with a page of vehicles and give the others only their count`, async () => {
    const found = await cards("q=amortecedor+cartao&type=description");
    expect(found.map((card) => card.id).sort()).toEqual([...parts].sort());
    const open = found.slice(0, OPEN_CARDS);
    const closed = found.slice(OPEN_CARDS);
    for (const card of open) expect(card.vehicles.items).toHaveLength(card.vehicles.total);
    for (const card of closed) {
      expect(card.vehicles.items).toBeNull();
      expect(card.vehicles.total).toBe(parts.indexOf(card.id) % 2 === 0 ? 2 : 1);
    }
  });

  it("open a card on demand through its v<partId> parameter", async () => {
    const found = await cards("q=amortecedor+cartao&type=description");
    const last = found.at(-1)!;
    const reopened = await cards(`q=amortecedor+cartao&type=description&v${last.id}=1`);
    expect(reopened.find((card) => card.id === last.id)!.vehicles).toMatchObject({
      page: 1,
      total: last.vehicles.total,
      items: expect.any(Array),
    });
  });
});

/** Description results (issue #25): the true total, paging, filters, the understood vehicle. */
const COXINS = 25;
let logged: () => { charged: boolean }[];
let headers: Record<string, string>;

// The search reads the catalogue's vehicles once a minute: they exist before the first search.
beforeAll(async () => {
  const onix = createVehicle({ brand: "Chevrolet", model: "Onix", year: 2019, generation: "LT" });
  const onix20 = createVehicle({
    brand: "Chevrolet",
    model: "Onix",
    year: 2020,
    generation: "LT",
  });
  const argo = createVehicle({ brand: "Fiat", model: "Argo", year: 2020 });
  for (let i = 0; i < COXINS; i++) {
    const id = createPart({
      code: `COX-${i}`,
      name: `Coxim paginado ${i}`,
      manufacturer: i % 5 === 0 ? "Sampel" : "Axios",
    }).id;
    if (i % 3 === 0) {
      fit(id, onix.id);
      fit(id, onix20.id);
    } else fit(id, argo.id);
  }
  const { user } = await createUser();
  headers = await sessionHeaders(user, "web");
  logged = () => db().select().from(searches).where(eq(searches.userId, user.id)).all();
});

describe("description results", () => {
  async function results(query: string) {
    const page = await invoke(searchRoute.loader as never, `/search?${query}`, { headers });
    return page.json();
  }

  it("counts every match, shows 20 a page, and the next page is not charged again", async () => {
    const first = await results("q=coxim+paginado&type=description");
    expect(first.description).toMatchObject({ total: COXINS, page: 1, pages: 2, perPage: 20 });
    expect(first.cards).toHaveLength(20);
    const second = await results("q=coxim+paginado&type=description&page=2");
    expect(second.description).toMatchObject({ total: COXINS, page: 2 });
    expect(second.cards).toHaveLength(5);
    const shown = new Set([...first.cards, ...second.cards].map((c: { id: number }) => c.id));
    expect(shown.size).toBe(COXINS);
    // A page past the end shows the last one.
    expect((await results("q=coxim+paginado&type=description&page=99")).description.page).toBe(2);
    expect(logged().filter((row) => row.charged)).toHaveLength(1);
  });

  it("says which vehicle it understood, badges the cards that fit and groups their vehicles", async () => {
    const found = await results("q=coxim+paginado+onix+2019&type=description");
    expect(found.description.understood.vehicleLabel).toBe("Chevrolet Onix 2019");
    expect(found.description.vehicle).toMatchObject({ models: ["Onix"], year: 2019 });
    expect(found.description.total).toBe(9);
    expect(found.cards.every((c: { fitsVehicle: boolean }) => c.fitsVehicle)).toBe(true);
    expect(found.cards[0].vehicles).toMatchObject({
      total: 2,
      items: [{ brand: "Chevrolet", model: "Onix", generation: "LT", years: [[2019, 2020]] }],
    });
  });

  it("narrows by the filters in the URL, names them, and ignores bad ones", async () => {
    const sampel = await results("q=coxim+paginado&type=description&manufacturer=Sampel");
    expect(sampel.description.total).toBe(5);
    expect(sampel.description.active).toEqual([
      { key: "manufacturer", value: "Sampel", label: "Sampel" },
    ]);
    const fiat = await results("q=coxim+paginado&type=description&brand=Fiat&year=2020");
    expect(fiat.description.total).toBe(16);
    expect(fiat.description.vehicle).toMatchObject({ label: "Fiat 2020" });
    const bad = await results(
      `q=coxim+paginado&type=description&year=abc&page=-3&category_id=x&model=${"m".repeat(200)}`,
    );
    expect(bad.description).toMatchObject({ total: COXINS, page: 1, active: [] });
    expect(
      bad.description.facets.manufacturers.map((f: { value: string }) => f.value).sort(),
    ).toEqual(["Axios", "Sampel"]);
  });

  it("finds nothing without charging, and offers the nearest searches", async () => {
    const before = logged().filter((row) => row.charged).length;
    const empty = await results("q=coxim+paginado+argo+2019&type=description");
    expect(empty.description.total).toBe(0);
    expect(empty.cards).toEqual([]);
    expect(empty.description.suggestions).toEqual(
      expect.arrayContaining([
        { kind: "without_year", query: "coxim paginado argo", total: 16 },
        expect.objectContaining({ kind: "without_vehicle", total: COXINS }),
      ]),
    );
    expect(logged().filter((row) => row.charged)).toHaveLength(before);
  });

  it("names the words it left out, and marks the groups of a range of years", async () => {
    const found = await results("q=preciso+coxim+paginado+onix+2019+a+2020&type=description");
    expect(found.description.understood.ignoredWords).toEqual(["preciso"]);
    expect(found.description.vehicle).toMatchObject({ year: 2019, yearTo: 2020 });
    expect(found.description.total).toBe(9);
  });

  it("answers a code that finds nothing as a code, with the code tips", async () => {
    const code = await results("q=ZZ99999&type=code");
    expect(code).toMatchObject({ type: "code", cards: [], description: null });
  });
});
