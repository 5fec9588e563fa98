import { describe, expect, it } from "vitest";
import type { SearchStats } from "~/models/accounts/index.server";
import { exhaustedView, searchCreditHeaders } from "./search";

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

  it("never reports a negative remainder when the credits are spent", () => {
    expect(exhaustedView(stats(-1))).toEqual({ remaining_searches: 0 });
    expect(exhaustedView(stats(2))).toEqual({ remaining_searches: 2 });
  });
});
