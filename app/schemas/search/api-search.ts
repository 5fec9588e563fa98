import { z } from "zod";
import * as messages from "~/messages";
import {
  filterInteger,
  filterText,
  SEARCH_FILTER_TEXT_MAX,
  SEARCH_MAX_PAGE,
  SEARCH_TYPES,
  SEARCH_YEAR_MAX,
  SEARCH_YEAR_MIN,
} from "./search";

/**
 * Query-string and path parameters of the parts, vehicles and dashboard API. Every value arrives as
 * a string (or not at all); a bad one is a 400 with a pt-BR field message, never a 500.
 */

export const PARTS_SEARCH_DEFAULT_LIMIT = 20;
export const PARTS_SEARCH_MAX_LIMIT = 100;
export const VEHICLES_DEFAULT_PER_PAGE = 10;
export const VEHICLES_MAX_PER_PAGE = 100;
export const TOP_SEARCHES_DEFAULT_DAYS = 30;
export const TOP_SEARCHES_MAX_DAYS = 365;
export const TOP_SEARCHES_DEFAULT_LIMIT = 10;
export const TOP_SEARCHES_MAX_LIMIT = 50;
export const ACTIVITY_DEFAULT_LIMIT = 20;
export const ACTIVITY_MAX_LIMIT = 100;

const m = messages.apiSearch;

const INTEGER = /^[+-]?\d{1,15}$/;

/**
 * An optional integer parameter. Missing or empty gives the default; anything that is not a whole
 * number, or is below `min`, is an error. Above `max` it is an error too, unless `clamp` is set:
 * then asking for too many simply gets the most we serve.
 */
function integerParam(options: {
  min: number;
  max: number;
  fallback: number;
  message: string;
  clamp?: boolean;
}) {
  return z
    .string({ error: options.message })
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? "";
      if (text === "") return options.fallback;
      const value = INTEGER.test(text) ? Number(text) : Number.NaN;
      if (
        !Number.isSafeInteger(value) ||
        value < options.min ||
        (value > options.max && !options.clamp)
      ) {
        ctx.addIssue({ code: "custom", message: options.message });
        return z.NEVER;
      }
      return Math.min(value, options.max);
    });
}

/** An optional positive id (category_id); missing or empty means "no filter". */
function optionalIdParam(message: string) {
  return z
    .string({ error: message })
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? "";
      if (text === "") return undefined;
      const value = /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(value) || value < 1) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });
}

const f = messages.search.filterErrors;

/** A narrowing text (manufacturer, brand, model, position): bounded, no control characters. */
function filterTextParam(label: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = filterText(raw);
      if (value === "too_long" || value === "invalid") {
        ctx.addIssue({
          code: "custom",
          message:
            value === "too_long" ? f.tooLong(label, SEARCH_FILTER_TEXT_MAX) : f.invalidText(label),
        });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * GET /api/parts/search?q&type&page&per_page&limit&category_id&manufacturer&brand&model&year&position
 * (ADR 0035). `per_page` (1–100, more is served as 100) replaces `limit`, kept for older clients.
 */
export const apiPartsSearchSchema = z.object({
  q: z
    .string({ error: messages.search.emptyQuery })
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? "";
      if (text === "") {
        ctx.addIssue({ code: "custom", message: messages.search.emptyQuery });
        return z.NEVER;
      }
      // The same cap as the search screen's form.
      return text.slice(0, 120);
    }),
  limit: integerParam({
    min: 1,
    max: PARTS_SEARCH_MAX_LIMIT,
    fallback: PARTS_SEARCH_DEFAULT_LIMIT,
    message: m.invalidLimit(1, PARTS_SEARCH_MAX_LIMIT),
    clamp: true,
  }),
  page: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = filterInteger(raw, 1, SEARCH_MAX_PAGE);
      if (value === "invalid" || value === "too_long") {
        ctx.addIssue({ code: "custom", message: f.invalidPage(SEARCH_MAX_PAGE) });
        return z.NEVER;
      }
      return value ?? 1;
    }),
  per_page: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = filterInteger(raw, 1, Number.MAX_SAFE_INTEGER);
      if (value === "invalid" || value === "too_long") {
        ctx.addIssue({ code: "custom", message: m.invalidPerPage(PARTS_SEARCH_MAX_LIMIT) });
        return z.NEVER;
      }
      return value === undefined ? undefined : Math.min(value, PARTS_SEARCH_MAX_LIMIT);
    }),
  category_id: optionalIdParam(m.invalidCategory),
  manufacturer: filterTextParam(f.labels.manufacturer),
  brand: filterTextParam(f.labels.brand),
  model: filterTextParam(f.labels.model),
  year: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = filterInteger(raw, SEARCH_YEAR_MIN, SEARCH_YEAR_MAX);
      if (value === "invalid" || value === "too_long") {
        ctx.addIssue({ code: "custom", message: f.invalidYear(SEARCH_YEAR_MIN, SEARCH_YEAR_MAX) });
        return z.NEVER;
      }
      return value;
    }),
  position: filterTextParam(f.labels.position),
  type: z
    .string({ error: m.invalidType })
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? "";
      if (text === "") return undefined;
      const found = SEARCH_TYPES.find((t) => t === text);
      if (!found) {
        ctx.addIssue({ code: "custom", message: m.invalidType });
        return z.NEVER;
      }
      return found;
    }),
});

/** A numeric id in the path (/api/parts/:id, /api/vehicles/by-part/:partId); not one means "no such part". */
export function parsePathId(raw: string | undefined): number | null {
  const text = raw?.trim() ?? "";
  if (!/^\d{1,12}$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** GET /api/vehicles/by-part/:partId?page&per_page */
export const apiVehiclesByPartSchema = z.object({
  page: integerParam({ min: 1, max: 1_000_000, fallback: 1, message: m.invalidPage, clamp: true }),
  per_page: integerParam({
    min: 1,
    max: VEHICLES_MAX_PER_PAGE,
    fallback: VEHICLES_DEFAULT_PER_PAGE,
    message: m.invalidPerPage(VEHICLES_MAX_PER_PAGE),
    clamp: true,
  }),
});

/** GET /api/dashboard/top-searches?days&limit */
export const apiTopSearchesSchema = z.object({
  days: integerParam({
    min: 1,
    max: TOP_SEARCHES_MAX_DAYS,
    fallback: TOP_SEARCHES_DEFAULT_DAYS,
    message: m.invalidDays(TOP_SEARCHES_MAX_DAYS),
  }),
  limit: integerParam({
    min: 1,
    max: TOP_SEARCHES_MAX_LIMIT,
    fallback: TOP_SEARCHES_DEFAULT_LIMIT,
    message: m.invalidLimit(1, TOP_SEARCHES_MAX_LIMIT),
  }),
});

/** GET /api/dashboard/activity?limit */
export const apiActivitySchema = z.object({
  limit: integerParam({
    min: 1,
    max: ACTIVITY_MAX_LIMIT,
    fallback: ACTIVITY_DEFAULT_LIMIT,
    message: m.invalidLimit(1, ACTIVITY_MAX_LIMIT),
  }),
});

export const REVENUE_MAX_MONTHS = 36;
/** GET /api/dashboard/revenue?months */
export const apiRevenueSchema = z.object({
  months: integerParam({
    min: 1,
    max: REVENUE_MAX_MONTHS,
    fallback: 12,
    message: m.invalidMonths(REVENUE_MAX_MONTHS),
  }),
});

/** The first value of each query parameter, as zod reads it. */
export function queryParams(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) if (!(key in out)) out[key] = value;
  return out;
}

export type QueryParse<T> =
  { ok: true; value: T } | { ok: false; message: string; errors: Record<string, string[]> };

/** Reads a request's query string with a schema: the value, or the first message and every field's messages. */
export function parseQuery<S extends z.ZodType>(
  schema: S,
  request: Request,
): QueryParse<z.output<S>> {
  const parsed = schema.safeParse(queryParams(request));
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues)
    (errors[issue.path.join(".") || "_query"] ??= []).push(issue.message);
  return {
    ok: false,
    message: parsed.error.issues[0]?.message ?? messages.api.invalidData,
    errors,
  };
}
