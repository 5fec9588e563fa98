import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLedger, searches, users } from "~db/schema";
import { db } from "~/utils/db.server";
import { createPart, createPlan, createUser } from "../../../tests/support/factories";
import { race } from "../../../tests/support/race";

describe("credits under load", () => {
  it("charges exactly 50 of 200 searches racing from two OS processes", async () => {
    createPlan({
      name: "Gratuito Corrida",
      priceCents: null,
      creditsPerMonth: 1200,
      sortOrder: -1,
    }); // 40 a day
    const { user } = await createUser();
    db().update(users).set({ creditsBalance: 10 }).where(eq(users.id, user.id)).run(); // + 10 extra = 50
    const codes = Array.from({ length: 200 }, (_, i) => `RACE-${i}`);
    for (const code of codes) createPart({ code, name: `Peça ${code}` });

    const halves = [codes.filter((_, i) => i % 2 === 0), codes.filter((_, i) => i % 2 === 1)];
    const outputs = await race(
      "search-race-worker.ts",
      halves.map((share) => [String(user.id), ...share]),
    );
    const counts = outputs.map((out) => JSON.parse(out) as { ok: number; exhausted: number });
    const charged = counts.reduce((sum, c) => sum + c.ok, 0);
    const refused = counts.reduce((sum, c) => sum + c.exhausted, 0);
    expect(charged).toBe(50);
    expect(refused).toBe(150);
    expect(counts.every((c) => c.ok > 0)).toBe(true);

    const chargedRows = db()
      .select({ n: count() })
      .from(searches)
      .where(and(eq(searches.userId, user.id), eq(searches.charged, true)))
      .get()!.n;
    expect(chargedRows).toBe(50);
    const ledger = db()
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, user.id))
      .orderBy(creditLedger.id)
      .all();
    expect(ledger.map((l) => l.balanceAfter)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(db().select().from(users).where(eq(users.id, user.id)).get()!.creditsBalance).toBe(0);
  }, 90_000);
});
