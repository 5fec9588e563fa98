/**
 * The catalogue source API: a paged feed of parts, each with its category, manufacturer,
 * alternative codes and the vehicles it fits. Paths below the base URL (CATALOGUE_SOURCE_URL,
 * default the app's own simulator at /catalogue-sim/api/v1):
 *
 * - `GET status` → CatalogueSourceStatus
 * - `GET items?page=N&per_page=M` (page from 1, per_page 1–100) → CatalogueSourcePage
 *
 * Errors answer `{ error }` with 400 (bad paging), 404, 429 (with Retry-After) or 5xx.
 * Items are in a stable order, so page N with the same per_page is always the same items.
 */

export type CatalogueSourceStatus = {
  /** Items (distinct parts) the source announces. */
  total_items: number;
  /** The source's default and maximum page sizes. */
  default_per_page: number;
  max_per_page: number;
  /** When the content last changed (ISO 8601). */
  updated_at: string;
};

export type CatalogueSourceFitment = {
  brand: string;
  model: string;
  year_start: number;
  year_end: number;
  version: string;
  engine: string | null;
  fuel: string | null;
  /** Fitting position ("Dianteiro", "Traseiro", "Dianteiro esquerdo"…), when it matters. */
  position: string | null;
  notes: string | null;
};

export type CatalogueSourceItem = {
  /** The source's stable id of the item. */
  id: string;
  code: string;
  name: string;
  manufacturer: string;
  category: string;
  description: string | null;
  alternative_codes: string[];
  vehicles: CatalogueSourceFitment[];
};

export type CatalogueSourcePage = {
  page: number;
  per_page: number;
  total_items: number;
  total_pages: number;
  items: CatalogueSourceItem[];
};
