import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { creditLedger, searches, users } from "~db/schema";
import { db } from "~/utils/db.server";
import { createPart, createPlan, createUser } from "../../../tests/support/factories";
import { subscriptions } from "~db/schema";
import { searchParts } from "./metering.server";

/** A user on a plan with `daily` searches a day and `extra` credits. */
async function customer(daily: number, extra = 0) {
  const plan = createPlan({ creditsPerMonth: daily * 30, priceCents: 1000 });
  const { user } = await createUser();
  db()
    .update(subscriptions)
    .set({ planId: plan.id })
    .where(eq(subscriptions.userId, user.id))
    .run();
  db().update(users).set({ creditsBalance: extra }).where(eq(users.id, user.id)).run();
  return user;
}

beforeAll(() => {
  createPlan({ name: "Gratuito PS", priceCents: null, creditsPerMonth: 1500, sortOrder: -1 });
  for (let i = 0; i < 12; i++)
    createPart({
      code: `PS-${1000 + i}`,
      name: `Pastilha teste ${i}`,
      alternatives: [`ALT-PS-${i}`],
    });
});

const at = (iso: string) => new Date(iso);

describe("fair metering", () => {
  it("charges a search with results once per day, and never one without results", async () => {
    const user = await customer(3);
    const now = at("2026-04-10T15:00:00Z");
    const first = searchParts(user, { query: "ps-1000", type: "code" }, now);
    expect(first).toMatchObject({ status: "ok", charged: true });
    const again = searchParts(user, { query: "PS 1000", type: "code" }, now);
    expect(again).toMatchObject({ status: "ok", charged: false });
    const nothing = searchParts(user, { query: "NAO-EXISTE-999", type: "code" }, now);
    expect(nothing).toMatchObject({ status: "ok", charged: false, hits: [] });
    expect(again.status === "ok" && again.stats.remainingSearches).toBe(2);
    const logged = db()
      .select()
      .from(searches)
      .where(eq(searches.userId, user.id))
      .orderBy(searches.id)
      .all();
    expect(logged.map((s) => [s.queryNorm, s.charged, s.resultsCount])).toEqual([
      ["PS1000", true, 1],
      ["PS1000", false, 1],
      ["NAOEXISTE999", false, 0],
    ]);
    expect(logged.map((s) => [s.day, s.createdAt.getTime()])).toEqual(
      Array(3).fill(["2026-04-10", now.getTime()]),
    );
    const row = db().select().from(users).where(eq(users.id, user.id)).get()!;
    expect(row.lastSearchAt?.getTime()).toBe(now.getTime());
  });

  it("warns at five or fewer and stops at zero with the repeated query still free", async () => {
    const user = await customer(6);
    const now = at("2026-04-10T15:00:00Z");
    const r1 = searchParts(user, { query: "PS-1001", type: "code" }, now);
    expect(r1.status === "ok" && r1.lowCredits).toBe(true);
    for (const code of ["PS-1002", "PS-1003", "PS-1004", "PS-1005", "PS-1006"])
      searchParts(user, { query: code, type: "code" }, now);
    const blocked = searchParts(user, { query: "PS-1007", type: "code" }, now);
    expect(blocked.status).toBe("exhausted");
    expect(blocked.stats.remainingSearches).toBe(0);
    expect(searchParts(user, { query: "ps1001", type: "code" }, now)).toMatchObject({
      status: "ok",
      charged: false,
    });
  });

  it("uses extra credits after the allowance, writing the ledger", async () => {
    const user = await customer(1, 2);
    const now = at("2026-04-10T15:00:00Z");
    expect(searchParts(user, { query: "PS-1001", type: "code" }, now)).toMatchObject({
      charged: true,
    });
    expect(searchParts(user, { query: "PS-1002", type: "code" }, now)).toMatchObject({
      charged: true,
    });
    expect(searchParts(user, { query: "PS-1003", type: "code" }, now)).toMatchObject({
      charged: true,
    });
    expect(searchParts(user, { query: "PS-1004", type: "code" }, now).status).toBe("exhausted");
    const ledger = db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    expect(ledger.map((l) => [l.delta, l.balanceAfter, l.reason])).toEqual([
      [-1, 1, "search"],
      [-1, 0, "search"],
    ]);
    expect(db().select().from(users).where(eq(users.id, user.id)).get()!.creditsBalance).toBe(0);
  });

  it("turns the day at 00:00 in São Paulo, not UTC", async () => {
    const user = await customer(1);
    const lateEvening = at("2026-04-11T02:59:00Z"); // 23:59 on the 10th in São Paulo
    expect(searchParts(user, { query: "PS-1001", type: "code" }, lateEvening)).toMatchObject({
      charged: true,
    });
    expect(searchParts(user, { query: "PS-1002", type: "code" }, lateEvening).status).toBe(
      "exhausted",
    );
    const midnight = at("2026-04-11T03:00:00Z"); // 00:00 on the 11th
    const next = searchParts(user, { query: "PS-1002", type: "code" }, midnight);
    expect(next).toMatchObject({ status: "ok", charged: true });
  });

  it("never charges or blocks admins", async () => {
    const { user } = await createUser({ role: "admin" });
    const now = at("2026-04-10T15:00:00Z");
    for (let i = 0; i < 5; i++) {
      expect(searchParts(user, { query: `PS-${1000 + i}`, type: "code" }, now)).toMatchObject({
        status: "ok",
        charged: false,
        lowCredits: false,
      });
    }
  });

  it("finds parts by description and by alternative code", async () => {
    const user = await customer(10);
    const byWords = searchParts(
      user,
      { query: "pastilhas teste", type: "description" },
      at("2026-04-10T15:00:00Z"),
    );
    expect(byWords.status === "ok" && byWords.hits.length).toBe(12);
    const byAlternative = searchParts(
      user,
      { query: "alt ps 3", type: "code" },
      at("2026-04-10T15:00:00Z"),
    );
    expect(byAlternative.status === "ok" && byAlternative.hits[0]).toMatchObject({
      code: "PS-1003",
      viaCode: "ALT-PS-3",
    });
  });

  it("narrows by category before metering: nothing in the category costs nothing", async () => {
    const user = await customer(5);
    const now = at("2026-04-12T15:00:00Z");
    const elsewhere = searchParts(
      user,
      { query: "PS-1001", type: "code", categoryId: 999_999 },
      now,
    );
    expect(elsewhere).toMatchObject({ status: "ok", charged: false, hits: [] });
    const anywhere = searchParts(user, { query: "PS-1001", type: "code" }, now);
    expect(anywhere).toMatchObject({ status: "ok", charged: true });
  });
});
