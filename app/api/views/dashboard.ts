import type { DashboardMetrics, FeedItem, RevenueMonth, SystemReading, TopSearch } from "~/models/dashboard/index.server";
import { reais } from "./money";

/** One row of "Buscas Populares" (/api/dashboard/top-searches). */
export function topSearchView(item: TopSearch) {
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
export function feedItemView(item: FeedItem) {
  return { type: item.type, time: item.time.toISOString(), user: item.user, action: item.action };
}

/** GET /api/dashboard/metrics: every group of the spec, money in reais, percentages 0–100. */
export function metricsView(metrics: DashboardMetrics, system: SystemReading) {
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
export function revenueMonthView(row: RevenueMonth) {
  return { month: row.month, revenue: reais(row.revenueCents), payments: row.payments };
}

/** GET /api/dashboard/health */
export function healthView(health: {
  status: string;
  checks: { id: string; status: string; message: string; latencyMs: number | null }[];
}) {
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
