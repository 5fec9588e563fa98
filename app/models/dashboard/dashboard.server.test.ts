import { beforeAll, describe, expect, it } from "vitest";
import {
  createCategory,
  createFreePlan,
  createPart,
  createUser,
  recordActivity,
  recordSearch,
} from "../../../tests/support/factories";
import { shiftDay } from "~/utils/format";
import { recentActivityFeed, topSearches } from "./dashboard.server";

const at = (iso: string) => new Date(iso);
// 12:00 on 2026-04-10 in São Paulo.
const NOW = at("2026-04-10T15:00:00Z");

describe("shiftDay", () => {
  it("moves calendar days across month and year ends", () => {
    expect(shiftDay("2026-04-10", -29)).toBe("2026-03-12");
    expect(shiftDay("2026-01-01", -1)).toBe("2025-12-31");
    expect(shiftDay("2024-02-28", 1)).toBe("2024-02-29");
  });
});

describe("topSearches", () => {
  let userId: number;
  let pads: ReturnType<typeof createPart>;
  let filter: ReturnType<typeof createPart>;
  let plug: ReturnType<typeof createPart>;
  let lamp: ReturnType<typeof createPart>;
  let belt: ReturnType<typeof createPart>;

  beforeAll(async () => {
    createFreePlan();
    const brakes = createCategory("Freios TS");
    userId = (await createUser()).user.id;
    pads = createPart({ code: "BR-123456", name: "Pastilha de freio", categoryId: brakes.id });
    filter = createPart({ code: "FL-789", name: "Filtro de óleo" });
    plug = createPart({ code: "VL-345", name: "Vela de ignição" });
    lamp = createPart({ code: "LM-100", name: "Lâmpada H4" });
    belt = createPart({ code: "CR-200", name: "Correia dentada" });

    const search = (partId: number | null, query: string, iso: string) =>
      recordSearch({ userId, query, partId, at: at(iso) });
    // Pads: 3 in the window, typed two ways.
    search(pads.id, "br123456", "2026-04-10T12:00:00Z");
    search(pads.id, "BR-123456", "2026-04-09T12:00:00Z");
    search(pads.id, "br123456", "2026-03-15T12:00:00Z");
    // Filter: 2 in the window.
    search(filter.id, "FL789", "2026-04-08T12:00:00Z");
    search(filter.id, "filtro oleo", "2026-04-10T13:00:00Z");
    // Plug: 5 long ago (outside 30 days), 1 on the first day of the window, 1 the day before it.
    for (let i = 0; i < 5; i++) search(plug.id, "VL345", "2026-01-05T12:00:00Z");
    search(plug.id, "VL345", "2026-03-12T12:00:00Z"); // day 30 of 30 counting today
    search(plug.id, "VL345", "2026-03-11T12:00:00Z"); // 31 days ago: out
    // Lamp and belt: one each, belt later; a tie goes to the most recent.
    search(lamp.id, "LM100", "2026-04-02T12:00:00Z");
    search(belt.id, "CR200", "2026-04-03T12:00:00Z");
    // Searches that found nothing do not count, and neither does tomorrow (in São Paulo).
    for (let i = 0; i < 10; i++) search(null, "NADA", "2026-04-10T12:00:00Z");
    search(lamp.id, "LM100", "2026-04-11T03:30:00Z"); // 00:30 on the 11th in São Paulo
    search(lamp.id, "LM100", "2026-04-11T02:30:00Z"); // 23:30 on the 10th: today
  });

  it("ranks the parts searched most in the last N days, with code, name, category and the usual query", () => {
    const top = topSearches({ days: 30, limit: 10 }, NOW);
    expect(top.map((t) => [t.partCode, t.searches])).toEqual([
      ["BR-123456", 3],
      ["LM-100", 2],
      ["FL-789", 2],
      ["CR-200", 1],
      ["VL-345", 1],
    ]);
    expect(top[0]).toEqual({
      partId: pads.id,
      partCode: "BR-123456",
      partName: "Pastilha de freio",
      category: "Freios TS",
      query: "br123456",
      searches: 3,
    });
    expect(top.find((t) => t.partId === filter.id)).toMatchObject({
      category: null,
      query: "filtro oleo",
    });
  });

  it("respects days and limit", () => {
    expect(topSearches({ days: 30, limit: 2 }, NOW).map((t) => t.partCode)).toEqual([
      "BR-123456",
      "LM-100",
    ]);
    expect(topSearches({ days: 1, limit: 10 }, NOW).map((t) => [t.partCode, t.searches])).toEqual([
      ["LM-100", 1],
      ["FL-789", 1],
      ["BR-123456", 1],
    ]);
    expect(
      topSearches({ days: 2, limit: 10 }, NOW).find((t) => t.partId === pads.id)?.searches,
    ).toBe(2);
    expect(topSearches({ days: 365, limit: 1 }, NOW)).toMatchObject([
      { partId: plug.id, searches: 7 },
    ]);
    expect(
      topSearches({ days: 31, limit: 10 }, NOW).find((t) => t.partId === plug.id)?.searches,
    ).toBe(2);
    expect(topSearches({ days: 30, limit: 10 }, at("2020-01-01T12:00:00Z"))).toEqual([]);
  });
});

describe("recentActivityFeed", () => {
  it("merges the activity log and searches, newest first, up to the limit and never after now", async () => {
    createFreePlan();
    const { user } = await createUser({ name: "Ana Feed" });
    const other = (await createUser({ name: "Bruno Feed" })).user;
    // Far in the future, so the sign-ups of real time are older than everything below.
    const t = (minutes: number) => new Date(Date.UTC(2099, 0, 1, 12, minutes));
    recordActivity({ actorId: user.id, type: "payment", action: "Pagamento aprovado", at: t(1) });
    recordSearch({ userId: user.id, query: "BR123456", at: t(2) });
    recordActivity({ actorId: null, type: "import", action: "Importação concluída", at: t(3) });
    recordSearch({ userId: other.id, query: "pastilha gol", at: t(4), type: "description" });
    recordSearch({ userId: null, query: "FL789", at: t(5) });
    recordSearch({ userId: user.id, query: "VL345", at: t(20) }); // after "now"

    const feed = recentActivityFeed(4, t(10));
    expect(feed).toEqual([
      { type: "search", time: t(5), user: "Usuário removido", action: "Buscou FL789" },
      { type: "search", time: t(4), user: "Bruno Feed", action: "Buscou pastilha gol" },
      { type: "import", time: t(3), user: "Sistema", action: "Importação concluída" },
      { type: "search", time: t(2), user: "Ana Feed", action: "Buscou BR123456" },
    ]);
    expect(recentActivityFeed(6, t(10))[4]).toEqual({
      type: "payment",
      time: t(1),
      user: "Ana Feed",
      action: "Pagamento aprovado",
    });
  });

  it("narrows to one person's own items", async () => {
    createFreePlan();
    const { user } = await createUser({ name: "Carla Feed" });
    const other = (await createUser({ name: "Davi Feed" })).user;
    const t = (minutes: number) => new Date(Date.UTC(2099, 5, 1, 12, minutes));
    recordSearch({ userId: other.id, query: "OUTRO1", at: t(1) });
    recordSearch({ userId: user.id, query: "MEU1", at: t(2) });
    recordActivity({ actorId: other.id, type: "payment", action: "Pagamento do Davi", at: t(3) });
    recordActivity({ actorId: user.id, type: "payment", action: "Pagamento da Carla", at: t(4) });

    const mine = recentActivityFeed(20, t(10), { userId: user.id });
    expect(mine.map((item) => item.action)).toEqual([
      "Pagamento da Carla",
      "Buscou MEU1",
      "Nova conta: Carla Feed",
    ]);
    expect(mine.every((item) => item.user === "Carla Feed")).toBe(true);
  });
});
