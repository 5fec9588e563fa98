import type { CreditStats } from "~/models/credits.server";
import * as messages from "~/messages";

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

/**
 * The 402 every metered API search answers when the day's credits are spent: the envelope, and
 * its status and headers, for `Response.json(answer.body, answer.init)`.
 */
export function exhaustedAnswer(stats: CreditStats) {
  return {
    body: { success: false, data: exhaustedView(stats), message: messages.search.exhausted },
    init: { status: 402, headers: { "X-Remaining-Searches": "0" } },
  };
}

/** The message of a search's answer: found one, found N, or nothing for this kind of query. */
export function foundMessage(count: number, type: "code" | "description"): string {
  const m = messages.search;
  if (count === 0) return type === "code" ? m.noResultCode : m.noResultDescription;
  return count === 1 ? m.foundOne : m.foundMany(count);
}
