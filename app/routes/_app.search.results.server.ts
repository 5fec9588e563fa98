import {
  alternativeCodesFor,
  compatibleVehicleCounts,
  vehicleGroupsForPart,
} from "~/models/fitment.server";
import { isDescriptionQuery } from "~/utils/codes";
import { searchParts, type SearchOutcome, type SearchType } from "~/models/search/metering.server";
import type { PartHit } from "~/models/search/codes.server";
import { searchReadCodes } from "~/models/search/read-codes.server";
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
  if (outcome.status === "exhausted") return { outcome, cards: [] };
  return { outcome, cards: resultCards(outcome.hits, params) };
}
