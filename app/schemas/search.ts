import { z } from "zod";
import * as messages from "~/messages";

export const SEARCH_TYPES = ["code", "description"] as const;
export type SearchTypeParam = (typeof SEARCH_TYPES)[number];

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
