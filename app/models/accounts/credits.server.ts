import { and, count, eq, sql } from "drizzle-orm";
import { searches } from "~db/schema";
import { cachedStatement, preparedOnce } from "~/utils/db.server";
import { creditDay } from "~/utils/credit-day";
import type { Role } from "~db/schema";

/** Daily searches when a customer has no plan at all. */
export const DEFAULT_DAILY_SEARCHES = 50;
export const LOW_CREDIT_THRESHOLD = 5;
export const UNLIMITED = -1;

/** A plan's monthly credits become a daily allowance: floor(monthly / 30), at least 1; −1 stays unlimited. */
export function dailyAllowance(creditsPerMonth: number | null | undefined): number {
  if (creditsPerMonth === undefined || creditsPerMonth === null) return DEFAULT_DAILY_SEARCHES;
  if (creditsPerMonth === UNLIMITED) return UNLIMITED;
  return Math.max(1, Math.floor(creditsPerMonth / 30));
}

export type CurrentPlan = {
  subscriptionId: number;
  planId: number;
  planName: string;
  creditsPerMonth: number;
  priceCents: number | null;
  expiresAt: Date | null;
  startedAt: Date | null;
};

/** The plan of the active, unexpired subscription; null means the default daily searches. */
export function currentPlan(userId: number, now: Date = new Date()): CurrentPlan | null {
  const row = cachedStatement(
    `select s.id as subscriptionId, p.id as planId, p.name as planName,
       p.credits_per_month as creditsPerMonth, p.price_cents as priceCents,
       s.expires_at as expiresAt, s.started_at as startedAt
     from subscriptions s join plans p on p.id = s.plan_id
     where s.user_id = ? and s.status = 'active' and (s.expires_at is null or s.expires_at > ?)
     order by s.started_at desc, s.id desc limit 1`,
  ).get(userId, now.getTime()) as
    | (Omit<CurrentPlan, "expiresAt" | "startedAt"> & {
        expiresAt: number | null;
        startedAt: number | null;
      })
    | undefined;
  if (!row) return null;
  return {
    ...row,
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
    startedAt: row.startedAt === null ? null : new Date(row.startedAt),
  };
}

/** What metering and the shell need: the allowance and what is left of it today. */
export type CreditStats = {
  chargedToday: number;
  dailyAllowance: number;
  creditsBalance: number;
  /** −1 means unlimited. */
  remainingSearches: number;
};

/** What the shell shows of a user's credits: what is left today, and the daily allowance. */
export type CreditBalance = Pick<CreditStats, "remainingSearches" | "dailyAllowance">;

/**
 * The balance a page that spent a credit hands the shell (its loader's `creditStats`), from the
 * stats its search left.
 */
export function creditBalance(stats: CreditBalance): CreditBalance {
  return { remainingSearches: stats.remainingSearches, dailyAllowance: stats.dailyAllowance };
}

export type SearchStats = CreditStats & {
  searchesToday: number;
  totalSearches: number;
};

type Searcher = { id: number; role: Role; creditsBalance: number };

/** The user's daily allowance: unlimited for admins, else from the plan (null: the default). */
export function allowanceFor(
  role: Role,
  plan: Pick<CurrentPlan, "creditsPerMonth"> | null,
): number {
  return role === "admin" ? UNLIMITED : dailyAllowance(plan?.creditsPerMonth);
}

// Counts only the charged rows, through searches_user_day_idx: an unlimited account's thousands
// of free searches a day are never read.
const chargedOnDay = preparedOnce((database) =>
  database
    .select({ n: count() })
    .from(searches)
    .where(
      and(
        eq(searches.userId, sql.placeholder("userId")),
        eq(searches.day, sql.placeholder("day")),
        eq(searches.charged, true),
      ),
    )
    .prepare(),
);

/** How many of a user's searches cost a credit on a credit day (YYYY-MM-DD, see `creditDay`). */
export function chargedCount(userId: number, day: string): number {
  return chargedOnDay().get({ userId, day })?.n ?? 0;
}

/**
 * Credits left today: one query of today's charges. `allowance` may be given when the caller has
 * already read the plan, so a request reads it once.
 */
export function creditStats(
  user: Searcher,
  now: Date = new Date(),
  allowance: number = allowanceFor(user.role, currentPlan(user.id, now)),
): CreditStats {
  const charged = chargedCount(user.id, creditDay(now));
  const remaining =
    allowance === UNLIMITED
      ? UNLIMITED
      : Math.max(0, allowance - charged) + Math.max(0, user.creditsBalance);
  return {
    chargedToday: charged,
    dailyAllowance: allowance,
    creditsBalance: user.creditsBalance,
    remainingSearches: remaining,
  };
}

/** The usage page's figures: the credits, and how many searches today and ever. */
export function searchStats(
  user: Searcher,
  now: Date = new Date(),
  allowance: number = allowanceFor(user.role, currentPlan(user.id, now)),
): SearchStats {
  const today = cachedStatement(
    "select count(*) as searches from searches where user_id = ? and day = ?",
  ).get(user.id, creditDay(now)) as { searches: number } | undefined;
  const total = cachedStatement("select count(*) as n from searches where user_id = ?").get(
    user.id,
  ) as { n: number } | undefined;
  return {
    ...creditStats(user, now, allowance),
    searchesToday: today?.searches ?? 0,
    totalSearches: total?.n ?? 0,
  };
}
