import type { FacetValue, SearchFacets } from "~/schemas/search/search-facets";
import type { SearchFilters } from "~/schemas/search/search";
import type { PartHit } from "./codes.server";

/**
 * The contract of a description search (issue #25): what a query was understood as, the page of
 * parts, the true total, the narrowing choices and, when nothing is found, the nearest answers.
 * Shared by the search page, the API and the relevance bench.
 */

export type { FacetValue, SearchFacets, SearchFilters };

export type Paging = { page: number; perPage: number };

export const DESCRIPTION_PER_PAGE = 20;
export const DESCRIPTION_MAX_PER_PAGE = 100;

/** The vehicle the words of a query name, taken from the catalogue's own vehicles. */
export type UnderstoodVehicle = {
  brand: string | null;
  /** One model, or several when the words name a family ("L200" → L200 Triton, L200 Triton Sport). */
  models: string[];
  year: number | null;
  /** The last year when a range was asked ("gol 2010 a 2013"); null for one year. */
  yearTo: number | null;
  /** As stored in vehicles.engine, matched by prefix ("1.6" → "1.6 16V", "1.6 8V"). */
  engine: string | null;
  fuel: string | null;
};

export type Correction = { from: string; to: string };

export type UnderstoodQuery = {
  /** The query as typed. */
  query: string;
  /** The words searched as text, after synonyms and corrections ("pastilha freio"). */
  partWords: string[];
  /** Null when the query names no vehicle. */
  vehicle: UnderstoodVehicle | null;
  /** "Volkswagen Gol 2015", for "Peças que servem em …"; null without a vehicle. */
  vehicleLabel: string | null;
  /** Misspelt words replaced by the catalogue's word ("pastilah" → "pastilha"). */
  corrections: Correction[];
  /** Words the catalogue does not hold and that were left out ("preciso", "pro", "turbo"). */
  ignoredWords: string[];
};

/** A part of a description page, and whether it fits the understood or chosen vehicle. */
export type DescriptionHit = PartHit & { fitsVehicle: boolean };

/** A query worth offering when nothing was found, with how many parts it finds. */
export type Suggestion = {
  kind: "spelling" | "without_year" | "without_engine" | "without_vehicle" | "fewer_words";
  query: string;
  total: number;
};

export type DescriptionPage = {
  understood: UnderstoodQuery;
  hits: DescriptionHit[];
  total: number;
  /** Set when more parts match than are read (a very broad query on a big catalogue): "mais de N". */
  totalIsLowerBound: boolean;
  page: number;
  perPage: number;
  pages: number;
  facets: SearchFacets;
  /** Filled only when `total` is 0. */
  suggestions: Suggestion[];
};
