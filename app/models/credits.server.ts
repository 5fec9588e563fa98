import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import { cachedStatement, db } from "~/utils/db.server";
import { saoPauloDay } from "~/utils/format";
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

export type SearchStats = {
  searchesToday: number;
  chargedToday: number;
  totalSearches: number;
  dailyAllowance: number;
  creditsBalance: number;
  /** −1 means unlimited. */
  remainingSearches: number;
};

export function searchStats(
  user: { id: number; role: Role; creditsBalance: number },
  now: Date = new Date(),
): SearchStats {
  const day = saoPauloDay(now);
  const today = cachedStatement(
    "select count(*) as searches, coalesce(sum(charged), 0) as charged from searches where user_id = ? and day = ?",
  ).get(user.id, day) as { searches: number; charged: number } | undefined;
  const total = cachedStatement("select count(*) as n from searches where user_id = ?").get(
    user.id,
  ) as { n: number } | undefined;
  const plan = currentPlan(user.id, now);
  const allowance = user.role === "admin" ? UNLIMITED : dailyAllowance(plan?.creditsPerMonth);
  const charged = today?.charged ?? 0;
  const remaining =
    allowance === UNLIMITED
      ? UNLIMITED
      : Math.max(0, allowance - charged) + Math.max(0, user.creditsBalance);
  return {
    searchesToday: today?.searches ?? 0,
    chargedToday: charged,
    totalSearches: total?.n ?? 0,
    dailyAllowance: allowance,
    creditsBalance: user.creditsBalance,
    remainingSearches: remaining,
  };
}

export function userCreditsBalance(userId: number): number {
  return (
    db().select({ b: users.creditsBalance }).from(users).where(eq(users.id, userId)).get()?.b ?? 0
  );
}
