import type { CreditStats } from "../accounts/credits.server";
import { ownCodeMatches, type PartHit } from "./codes.server";
import { meteredSearch, meteringKey } from "./metering.server";

export type CodeLookup =
  | { status: "not_found" }
  | { status: "exhausted"; stats: CreditStats }
  | {
      status: "ok";
      /** The part whose own code it is; the first by manufacturer when several share the code. */
      part: PartHit;
      /** The other manufacturers' parts with the same code, by manufacturer. */
      sameCode: PartHit[];
      charged: boolean;
      stats: CreditStats;
      lowCredits: boolean;
    };

/**
 * GET /api/parts/code/:code: the part whose own code this is, however it is typed; a part that
 * only lists it as an alternative code is not it (that is a search). Metered as a code search of
 * the same code (ADR 0054): the search screen's search for it today is the same query and is not
 * charged twice. An unknown code costs nothing and is not logged.
 */
export function lookupPartCode(
  user: { id: number; role: Parameters<typeof meteredSearch>[0]["role"] },
  code: string,
  now: Date = new Date(),
): CodeLookup {
  if (ownCodeMatches(code).length === 0) return { status: "not_found" };
  const outcome = meteredSearch(
    user,
    {
      type: "code",
      key: meteringKey({ query: code, type: "code" }),
      query: code,
      run: () => ownCodeMatches(code),
      firstPartId: (hits) => hits[0]?.id ?? null,
    },
    now,
  );
  if (outcome.status === "exhausted") return outcome;
  const [part, ...sameCode] = outcome.hits;
  // The part was deleted between the check and the lookup.
  if (!part) return { status: "not_found" };
  return {
    status: "ok",
    part,
    sameCode,
    charged: outcome.charged,
    stats: outcome.stats,
    lowCredits: outcome.lowCredits,
  };
}
