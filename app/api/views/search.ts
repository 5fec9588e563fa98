import type { CreditStats } from "~/models/credits.server";

/**
 * Credit information of an API search travels in headers, so `data` stays the spec's list of parts:
 * X-Remaining-Searches (−1 unlimited), X-Search-Charged, X-Low-Credits, X-Search-Type.
 */
export function searchCreditHeaders(
  outcome: { stats: CreditStats; charged: boolean; lowCredits: boolean },
  type: string,
): Record<string, string> {
  return {
    "X-Remaining-Searches": String(outcome.stats.remainingSearches),
    "X-Search-Charged": String(outcome.charged),
    "X-Low-Credits": String(outcome.lowCredits),
    "X-Search-Type": type,
  };
}

/** The body of a 402 when the day's credits are spent. */
export function exhaustedView(stats: CreditStats) {
  return { remaining_searches: Math.max(0, stats.remainingSearches) };
}
