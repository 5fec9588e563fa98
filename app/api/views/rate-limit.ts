import type { CreditStats } from "~/models/accounts/index.server";
import { creditDayEnd } from "~/utils/credit-day";
import { CREDITS_POLICY, secondsUntil, type RateLimitItem } from "~/utils/rate-limit-headers";

const DAY_SECONDS = 86_400;

/**
 * The day's credits as a RateLimit item (ADR 0050): the allowance in a day, what is left (extra
 * credits included: what can still be spent before a 402) and the seconds until the credit day
 * ends. An unlimited account has no such quota: null, and its answers carry no credits item.
 */
export function creditsItem(stats: CreditStats, now: Date = new Date()): RateLimitItem | null {
  // −1 is unlimited (CreditStats).
  if (stats.remainingSearches < 0 || stats.dailyAllowance < 0) return null;
  return {
    policy: CREDITS_POLICY,
    quota: stats.dailyAllowance,
    windowSeconds: DAY_SECONDS,
    remaining: Math.max(0, stats.remainingSearches),
    resetSeconds: secondsUntil(creditDayEnd(now), now),
  };
}
