import { and, count, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { parts, payments, plans, searches, subscriptions, users } from "~db/schema";
import type { DashboardPeriod } from "~/schemas/choices";
import { db, slowAggregate } from "~/utils/db.server";
import { categoriesByPartCount } from "../catalogue/category.server";
import {
  saoPauloClock,
  saoPauloMonth,
  shiftDay,
  shiftMonth,
  startOfSaoPauloDay,
} from "~/utils/format";
import { creditDay } from "~/utils/credit-day";
import { CUSTOMER_ROLES, customerStatistics } from "../accounts/customer.server";
import { adminHomeStats, countRows } from "./overview.server";
import { marketplaceSearchLink } from "../catalogue/part.server";
import { planStatistics } from "../payments/plan.server";
import { serverErrorRate } from "./request-stats.server";

/**
 * The figures of the administrative dashboard (/admin, /api/dashboard/*). Every one is read from
 * the database at the moment asked; what each means is written beside it and in ADR 0023.
 * "Today", "yesterday" and "this month" are São Paulo calendar days and months.
 */

/** The spec's monthly average divides the month's searches by 30, whatever the month's length. */
const DAYS_IN_A_MONTH_AVERAGE = 30;
const TOP_CATEGORIES = 6;

export type UserFigures = {
  /** Customer accounts (roles user and premium_user), whatever their status. */
  total: number;
  active: number;
  /** Customer accounts created since the 1st of this month, 00:00 in São Paulo. */
  newThisMonth: number;
  /** Customers with an active subscription to a paid plan. */
  withSubscriptions: number;
  /** withSubscriptions ÷ total, in percent (0 without customers). */
  subscribedPercentage: number;
};

export type PlanFigures = {
  total: number;
  active: number;
  /** Monthly recurring revenue: Σ price of every active subscription, in cents. */
  revenueCents: number;
  /** Active subscriptions to paid plans (the ones that make the revenue). */
  subscribers: number;
};

export type SearchActivity = {
  searchesToday: number;
  searchesYesterday: number;
  /** (today − yesterday) ÷ yesterday, in percent; null when yesterday had none. */
  searchGrowth: number | null;
  searchesThisMonth: number;
  /** searchesThisMonth ÷ 30, as the spec defines it. */
  dailyAverageThisMonth: number;
  /** Mean server-side time of today's searches (the catalogue lookup), in ms; null without any. */
  avgResponseTimeMs: number | null;
  uniqueUsersToday: number;
  /** Server errors (5xx) ÷ answers in the last 24 hours, in percent. */
  errorRate: number;
  requestsLast24h: number;
  serverErrorsLast24h: number;
};

export type InventoryFigures = {
  totalParts: number;
  /** Parts with any marketplace link (the generated search address counts). */
  partsWithMlLink: number;
  mlLinkPercentage: number;
  /** Parts whose link is an address someone chose, not the generated search. */
  partsWithDirectMlLink: number;
};

export type CategoryCount = { categoryName: string; partsCount: number };
export type PlanBreakdown = {
  planId: number;
  planName: string;
  /** Active subscriptions to the plan. */
  subscribers: number;
  priceCents: number;
  /** price × subscribers, in cents. */
  revenueCents: number;
};

export type DashboardMetrics = {
  users: UserFigures;
  plans: PlanFigures;
  activity: SearchActivity;
  inventory: InventoryFigures;
  vehicles: { totalVehicles: number };
  categoryStats: CategoryCount[];
  subscriptionBreakdown: PlanBreakdown[];
};

/**
 * The metrics' `system` group: readings of the machine and of the database connection, which the
 * request layer takes (app/server/dashboard/system-health.server.ts), not queries.
 */
export type SystemReading = {
  uptimeSeconds: number;
  cpuPercent: number;
  memoryPercent: number;
  diskPercent: number | null;
  databaseStatus: "healthy" | "warning" | "error";
  lastBackupAt: Date | null;
};

const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

export function userFigures(now = new Date()): UserFigures {
  const stats = customerStatistics();
  const monthStart = startOfSaoPauloDay(`${saoPauloMonth(now)}-01`);
  const newThisMonth = countRows(
    users,
    and(inArray(users.role, [...CUSTOMER_ROLES]), gte(users.createdAt, monthStart)),
  );
  return {
    total: stats.totalCustomers,
    active: stats.activeCustomers,
    newThisMonth,
    withSubscriptions: stats.subscribedCustomers,
    subscribedPercentage: percentOf(stats.subscribedCustomers, stats.totalCustomers),
  };
}

export function planFigures(): PlanFigures {
  const stats = planStatistics();
  const paying = db()
    .select({ n: count() })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.status, "active"), sql`coalesce(${plans.priceCents}, 0) > 0`))
    .get()!.n;
  return {
    total: stats.totalPlans,
    active: stats.activePlans,
    revenueCents: stats.monthlyRevenueCents,
    subscribers: paying,
  };
}

export function searchActivity(now = new Date()): SearchActivity {
  const today = creditDay(now);
  const yesterday = shiftDay(today, -1);
  const monthStart = `${today.slice(0, 7)}-01`;
  const byDay = (day: string) =>
    db()
      .select({
        n: count(),
        users: sql<number>`count(distinct ${searches.userId})`.mapWith(Number),
        avgMs: sql<number | null>`avg(${searches.durationMs})`,
      })
      .from(searches)
      .where(eq(searches.day, day))
      .get()!;
  const todays = byDay(today);
  const yesterdays = byDay(yesterday);
  const thisMonth = countRows(
    searches,
    and(gte(searches.day, monthStart), sql`${searches.day} <= ${today}`),
  );
  const errors = serverErrorRate(now);
  return {
    searchesToday: todays.n,
    searchesYesterday: yesterdays.n,
    searchGrowth:
      yesterdays.n > 0 ? Math.round(((todays.n - yesterdays.n) / yesterdays.n) * 1000) / 10 : null,
    searchesThisMonth: thisMonth,
    dailyAverageThisMonth: Math.round((thisMonth / DAYS_IN_A_MONTH_AVERAGE) * 10) / 10,
    avgResponseTimeMs: todays.avgMs === null ? null : Math.round(todays.avgMs * 100) / 100,
    uniqueUsersToday: todays.users,
    errorRate: errors.percentage,
    requestsLast24h: errors.requests,
    serverErrorsLast24h: errors.serverErrors,
  };
}

/** Reused a while on a large catalogue: it reads every part (0.3 s on a million). */
export const inventoryFigures = slowAggregate(readInventoryFigures);

function readInventoryFigures(): InventoryFigures {
  const generatedPrefix = marketplaceSearchLink("");
  const row = db()
    .select({
      total: count(),
      withLink:
        sql<number>`coalesce(sum(trim(coalesce(${parts.mercadoLivreLink}, '')) <> ''), 0)`.mapWith(
          Number,
        ),
      direct:
        sql<number>`coalesce(sum(trim(coalesce(${parts.mercadoLivreLink}, '')) <> '' and substr(${parts.mercadoLivreLink}, 1, ${generatedPrefix.length}) <> ${generatedPrefix}), 0)`.mapWith(
          Number,
        ),
    })
    .from(parts)
    .get()!;
  return {
    totalParts: row.total,
    partsWithMlLink: row.withLink,
    mlLinkPercentage: percentOf(row.withLink, row.total),
    partsWithDirectMlLink: row.direct,
  };
}

/** The categories with the most parts, most first (ties by name); categories with none left out. */
export function categoryStats(limit = TOP_CATEGORIES): CategoryCount[] {
  return categoriesByPartCount()
    .filter((category) => category.partsCount > 0)
    .slice(0, limit)
    .map(({ name, partsCount }) => ({ categoryName: name, partsCount }));
}

/**
 * Every plan that is offered or still has subscribers: its active subscriptions and what they
 * bring a month. Most subscribers first, then the dearer plan.
 */
export function subscriptionBreakdown(): PlanBreakdown[] {
  const rows = db()
    .select({
      planId: plans.id,
      planName: plans.name,
      status: plans.status,
      priceCents: sql<number>`coalesce(${plans.priceCents}, 0)`.mapWith(Number),
      subscribers: sql<number>`count(${subscriptions.id})`.mapWith(Number),
    })
    .from(plans)
    .leftJoin(
      subscriptions,
      and(eq(subscriptions.planId, plans.id), eq(subscriptions.status, "active")),
    )
    .groupBy(plans.id)
    .all();
  return rows
    .filter((row) => row.status === "active" || row.subscribers > 0)
    .map(({ planId, planName, priceCents, subscribers }) => ({
      planId,
      planName,
      subscribers,
      priceCents,
      revenueCents: priceCents * subscribers,
    }))
    .sort((a, b) => b.subscribers - a.subscribers || b.priceCents - a.priceCents);
}

export function dashboardMetrics(now = new Date()): DashboardMetrics {
  return {
    users: userFigures(now),
    plans: planFigures(),
    activity: searchActivity(now),
    inventory: inventoryFigures(),
    vehicles: { totalVehicles: adminHomeStats(now).vehicles },
    categoryStats: categoryStats(),
    subscriptionBreakdown: subscriptionBreakdown(),
  };
}

// --- Series for the charts -------------------------------------------------------------------

export type SeriesPoint = {
  /** "YYYY-MM-DD" for a day, "YYYY-MM-DDTHH" (São Paulo hour) for an hour, "YYYY-MM" for a month. */
  key: string;
  value: number;
};

const PERIOD_DAYS: Record<Exclude<DashboardPeriod, "24h">, number> = {
  "7d": 7,
  "30d": 30,
  "90d": 90,
};

/**
 * Searches in the period, one point per São Paulo day (today included), or per hour for "24h"
 * (the 24 hours that end with the current one). Days and hours without searches are zeros.
 */
export function searchesSeries(period: DashboardPeriod, now = new Date()): SeriesPoint[] {
  if (period === "24h") return searchesPerHour(now);
  const days = PERIOD_DAYS[period];
  const today = creditDay(now);
  const from = shiftDay(today, -(days - 1));
  const counted = new Map(
    db()
      .select({ day: searches.day, n: count() })
      .from(searches)
      .where(and(gte(searches.day, from), sql`${searches.day} <= ${today}`))
      .groupBy(searches.day)
      .all()
      .map((row) => [row.day, row.n]),
  );
  return Array.from({ length: days }, (_, i) => {
    const day = shiftDay(from, i);
    return { key: day, value: counted.get(day) ?? 0 };
  });
}

const HOUR_MS = 3_600_000;

function searchesPerHour(now: Date): SeriesPoint[] {
  const lastHour = Math.floor(now.getTime() / HOUR_MS);
  const firstHour = lastHour - 23;
  const counted = new Map(
    db()
      .select({
        // Bound numbers arrive as reals: cast, or the division keeps the fraction.
        hour: sql<number>`cast(${searches.createdAt} / ${HOUR_MS} as integer)`.mapWith(Number),
        n: count(),
      })
      .from(searches)
      .where(
        and(
          gte(searches.createdAt, new Date(firstHour * HOUR_MS)),
          sql`${searches.createdAt} < ${(lastHour + 1) * HOUR_MS}`,
        ),
      )
      .groupBy(sql`1`)
      .all()
      .map((row) => [row.hour, row.n]),
  );
  return Array.from({ length: 24 }, (_, i) => {
    const hour = firstHour + i;
    return { key: saoPauloHourKey(new Date(hour * HOUR_MS)), value: counted.get(hour) ?? 0 };
  });
}

function saoPauloHourKey(at: Date): string {
  const clock = saoPauloClock(at);
  return `${clock.year}-${clock.month}-${clock.day}T${clock.hour}`;
}

export type RevenueMonth = {
  /** "YYYY-MM", São Paulo. */
  month: string;
  /** Σ approved invoices paid in the month, in cents (refunded ones no longer count). */
  revenueCents: number;
  /** How many approved invoices that is. */
  payments: number;
};

/** The last `months` São Paulo months (this one included), oldest first, months without sales as 0. */
export function revenueByMonth(months: number, now = new Date()): RevenueMonth[] {
  const size = Math.min(Math.max(Math.floor(months) || 1, 1), 36);
  const current = saoPauloMonth(now);
  const first = shiftMonth(current, -(size - 1));
  const from = startOfSaoPauloDay(`${first}-01`);
  const until = startOfSaoPauloDay(`${shiftMonth(current, 1)}-01`);
  const paid = db()
    .select({ paidAt: payments.paidAt, amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(
        eq(payments.status, "approved"),
        isNotNull(payments.paidAt),
        gte(payments.paidAt, from),
        sql`${payments.paidAt} < ${until.getTime()}`,
      ),
    )
    .all();
  const totals = new Map<string, RevenueMonth>();
  for (let i = 0; i < size; i++) {
    const month = shiftMonth(first, i);
    totals.set(month, { month, revenueCents: 0, payments: 0 });
  }
  for (const row of paid) {
    const entry = totals.get(saoPauloMonth(row.paidAt!));
    if (!entry) continue;
    entry.revenueCents += row.amountCents;
    entry.payments += 1;
  }
  return [...totals.values()];
}

/**
 * How many months the revenue chart shows for a period: the months the period touches, and never
 * fewer than three, so a short period still compares this month with the ones before.
 */
export function revenueMonthsFor(period: DashboardPeriod, now = new Date()): number {
  const days = period === "24h" ? 1 : PERIOD_DAYS[period];
  const first = saoPauloMonth(new Date(now.getTime() - (days - 1) * 86_400_000));
  const current = saoPauloMonth(now);
  let touched = 1;
  while (shiftMonth(first, touched - 1) !== current) touched++;
  return Math.max(3, touched);
}
