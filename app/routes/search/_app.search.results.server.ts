import {
  alternativeCodesFor,
  compatibleVehicleCounts,
  getCategory,
  vehicleGroupsForPart,
} from "~/models/catalogue/index.server";
import { isDescriptionQuery } from "~/utils/codes";
import {
  type PartHit,
  type SearchOutcome,
  searchParts,
  searchReadCodes,
  type SearchType,
} from "~/models/search/index.server";
import {
  DESCRIPTION_PER_PAGE,
  type DescriptionPage,
  type SearchFilters,
} from "~/models/search/description.types";
import { searchPagingSchema } from "~/schemas/search/search";
import type { FilterKey } from "~/utils/search-params";
import * as messages from "~/messages";
import type { User } from "~/models/accounts/index.server";
import { vehiclePageParam } from "~/utils/search-params";

export function resolveSearchType(
  query: string,
  requested: SearchType | undefined,
  origin?: string,
): SearchType {
  // On the results page and in the header, the whitespace/year rule forces a description search.
  if (isDescriptionQuery(query, { header: origin === "header" })) return "description";
  return requested ?? "code";
}

/** The page of results and the narrowing the URL asks for; bad values are ignored (ADR 0035). */
export function readPaging(params: URLSearchParams) {
  return searchPagingSchema.parse(Object.fromEntries(params));
}

/**
 * Runs a search for the results page and loads what each card shows. A description search is
 * paged and narrowed by the URL; another page or a filter re-reads it without a new charge.
 */
export function searchResultsPage(
  user: User,
  query: string,
  type: SearchType,
  params: URLSearchParams,
  now = new Date(),
) {
  const { page, filters } = readPaging(params);
  const outcome: SearchOutcome = searchParts(
    user,
    { query, type, filters, paging: { page, perPage: DESCRIPTION_PER_PAGE } },
    now,
    { replay: isReplay(params) },
  );
  if (outcome.status === "exhausted") return { outcome, cards: [], description: null };
  // A code that found nothing is answered as a code (its tips), not as the words it was also tried as.
  const found = type === "code" && outcome.description?.total === 0 ? null : outcome.description;
  if (!found) return { outcome, cards: resultCards(outcome.hits, params), description: null };
  return {
    outcome,
    cards: resultCards(found.hits, params),
    description: descriptionView(found, filters),
  };
}

/** What the page shows of a description search, beside its cards. */
function descriptionView(found: DescriptionPage, filters: SearchFilters) {
  const { understood } = found;
  const chosenVehicle = [filters.brand, filters.model, filters.year].filter(Boolean).join(" ");
  const label = understood.vehicleLabel ?? (chosenVehicle || null);
  return {
    understood: {
      query: understood.query,
      partWords: understood.partWords,
      vehicleLabel: understood.vehicleLabel,
      corrections: understood.corrections,
      ignoredWords: understood.ignoredWords,
    },
    /** The vehicle the cards' badge and highlighted groups refer to: the query's, or the filters'. */
    vehicle: label
      ? {
          label,
          models: understood.vehicle?.models.length
            ? understood.vehicle.models
            : filters.model
              ? [filters.model]
              : [],
          year: understood.vehicle?.year ?? filters.year ?? null,
          yearTo: understood.vehicle?.yearTo ?? null,
        }
      : null,
    total: found.total,
    totalIsLowerBound: found.totalIsLowerBound,
    page: found.page,
    pages: found.pages,
    perPage: found.perPage,
    facets: found.facets,
    suggestions: found.suggestions,
    active: activeFilters(found, filters),
  };
}

/** The chosen filters with the label each value reads as ("Categoria: Freios"). */
function activeFilters(found: DescriptionPage, filters: SearchFilters) {
  const active: { key: FilterKey; value: string; label: string }[] = [];
  for (const key of Object.keys(filters) as FilterKey[]) {
    const value = filters[key];
    if (value === undefined) continue;
    let label = String(value);
    if (key === "categoryId")
      label =
        found.facets.categories.find((c) => c.value === value)?.label ??
        getCategory(Number(value))?.name ??
        label;
    if (key === "position") label = messages.search.position[label] ?? label;
    active.push({ key, value: String(value), label });
  }
  return active;
}

/** Paging a card's vehicles (v<partId>=N) re-reads a search already shown: no new charge. */
function isReplay(params: URLSearchParams): boolean {
  return [...params.keys()].some((key) => /^v\d+$/.test(key));
}

/**
 * The first cards open with a page of their vehicles, grouped by model ("Gol G5 2010–2012"); the
 * others show how many vehicles they fit and open on demand (their `v<partId>` parameter), so a
 * 20-hit page reads 3 vehicle lists, not 20.
 */
export const OPEN_CARDS = 3;

function resultCards<H extends PartHit>(hits: H[], params: URLSearchParams) {
  const ids = hits.map((h) => h.id);
  const codes = alternativeCodesFor(ids);
  const counts = compatibleVehicleCounts(ids);
  return hits.map((hit, index) => {
    const requested = params.get(vehiclePageParam(hit.id));
    const open = index < OPEN_CARDS || requested !== null;
    const total = counts.get(hit.id) ?? 0;
    return {
      ...hit,
      fitsVehicle: "fitsVehicle" in hit ? Boolean(hit.fitsVehicle) : undefined,
      alternativeCodes: codes.get(hit.id) ?? [],
      vehicles:
        open && total > 0
          ? vehicleGroupsForPart(hit.id, Number(requested ?? 1) || 1)
          : { items: null, total },
    };
  });
}

/** The results of a search by photo: `lido` holds the codes read on it, best first. */
export function readCodeResultsPage(
  user: User,
  read: string[],
  params: URLSearchParams,
  now = new Date(),
) {
  const outcome = searchReadCodes(user, read, now, { replay: isReplay(params) });
  if (outcome.status === "exhausted") return { outcome, cards: [], description: null };
  return { outcome, cards: resultCards(outcome.hits, params), description: null };
}
