import { and, count, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { plans, searches, subscriptions, users } from "~db/schema";
import { db } from "~/utils/db.server";
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
  const row = db()
    .select({
      subscriptionId: subscriptions.id,
      planId: plans.id,
      planName: plans.name,
      creditsPerMonth: plans.creditsPerMonth,
      priceCents: plans.priceCents,
      expiresAt: subscriptions.expiresAt,
      startedAt: subscriptions.startedAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, "active"),
        or(isNull(subscriptions.expiresAt), gt(subscriptions.expiresAt, now)),
      ),
    )
    .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id))
    .get();
  return row ?? null;
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
  const today = db()
    .select({
      searches: count(),
      charged: sql<number>`coalesce(sum(${searches.charged}), 0)`.mapWith(Number),
    })
    .from(searches)
    .where(and(eq(searches.userId, user.id), eq(searches.day, day)))
    .get();
  const total = db()
    .select({ n: count() })
    .from(searches)
    .where(eq(searches.userId, user.id))
    .get();
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
