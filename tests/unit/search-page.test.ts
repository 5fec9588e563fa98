import { beforeAll, describe, expect, it } from "vitest";
import * as searchRoute from "~/routes/_app.search";
import { OPEN_CARDS } from "~/routes/_app.search.results.server";
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
