import { alternativeCodesFor, vehiclesForPart } from "~/models/fitment.server";
import { isDescriptionQuery } from "~/utils/codes";
import { searchParts, type SearchOutcome, type SearchType } from "~/models/part-search.server";
import type { User } from "~/models/user.server";
import { vehiclePageParam } from "~/schemas/search";

export function resolveSearchType(
  query: string,
  requested: SearchType | undefined,
  origin?: string,
): SearchType {
  // On the results page and in the header, the whitespace/year rule forces a description search.
  if (isDescriptionQuery(query, { header: origin === "header" })) return "description";
  return requested ?? "code";
}

/** Runs a search for the results page and loads what each card shows. */
export function searchResultsPage(
  user: User,
  query: string,
  type: SearchType,
  params: URLSearchParams,
  now = new Date(),
) {
  const replay = [...params.keys()].some((key) => /^v\d+$/.test(key));
  const outcome: SearchOutcome = searchParts(user, { query, type }, now, { replay });
  if (outcome.status === "exhausted") return { outcome, cards: [] };
  const codes = alternativeCodesFor(outcome.hits.map((h) => h.id));
  const cards = outcome.hits.map((hit) => ({
    ...hit,
    alternativeCodes: codes.get(hit.id) ?? [],
    vehicles: vehiclesForPart(hit.id, Number(params.get(vehiclePageParam(hit.id)) ?? 1)),
  }));
  return { outcome, cards };
}
