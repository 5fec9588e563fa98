import { normalizeCode } from "~/utils/codes";
import { env } from "~/utils/env.server";
import { spendRequest, type RatePolicy } from "../accounts/request-rate.server";
import { compatibleVehicleCounts } from "../catalogue/fitment.server";
import { exactCodeMatches } from "./codes.server";
import type { CodeTeaser } from "~/schemas/search/teaser";

/**
 * The landing's "Testar" box (ADR 0057): a visitor types a code and learns whether the catalogue
 * has it — the part's name, its category and how many vehicles it fits — but not the list, which
 * is what an account is for. It reads the exact rungs of the code ladder (own code, then
 * alternative code; never prefixes, which would list the catalogue), spends no credit and logs no
 * search; each client address gets a few tests a minute from the shared `rate_buckets`.
 */

/** The longest code the box takes: catalogue codes are far shorter (alternative codes ≤ 100). */
export const TEASER_MAX_LENGTH = 60;

/**
 * `LANDING_TESTS_PER_MINUTE` (5) tests at once, then that many a minute (one every 12 s): the
 * bucket is full again within a minute, so an idle bucket pruned after IDLE_BUCKET_MS loses
 * nothing (request-rate.server).
 */
export function teaserRate(): RatePolicy {
  const perMinute = env().LANDING_TESTS_PER_MINUTE;
  return { burst: perMinute, perSecond: perMinute / 60 };
}

/** The throttle's bucket of one client address. */
export function teaserBucket(address: string): string {
  return `landing-teaser:${address}`;
}

/** What the box answers for `typed` from `address`; a token of the address's bucket per lookup. */
export function codeTeaser(
  typed: string,
  address: string,
  clock: () => number = Date.now,
): CodeTeaser {
  const code = typed.trim();
  if (code.length > TEASER_MAX_LENGTH) return { status: "too_long", maxLength: TEASER_MAX_LENGTH };
  if (!normalizeCode(code)) return { status: "empty" };
  const verdict = spendRequest(teaserBucket(address), teaserRate(), clock);
  if (!verdict.allowed)
    return {
      status: "throttled",
      retryAfterSeconds: Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)),
    };
  const [part, ...others] = exactCodeMatches(code);
  if (!part) return { status: "not_found", code };
  return {
    status: "found",
    code,
    partName: part.name,
    categoryName: part.categoryName,
    vehicleCount: compatibleVehicleCounts([part.id]).get(part.id) ?? 0,
    viaAlternative: part.match === "alternative",
    otherParts: others.length,
  };
}
