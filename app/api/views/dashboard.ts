import { z } from "zod";
import type {
  DashboardMetrics,
  FeedItem,
  RevenueMonth,
  SystemReading,
  TopSearch,
} from "~/models/dashboard/index.server";
import { reais } from "./money";

export const topSearchViewSchema = z.object({
  part_id: z.int(),
  part_code: z.string(),
  query: z.string(),
  part_name: z.string(),
  category: z.string().nullable(),
  searches: z.int(),
});

export const feedItemViewSchema = z.object({
  type: z.string(),
  time: z.iso.datetime(),
  user: z.string(),
  action: z.string(),
});

/** Money in reais, percentages 0–100; null where there is nothing to measure yet. */
export const metricsViewSchema = z.object({
  users: z.object({
    total: z.int(),
    active: z.int(),
    new_this_month: z.int(),
    with_subscriptions: z.int(),
  }),
  plans: z.object({
    total: z.int(),
    active: z.int(),
    revenue: z.number(),
    subscribers: z.int(),
  }),
  system: z.object({
    uptime: z.number(),
    cpu_usage: z.number(),
    memory_usage: z.number(),
    disk_usage: z.number().nullable(),
    database_status: z.enum(["healthy", "warning", "error"]),
    last_backup: z.iso.datetime().nullable(),
  }),
  activity: z.object({
    searches_today: z.int(),
    searches_yesterday: z.int(),
    searches_this_month: z.int(),
    daily_average_this_month: z.number(),
    avg_response_time: z.number().nullable(),
    error_rate: z.number(),
    unique_users_today: z.int(),
    search_growth: z.number().nullable(),
  }),
  inventory: z.object({
    total_parts: z.int(),
    parts_with_ml_link: z.int(),
    ml_link_percentage: z.number(),
    parts_with_direct_ml_link: z.int(),
  }),
  vehicles: z.object({ total_vehicles: z.int() }),
  category_stats: z.array(z.object({ category_name: z.string(), parts_count: z.int() })),
  subscription_breakdown: z.array(
    z.object({
      plan_id: z.int(),
      plan_name: z.string(),
      subscribers: z.int(),
      revenue: z.number(),
      price: z.number(),
    }),
  ),
});

export const revenueMonthViewSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  revenue: z.number(),
  payments: z.int(),
});

export const healthViewSchema = z.object({
  status: z.string(),
  checks: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      message: z.string(),
      latency_ms: z.number().nullable(),
    }),
  ),
});

/** One row of "Buscas Populares" (/api/dashboard/top-searches). */
export function topSearchView(item: TopSearch): z.infer<typeof topSearchViewSchema> {
  return {
    part_id: item.partId,
    part_code: item.partCode,
    query: item.query,
    part_name: item.partName,
    category: item.category,
    searches: item.searches,
  };
}

/** One line of "Atividade Recente" (/api/dashboard/activity). */
export function feedItemView(item: FeedItem): z.infer<typeof feedItemViewSchema> {
  return { type: item.type, time: item.time.toISOString(), user: item.user, action: item.action };
}

/** GET /api/dashboard/metrics: every group of the spec, money in reais, percentages 0–100. */
export function metricsView(
  metrics: DashboardMetrics,
  system: SystemReading,
): z.infer<typeof metricsViewSchema> {
  const { users, plans, activity, inventory } = metrics;
  return {
    users: {
      total: users.total,
      active: users.active,
      new_this_month: users.newThisMonth,
      with_subscriptions: users.withSubscriptions,
    },
    plans: {
      total: plans.total,
      active: plans.active,
      revenue: reais(plans.revenueCents),
      subscribers: plans.subscribers,
    },
    system: {
      uptime: system.uptimeSeconds,
      cpu_usage: system.cpuPercent,
      memory_usage: system.memoryPercent,
      disk_usage: system.diskPercent,
      database_status: system.databaseStatus,
      last_backup: system.lastBackupAt?.toISOString() ?? null,
    },
    activity: {
      searches_today: activity.searchesToday,
      searches_yesterday: activity.searchesYesterday,
      searches_this_month: activity.searchesThisMonth,
      daily_average_this_month: activity.dailyAverageThisMonth,
      avg_response_time: activity.avgResponseTimeMs,
      error_rate: activity.errorRate,
      unique_users_today: activity.uniqueUsersToday,
      search_growth: activity.searchGrowth,
    },
    inventory: {
      total_parts: inventory.totalParts,
      parts_with_ml_link: inventory.partsWithMlLink,
      ml_link_percentage: inventory.mlLinkPercentage,
      parts_with_direct_ml_link: inventory.partsWithDirectMlLink,
    },
    vehicles: { total_vehicles: metrics.vehicles.totalVehicles },
    category_stats: metrics.categoryStats.map((c) => ({
      category_name: c.categoryName,
      parts_count: c.partsCount,
    })),
    subscription_breakdown: metrics.subscriptionBreakdown.map((p) => ({
      plan_id: p.planId,
      plan_name: p.planName,
      subscribers: p.subscribers,
      revenue: reais(p.revenueCents),
      price: reais(p.priceCents),
    })),
  };
}

/** GET /api/dashboard/revenue: one row per month, oldest first. */
export function revenueMonthView(row: RevenueMonth): z.infer<typeof revenueMonthViewSchema> {
  return { month: row.month, revenue: reais(row.revenueCents), payments: row.payments };
}

/** GET /api/dashboard/health */
export function healthView(health: {
  status: string;
  checks: { id: string; status: string; message: string; latencyMs: number | null }[];
}): z.infer<typeof healthViewSchema> {
  return {
    status: health.status,
    checks: health.checks.map((c) => ({
      name: c.id,
      status: c.status,
      message: c.message,
      latency_ms: c.latencyMs,
    })),
  };
}
