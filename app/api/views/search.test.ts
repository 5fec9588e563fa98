import { describe, expect, it } from "vitest";
import type { SearchStats } from "~/models/accounts/index.server";
import { exhaustedAnswer, exhaustedView, exhaustedViewSchema, searchCreditHeaders } from "./search";

const stats = (remainingSearches: number): SearchStats => ({
  searchesToday: 5,
  chargedToday: 5,
  totalSearches: 40,
  dailyAllowance: 5,
  creditsBalance: 0,
  remainingSearches,
});

describe("search credit views", () => {
  it("sends the credits as header strings, −1 meaning unlimited", () => {
    expect(
      searchCreditHeaders({ stats: stats(-1), charged: false, lowCredits: false }, "code"),
    ).toEqual({
      "X-Remaining-Searches": "-1",
      "X-Search-Charged": "false",
      "X-Low-Credits": "false",
      "X-Search-Type": "code",
    });
  });

  it("carries the day's credits as RateLimit headers, none when unlimited", () => {
    // 21:00 in São Paulo: the credit day ends in three hours.
    const now = new Date("2026-03-02T00:00:00Z");
    const outcome = { stats: stats(3), charged: true, lowCredits: true };
    expect(searchCreditHeaders(outcome, "description", now)).toMatchObject({
      "X-Remaining-Searches": "3",
      "RateLimit-Policy": '"creditos";q=5;w=86400',
      RateLimit: '"creditos";r=3;t=10800',
    });
  });

  it("never reports a negative remainder when the credits are spent, and says when they return", () => {
    const now = new Date("2026-03-02T02:59:59.500Z");
    expect(exhaustedView(stats(-1), now)).toEqual({
      remaining_searches: 0,
      resets_at: "2026-03-02T03:00:00.000Z",
    });
    expect(exhaustedView(stats(2), now).remaining_searches).toBe(2);
  });

  it("answers a 402 with the reset as Retry-After and RateLimit's t", () => {
    const answer = exhaustedAnswer(stats(0), new Date("2026-03-01T15:00:00Z"));
    expect(answer.init).toEqual({
      status: 402,
      headers: {
        "X-Remaining-Searches": "0",
        "Retry-After": "43200",
        "RateLimit-Policy": '"creditos";q=5;w=86400',
        RateLimit: '"creditos";r=0;t=43200',
      },
    });
    expect(answer.body.data.resets_at).toBe("2026-03-02T03:00:00.000Z");
    expect(exhaustedViewSchema.parse(answer.body.data)).toEqual(answer.body.data);
  });
});
