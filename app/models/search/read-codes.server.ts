import type { Role } from "~db/schema";
import { lookAlikeVariants, MAX_CANDIDATES } from "~/utils/code-candidates";
import { normalizeCode } from "~/utils/codes";
import { meteredSearch, type MeteredOutcome } from "./metering.server";
import { exactCodeMatches, prefixCodeMatches, type PartHit } from "./codes.server";

/**
 * Search by photo (ADR 0026): the codes an OCR read on a label, best first, looked up like typed
 * codes. The first one the catalogue knows wins; a misread look-alike character (O/0, I/1, S/5,
 * B/8...) is tried next; a code cut short last, by prefix.
 */

/** How the code that found the parts relates to what was read. */
export type ReadMatch = "as_read" | "look_alike" | "prefix";

export type ReadCodeMatch = {
  /** The code searched, as the results page shows it and the correction box holds it. */
  code: string;
  norm: string;
  match: ReadMatch;
  hits: PartHit[];
};

/** Look-alike swaps are tried on this many of the best candidates. */
const LOOK_ALIKE_CANDIDATES = 4;
/** A code read shorter than this is too vague to complete by prefix. */
const MIN_PREFIX = 6;

/** The read codes worth a lookup: normalised, de-duplicated, at most MAX_CANDIDATES, in order. */
export function usableReadCodes(read: readonly string[]): { printed: string; norm: string }[] {
  const seen = new Set<string>();
  const out: { printed: string; norm: string }[] = [];
  for (const printed of read) {
    const norm = normalizeCode(printed);
    if (norm.length < 3 || norm.length > 20 || seen.has(norm)) continue;
    seen.add(norm);
    out.push({ printed: printed.trim().slice(0, 40), norm });
    if (out.length >= MAX_CANDIDATES) break;
  }
  return out;
}

/** The first read code (or look-alike of one, or completion of one) the catalogue knows; unmetered. */
export function resolveReadCodes(read: readonly string[]): ReadCodeMatch | null {
  return firstKnown(usableReadCodes(read));
}

function firstKnown(candidates: { printed: string; norm: string }[]): ReadCodeMatch | null {
  for (const { printed, norm } of candidates) {
    const hits = exactCodeMatches(norm);
    if (hits.length > 0) return { code: printed, norm, match: "as_read", hits };
  }
  for (const { norm } of candidates.slice(0, LOOK_ALIKE_CANDIDATES)) {
    for (const variant of lookAlikeVariants(norm)) {
      const hits = exactCodeMatches(variant);
      if (hits.length > 0) return { code: variant, norm: variant, match: "look_alike", hits };
    }
  }
  for (const { printed, norm } of candidates) {
    if (norm.length < MIN_PREFIX) continue;
    const hits = prefixCodeMatches(norm);
    if (hits.length > 0) return { code: printed, norm, match: "prefix", hits };
  }
  return null;
}

export type ReadCodeOutcome = MeteredOutcome<PartHit> & {
  /** What the page says was read: the code that found the parts, else the best code read. */
  reading: { code: string; match: ReadMatch | null } | null;
};

/**
 * A search by photo, metered like a code search: one credit only when a part is found, and the
 * same code found again the same day is free. The metering key is the code that found the parts.
 */
export function searchReadCodes(
  user: { id: number; role: Role },
  read: readonly string[],
  now: Date = new Date(),
  options: { replay?: boolean } = {},
): ReadCodeOutcome {
  const candidates = usableReadCodes(read);
  const found = firstKnown(candidates);
  const reading = found
    ? { code: found.code, match: found.match }
    : candidates[0]
      ? { code: candidates[0].printed, match: null }
      : null;
  const outcome = meteredSearch(
    user,
    {
      type: "image",
      key: found?.norm ?? candidates[0]?.norm ?? "",
      query: reading?.code ?? "",
      run: () => found?.hits ?? [],
      firstPartId: (hits) => hits[0]?.id ?? null,
    },
    now,
    options,
  );
  return { ...outcome, reading };
}
