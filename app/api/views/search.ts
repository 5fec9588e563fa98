import { z } from "zod";
import type { CreditStats } from "~/models/accounts/index.server";
import type { DescriptionPage, Suggestion } from "~/models/search/description.types";
import type { CataloguePart } from "~/models/catalogue/index.server";
import type { ReadMatch } from "~/models/search/index.server";
import * as messages from "~/messages";
import { creditDayEnd } from "~/utils/credit-day";
import { partListView, partViewSchema } from "./parts";
import { rateLimitHeaders, secondsUntil } from "~/utils/rate-limit-headers";
import { creditsItem } from "./rate-limit";

/**
 * Credit information of an API search travels in headers, so `data` stays the spec's list of parts:
 * X-Remaining-Searches (−1 unlimited), X-Search-Charged, X-Low-Credits, X-Search-Type, and the
 * day's credits as RateLimit-Policy and RateLimit (none for an unlimited account; ADR 0050).
 */
export function searchCreditHeaders(
  outcome: { stats: CreditStats; charged: boolean; lowCredits: boolean },
  type: string,
  now: Date = new Date(),
): Record<string, string> {
  return {
    "X-Remaining-Searches": String(outcome.stats.remainingSearches),
    "X-Search-Charged": String(outcome.charged),
    "X-Low-Credits": String(outcome.lowCredits),
    "X-Search-Type": type,
    ...rateLimitHeaders([creditsItem(outcome.stats, now)]),
  };
}

/** The `data` of a 402 when the day's credits are spent: what is left, and when they come back. */
export const exhaustedViewSchema = z.object({
  remaining_searches: z.int().min(0),
  /** When the credit day ends and the day's credits come back (ISO 8601, UTC). */
  resets_at: z.iso.datetime(),
});

export function exhaustedView(
  stats: CreditStats,
  now: Date = new Date(),
): z.infer<typeof exhaustedViewSchema> {
  return {
    remaining_searches: Math.max(0, stats.remainingSearches),
    resets_at: creditDayEnd(now).toISOString(),
  };
}

/**
 * The 402 every metered API search answers when the day's credits are spent: the envelope, and
 * its status and headers (the reset as Retry-After and RateLimit's `t`), for
 * `Response.json(answer.body, answer.init)`.
 */
export function exhaustedAnswer(stats: CreditStats, now: Date = new Date()) {
  const credits = creditsItem(stats, now);
  return {
    body: { success: false, data: exhaustedView(stats, now), message: messages.search.exhausted },
    init: {
      status: 402,
      headers: {
        "X-Remaining-Searches": "0",
        "Retry-After": String(secondsUntil(creditDayEnd(now), now)),
        ...rateLimitHeaders([credits && { ...credits, remaining: 0 }]),
      },
    },
  };
}

/** The message of a search's answer: found one, found N, or nothing for this kind of query. */
export function foundMessage(count: number, type: "code" | "description"): string {
  const m = messages.search;
  if (count === 0) return type === "code" ? m.noResultCode : m.noResultDescription;
  return count === 1 ? m.foundOne : m.foundMany(count);
}

type FacetView<V> = { value: V; label: string; count: number };

const facetSchema = <V extends z.ZodType>(value: V) =>
  z.array(z.object({ value, label: z.string(), count: z.int() }));

const SUGGESTION_KINDS = [
  "spelling",
  "without_year",
  "without_engine",
  "without_vehicle",
  "fewer_words",
] as const satisfies readonly Suggestion["kind"][];

/**
 * What GET /api/parts/search answers beside `data` (ADR 0035). `understood` and `facets` are null
 * for a code search.
 */
export const searchPageViewSchema = z.object({
  total: z.int(),
  /** True when a very broad query counted only the matches it read: "more than total". */
  total_is_lower_bound: z.boolean(),
  page: z.int(),
  per_page: z.int(),
  pages: z.int(),
  understood: z
    .object({
      query: z.string(),
      part_words: z.array(z.string()),
      vehicle: z.string().nullable(),
      corrections: z.array(z.object({ from: z.string(), to: z.string() })),
      ignored_words: z.array(z.string()),
    })
    .nullable(),
  facets: z
    .object({
      categories: facetSchema(z.int()),
      manufacturers: facetSchema(z.string()),
      brands: facetSchema(z.string()),
      models: facetSchema(z.string()),
      years: facetSchema(z.int()),
      positions: facetSchema(z.string()),
    })
    .nullable(),
  suggestions: z.array(
    z.object({ kind: z.enum(SUGGESTION_KINDS), query: z.string(), total: z.int() }),
  ),
});
export type SearchPageView = z.infer<typeof searchPageViewSchema>;

/**
 * What GET /api/parts/search answers beside `data` (ADR 0035): the true total and the page, and
 * for a description, what was understood, the narrowing choices and (when nothing is found) the
 * nearest searches. `data` stays the list of parts.
 */
export function searchPageView(
  paging: { total: number; page: number; perPage: number; pages: number },
  description: DescriptionPage | null,
): SearchPageView {
  const facet = <V>(values: FacetView<V>[]) =>
    values.map((v) => ({ value: v.value, label: v.label, count: v.count }));
  return {
    total: paging.total,
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

/** A part of GET /api/parts/search's page: the Part, and whether it fits the vehicle asked for. */
export const searchHitViewSchema = partViewSchema.extend({
  /** Whether the part fits the vehicle the query names or the filters choose; null for a code. */
  fits_vehicle: z.boolean().nullable(),
});
export type SearchHitView = z.infer<typeof searchHitViewSchema>;

export function searchHitsView(
  parts: CataloguePart[],
  fits: ReadonlyMap<number, boolean>,
): SearchHitView[] {
  return partListView(parts).map((part) => ({ ...part, fits_vehicle: fits.get(part.id) ?? null }));
}

const READ_MATCHES = ["as_read", "look_alike", "prefix"] as const satisfies readonly ReadMatch[];

/** POST /api/search/image: what the photo was read as, and the parts the code found. */
export const imageSearchViewSchema = z.object({
  reading: z.object({
    /** The code that found the parts, else the best code read; null when none was usable. */
    code: z.string().nullable(),
    /** How the code was matched: as read, with look-alike characters fixed, or as a prefix. */
    match: z.enum(READ_MATCHES).nullable(),
    /** Every code read on the photo, best first. */
    codes: z.array(z.string()),
  }),
  parts: z.array(partViewSchema),
});
export type ImageSearchView = z.infer<typeof imageSearchViewSchema>;

export function imageSearchView(
  reading: { code: string; match: ReadMatch | null } | null,
  codes: string[],
  parts: CataloguePart[],
): ImageSearchView {
  return {
    reading: { code: reading?.code ?? null, match: reading?.match ?? null, codes },
    parts: partListView(parts),
  };
}
