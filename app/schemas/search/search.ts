import { z } from "zod";
import * as messages from "~/messages";

export const SEARCH_TYPES = ["code", "description"] as const;

/** Where a search form sits: each has its own empty-query message in the spec. */
export const SEARCH_ORIGINS = ["header", "home-code", "home-description", "results"] as const;
export type SearchOrigin = (typeof SEARCH_ORIGINS)[number];

export function emptyQueryMessage(origin: SearchOrigin | undefined): string {
  const m = messages.search;
  if (origin === "home-code") return m.emptyCode;
  if (origin === "home-description") return m.emptyDescription;
  return m.emptyQuery;
}

/** The GET form of every search box: q, an optional type, and the box it came from. */
export const searchQuerySchema = z
  .object({
    q: z.string().optional(),
    type: z.enum(SEARCH_TYPES).optional().catch(undefined),
    from: z.enum(SEARCH_ORIGINS).optional().catch(undefined),
  })
  .superRefine((value, ctx) => {
    if (!value.q?.trim())
      ctx.addIssue({ code: "custom", path: ["q"], message: emptyQueryMessage(value.from) });
  })
  .transform((value) => ({ q: value.q!.trim().slice(0, 120), type: value.type, from: value.from }));

/** Description results are paged 20 at a time (ADR 0035); the deepest page served. */
export const SEARCH_MAX_PAGE = 500;
/** A filter's text (manufacturer, brand, model, position) as stored is never longer. */
export const SEARCH_FILTER_TEXT_MAX = 80;
export const SEARCH_YEAR_MIN = 1900;
export const SEARCH_YEAR_MAX = 2100;

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL = /[\u0000-\u001F\u007F]/;

export type FilterProblem = "invalid" | "too_long";

/** A filter's text: trimmed; empty is no filter; too long or with control characters is refused. */
export function filterText(raw: string | undefined): string | undefined | FilterProblem {
  const text = raw?.trim() ?? "";
  if (text === "") return undefined;
  if (text.length > SEARCH_FILTER_TEXT_MAX) return "too_long";
  if (CONTROL.test(text)) return "invalid";
  return text;
}

/** A whole number in [min, max] written in at most 12 digits; empty is none. */
export function filterInteger(
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined | FilterProblem {
  const text = raw?.trim() ?? "";
  if (text === "") return undefined;
  if (!/^\d{1,12}$/.test(text)) return "invalid";
  const value = Number(text);
  return value >= min && value <= max ? value : "invalid";
}

const lenient = <T>(value: T | undefined | FilterProblem): T | undefined =>
  value === "invalid" || value === "too_long" ? undefined : (value as T | undefined);

/**
 * The search page's page and narrowing (ADR 0035). A link is never an error: a bad value is
 * ignored (the filter is off, the page is the first), as a stale or edited URL still lands.
 */
export const searchPagingSchema = z
  .object({
    page: z.string().optional().catch(undefined),
    category_id: z.string().optional().catch(undefined),
    manufacturer: z.string().optional().catch(undefined),
    brand: z.string().optional().catch(undefined),
    model: z.string().optional().catch(undefined),
    year: z.string().optional().catch(undefined),
    position: z.string().optional().catch(undefined),
  })
  .transform((raw) => ({
    page: lenient(filterInteger(raw.page, 1, Number.MAX_SAFE_INTEGER)) ?? 1,
    filters: {
      categoryId: lenient(filterInteger(raw.category_id, 1, Number.MAX_SAFE_INTEGER)),
      manufacturer: lenient(filterText(raw.manufacturer)),
      brand: lenient(filterText(raw.brand)),
      model: lenient(filterText(raw.model)),
      year: lenient(filterInteger(raw.year, SEARCH_YEAR_MIN, SEARCH_YEAR_MAX)),
      position: lenient(filterText(raw.position)),
    },
  }))
  .transform((value) => ({
    page: Math.min(value.page, SEARCH_MAX_PAGE),
    filters: Object.fromEntries(
      Object.entries(value.filters).filter(([, v]) => v !== undefined),
    ) as SearchFilters,
  }));

/** Narrowing chosen by the user (URL parameters), on top of what the query itself says. */
export type SearchFilters = {
  categoryId?: number;
  /** The part's manufacturer, as stored ("Cofap"). */
  manufacturer?: string;
  /** Vehicle brand as stored ("Volkswagen"). */
  brand?: string;
  /** Vehicle model as stored ("Gol"). */
  model?: string;
  year?: number;
  /** The fitment's position, as stored ("dianteiro", "traseiro"). */
  position?: string;
};
