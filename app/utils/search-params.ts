/**
 * The search page's own URL parameters, apart from its zod schema: the page's browser code needs
 * them, and importing them from the schema module would ship zod with every results page.
 */

/** The URL parameter that holds the vehicles page of one result card: v<partId>=<page>. */
export const vehiclePageParam = (partId: number) => `v${partId}`;

/** The URL parameter, repeated, that carries the codes read on a photo to the results page. */
export const READ_CODES_PARAM = "lido";

/**
 * The page of a description search and the narrowing it takes, with the same names as
 * GET /api/parts/search (ADR 0035).
 */
export const PAGE_PARAM = "page";
export const FILTER_PARAMS = {
  categoryId: "category_id",
  manufacturer: "manufacturer",
  brand: "brand",
  model: "model",
  year: "year",
  position: "position",
} as const;
export type FilterKey = keyof typeof FILTER_PARAMS;
