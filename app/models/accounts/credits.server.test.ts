import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searches, users } from "~db/schema";
import { db } from "~/utils/db.server";
import { creditDay } from "~/utils/credit-day";
import { createFreePlan, createUser } from "../../../tests/support/factories";
import { dailyAllowance, searchStats, UNLIMITED } from "./credits.server";
import { getUserById } from "./user.server";

describe("daily allowance", () => {
  it("is a thirtieth of the monthly credits, at least one, and unlimited stays unlimited", () => {
    expect(dailyAllowance(1500)).toBe(50);
    expect(dailyAllowance(6000)).toBe(200);
    expect(dailyAllowance(10)).toBe(1);
    expect(dailyAllowance(-1)).toBe(UNLIMITED);
    expect(dailyAllowance(null)).toBe(50);
  });
});

describe("search stats", () => {
  it("counts today's charged searches in São Paulo time and adds extra credits", async () => {
    createFreePlan();
    const { user } = await createUser();
    const now = new Date("2026-06-10T15:00:00Z");
    const day = creditDay(now);
    const rows = [
      { charged: true, day },
      { charged: true, day },
      { charged: false, day },
      { charged: true, day: "2026-06-09" },
    ];
    for (const row of rows) {
      db()
        .insert(searches)
        .values({ userId: user.id, query: "x", queryNorm: "X", type: "code", ...row })
        .run();
    }
    db().update(users).set({ creditsBalance: 7 }).where(eq(users.id, user.id)).run();
    const stats = searchStats(getUserById(user.id)!, now);
    expect(stats).toMatchObject({
      searchesToday: 3,
      chargedToday: 2,
      totalSearches: 4,
      dailyAllowance: 50,
    });
    expect(stats.remainingSearches).toBe(50 - 2 + 7);
  });

  it("is unlimited for admins", async () => {
    const { user } = await createUser({ role: "admin" });
    expect(searchStats(user).remainingSearches).toBe(UNLIMITED);
  });
});
