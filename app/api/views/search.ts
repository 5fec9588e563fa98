import type { CreditStats } from "~/models/accounts/index.server";
import type { DescriptionPage } from "~/models/search/description.types";
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

type FacetView<V> = { value: V; label: string; count: number };

/**
 * What GET /api/parts/search answers beside `data` (ADR 0035): the true total and the page, and
 * for a description, what was understood, the narrowing choices and (when nothing is found) the
 * nearest searches. `data` stays the list of parts.
 */
export function searchPageView(
  paging: { total: number; page: number; perPage: number; pages: number },
  description: DescriptionPage | null,
) {
  const facet = <V>(values: FacetView<V>[]) =>
    values.map((v) => ({ value: v.value, label: v.label, count: v.count }));
  return {
    total: paging.total,
    /** True when a very broad query counted only the matches it read: "more than total". */
    total_is_lower_bound: description?.totalIsLowerBound ?? false,
    page: paging.page,
    per_page: paging.perPage,
    pages: paging.pages,
    understood: description && {
      query: description.understood.query,
      part_words: description.understood.partWords,
      vehicle: description.understood.vehicleLabel,
      corrections: description.understood.corrections,
      ignored_words: description.understood.ignoredWords,
    },
    facets: description && {
      categories: facet(description.facets.categories),
      manufacturers: facet(description.facets.manufacturers),
      brands: facet(description.facets.brands),
      models: facet(description.facets.models),
      years: facet(description.facets.years),
      positions: facet(description.facets.positions),
    },
    suggestions: description?.suggestions ?? [],
  };
}
