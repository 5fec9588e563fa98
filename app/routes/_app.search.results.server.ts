import { alternativeCodesFor, vehiclesForPart } from "~/models/fitment.server";
import { isDescriptionQuery } from "~/utils/codes";
import { searchParts, type SearchOutcome, type SearchType } from "~/models/part-search.server";
import type { PartHit } from "~/models/search.server";
import { searchReadCodes } from "~/models/read-code-search.server";
import type { User } from "~/models/user.server";
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

/** Runs a search for the results page and loads what each card shows. */
export function searchResultsPage(
  user: User,
  query: string,
  type: SearchType,
  params: URLSearchParams,
  now = new Date(),
) {
  const outcome: SearchOutcome = searchParts(user, { query, type }, now, {
    replay: isReplay(params),
  });
  if (outcome.status === "exhausted") return { outcome, cards: [] };
  return { outcome, cards: resultCards(outcome.hits, params) };
}

/** Paging a card's vehicles (v<partId>=N) re-reads a search already shown: no new charge. */
function isReplay(params: URLSearchParams): boolean {
  return [...params.keys()].some((key) => /^v\d+$/.test(key));
}

function resultCards(hits: PartHit[], params: URLSearchParams) {
  const codes = alternativeCodesFor(hits.map((h) => h.id));
  return hits.map((hit) => ({
    ...hit,
    alternativeCodes: codes.get(hit.id) ?? [],
    vehicles: vehiclesForPart(hit.id, Number(params.get(vehiclePageParam(hit.id)) ?? 1)),
  }));
}

/** The results of a search by photo: `lido` holds the codes read on it, best first. */
export function readCodeResultsPage(
  user: User,
  read: string[],
  params: URLSearchParams,
  now = new Date(),
) {
  const outcome = searchReadCodes(user, read, now, { replay: isReplay(params) });
  if (outcome.status === "exhausted") return { outcome, cards: [] };
  return { outcome, cards: resultCards(outcome.hits, params) };
}
