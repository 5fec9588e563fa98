/**
 * The narrowing choices a description search offers beside its results (ADR 0035), each value with
 * how many parts it leaves. The search model counts them and the results page draws them; types
 * only, declared here because components may import schemas but not models.
 */

export type FacetValue<V extends string | number> = { value: V; label: string; count: number };

export type SearchFacets = {
  categories: FacetValue<number>[];
  manufacturers: FacetValue<string>[];
  brands: FacetValue<string>[];
  models: FacetValue<string>[];
  years: FacetValue<number>[];
  positions: FacetValue<string>[];
};
