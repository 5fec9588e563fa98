import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parts, requestStats, searches, subscriptions, users } from "~db/schema";
import { db } from "~/utils/db.server";
import {
  createCategory,
  createInvoiceFor,
  createPart,
  createPlan,
  createUser,
  createVehicle,
  recordSearch,
} from "../../../tests/support/factories";
import {
  categoryStats,
  dashboardMetrics,
  revenueByMonth,
  revenueMonthsFor,
  searchesSeries,
} from "./dashboard-metrics.server";
import { marketplaceSearchLink } from "../catalogue/part.server";
import { hourKey } from "./request-stats.server";

// 12:00 on Friday 2026-04-10 in São Paulo (UTC−3).
const NOW = new Date("2026-04-10T15:00:00Z");
const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

/**
 * One small business, every figure known by hand: five customers (two of them new this month, one
 * inactive), four plans, subscriptions, invoices, searches across day and month boundaries, request
 * counts inside and outside the 24-hour window, parts with and without links.
 */
beforeAll(async () => {
  // Customers are created before any free plan exists, so none gets the automatic subscription.
  const customer = async (
    name: string,
    createdAt: string,
    status: "active" | "inactive" = "active",
  ) => {
    const { user } = await createUser({ name });
    db()
      .update(users)
      .set({ createdAt: at(createdAt), status })
      .where(eq(users.id, user.id))
      .run();
    return user;
  };
  const ana = await customer("Ana", "2026-04-02T12:00:00Z");
  const bia = await customer("Bia", "2026-03-20T12:00:00Z");
  const caio = await customer("Caio", "2026-04-09T12:00:00Z", "inactive");
  const davi = await customer("Davi", "2026-01-01T12:00:00Z");
  const eva = await customer("Eva", "2026-02-01T12:00:00Z");
  // Created at 23:30 on 31 March in São Paulo: last month there, although April in UTC.
  await customer("Fábio", "2026-04-01T02:30:00Z");
  await createUser({ role: "admin", name: "Admin" });

  const free = createPlan({ name: "Gratuito", priceCents: 0 });
  const pro = createPlan({ name: "Profissional", priceCents: 4990 });
  const enterprise = createPlan({ name: "Enterprise", priceCents: 19990 });
  const legacy = createPlan({ name: "Antigo", priceCents: 9900, status: "inactive" });
  createPlan({ name: "Sem assinantes", priceCents: 2990 });
  createPlan({ name: "Desativado", priceCents: 1990, status: "inactive" });
  const subscribe = (userId: number, planId: number, status: "active" | "cancelled" = "active") =>
    db().insert(subscriptions).values({ userId, planId, status }).run();
  subscribe(ana.id, pro.id);
  subscribe(bia.id, enterprise.id);
  subscribe(caio.id, free.id);
  subscribe(davi.id, legacy.id);
  subscribe(eva.id, pro.id, "cancelled");

  // Approved invoices by the São Paulo month they were paid in; others must not count.
  createInvoiceFor(ana.id, { amountCents: 4990, paidAt: at("2026-04-05T12:00:00Z") });
  createInvoiceFor(bia.id, { amountCents: 19990, paidAt: at("2026-03-10T12:00:00Z") });
  // 23:30 on 28 February in São Paulo.
  createInvoiceFor(davi.id, { amountCents: 9900, paidAt: at("2026-03-01T02:30:00Z") });
  createInvoiceFor(eva.id, {
    amountCents: 4990,
    status: "refunded",
    paidAt: at("2026-04-03T12:00:00Z"),
  });
  createInvoiceFor(eva.id, { amountCents: 4990, status: "pending", paidAt: null });
  createInvoiceFor(eva.id, { amountCents: 777, paidAt: at("2025-12-15T12:00:00Z") });

  // Searches: 4 today (two people and an anonymous API call), 2 yesterday, 3 on 1 April,
  // 1 at 23:00 on 31 March in São Paulo (last month).
  // recordSearch writes no duration: each row gets its own here.
  const search = (userId: number | null, iso: string, durationMs: number) => {
    const row = recordSearch({ userId, query: "x", at: at(iso) });
    db().update(searches).set({ durationMs }).where(eq(searches.id, row.id)).run();
  };
  search(ana.id, "2026-04-10T11:00:00Z", 10);
  search(ana.id, "2026-04-10T14:10:00Z", 20);
  search(bia.id, "2026-04-10T14:20:00Z", 30);
  search(null, "2026-04-10T03:30:00Z", 40);
  search(bia.id, "2026-04-09T20:00:00Z", 5);
  search(ana.id, "2026-04-10T02:59:00Z", 5); // 23:59 on 9 April in São Paulo: yesterday
  for (const hour of ["10", "11", "12"]) search(davi.id, `2026-04-01T${hour}:00:00Z`, 1);
  search(davi.id, "2026-04-01T02:00:00Z", 1);

  // Answers: 150 in the last 24 hours with 3 server errors; an older, worse hour is ignored.
  db()
    .insert(requestStats)
    .values([
      { hour: hourKey(new Date(NOW.getTime() - HOUR)), requests: 100, serverErrors: 2 },
      { hour: hourKey(new Date(NOW.getTime() - 23 * HOUR)), requests: 50, serverErrors: 1 },
      { hour: hourKey(new Date(NOW.getTime() - 25 * HOUR)), requests: 1000, serverErrors: 500 },
    ])
    .run();

  const brakes = createCategory("Freios");
  const filters = createCategory("Filtros");
  createCategory("Vazia");
  const pads = createPart({ code: "BR-1", name: "Pastilha", categoryId: brakes.id });
  const disc = createPart({ code: "BR-2", name: "Disco", categoryId: brakes.id });
  createPart({ code: "FL-1", name: "Filtro", categoryId: filters.id });
  createPart({ code: "XX-1", name: "Sem categoria" });
  const link = (id: number, url: string) =>
    db().update(parts).set({ mercadoLivreLink: url }).where(eq(parts.id, id)).run();
  link(pads.id, "https://produto.mercadolivre.com.br/MLB-123-pastilha");
  link(disc.id, marketplaceSearchLink("BR-2"));
  createVehicle();
  createVehicle({ model: "Polo" });
});

describe("dashboardMetrics", () => {
  it("counts customers, not admins: new this month by São Paulo's calendar, paid subscribers", () => {
    expect(dashboardMetrics(NOW).users).toEqual({
      total: 6,
      active: 5,
      newThisMonth: 2,
      withSubscriptions: 3,
      subscribedPercentage: 50,
    });
  });

  it("plans: monthly revenue is the price of every active subscription", () => {
    expect(dashboardMetrics(NOW).plans).toEqual({
      total: 6,
      active: 4,
      revenueCents: 4990 + 19990 + 0 + 9900,
      subscribers: 3,
    });
  });

  it("searches today and yesterday by São Paulo day, growth, average time, unique users", () => {
    expect(dashboardMetrics(NOW).activity).toEqual({
      searchesToday: 4,
      searchesYesterday: 2,
      searchGrowth: 100,
      searchesThisMonth: 9,
      dailyAverageThisMonth: 0.3,
      avgResponseTimeMs: 25,
      uniqueUsersToday: 2,
      errorRate: 2,
      requestsLast24h: 150,
      serverErrorsLast24h: 3,
    });
  });

  it("marketplace coverage counts any link, and apart the ones that are not the generated search", () => {
    expect(dashboardMetrics(NOW).inventory).toEqual({
      totalParts: 4,
      partsWithMlLink: 2,
      mlLinkPercentage: 50,
      partsWithDirectMlLink: 1,
    });
    expect(dashboardMetrics(NOW).vehicles).toEqual({ totalVehicles: 2 });
  });

  it("top categories by parts, empty ones left out; at most the limit", () => {
    expect(dashboardMetrics(NOW).categoryStats).toEqual([
      { categoryName: "Freios", partsCount: 2 },
      { categoryName: "Filtros", partsCount: 1 },
    ]);
    expect(categoryStats(1)).toEqual([{ categoryName: "Freios", partsCount: 2 }]);
  });

  it("breakdown: offered plans and plans still paid for, most subscribers then dearest first", () => {
    expect(
      dashboardMetrics(NOW).subscriptionBreakdown.map(
        ({ planName, subscribers, priceCents, revenueCents }) => ({
          planName,
          subscribers,
          priceCents,
          revenueCents,
        }),
      ),
    ).toEqual([
      { planName: "Enterprise", subscribers: 1, priceCents: 19990, revenueCents: 19990 },
      { planName: "Antigo", subscribers: 1, priceCents: 9900, revenueCents: 9900 },
      { planName: "Profissional", subscribers: 1, priceCents: 4990, revenueCents: 4990 },
      { planName: "Gratuito", subscribers: 1, priceCents: 0, revenueCents: 0 },
      { planName: "Sem assinantes", subscribers: 0, priceCents: 2990, revenueCents: 0 },
    ]);
  });
});

describe("growth without a base", () => {
  it("is null when yesterday had no searches", () => {
    // Two days later nothing was searched the day before.
    expect(dashboardMetrics(new Date("2026-04-12T15:00:00Z")).activity.searchGrowth).toBeNull();
    expect(
      dashboardMetrics(new Date("2026-04-12T15:00:00Z")).activity.avgResponseTimeMs,
    ).toBeNull();
  });
});

describe("series", () => {
  it("searches per São Paulo day over the period, zeros included, today last", () => {
    expect(searchesSeries("7d", NOW)).toEqual([
      { key: "2026-04-04", value: 0 },
      { key: "2026-04-05", value: 0 },
      { key: "2026-04-06", value: 0 },
      { key: "2026-04-07", value: 0 },
      { key: "2026-04-08", value: 0 },
      { key: "2026-04-09", value: 2 },
      { key: "2026-04-10", value: 4 },
    ]);
    expect(searchesSeries("90d", NOW)).toHaveLength(90);
    expect(searchesSeries("30d", NOW).reduce((sum, p) => sum + p.value, 0)).toBe(10);
  });

  it("24h: one point per São Paulo hour ending with the current one", () => {
    const hours = searchesSeries("24h", NOW);
    expect(hours).toHaveLength(24);
    expect(hours[0]!.key).toBe("2026-04-09T13");
    expect(hours[23]).toEqual({ key: "2026-04-10T12", value: 0 });
    expect(
      Object.fromEntries(hours.filter((p) => p.value > 0).map((p) => [p.key, p.value])),
    ).toEqual({
      "2026-04-09T17": 1,
      "2026-04-09T23": 1,
      "2026-04-10T00": 1,
      "2026-04-10T08": 1,
      "2026-04-10T11": 2,
    });
  });

  it("revenue per São Paulo month of payment: approved only, oldest first, empty months as 0", () => {
    expect(revenueByMonth(4, NOW)).toEqual([
      { month: "2026-01", revenueCents: 0, payments: 0 },
      { month: "2026-02", revenueCents: 9900, payments: 1 },
      { month: "2026-03", revenueCents: 19990, payments: 1 },
      { month: "2026-04", revenueCents: 4990, payments: 1 },
    ]);
    expect(revenueByMonth(12, NOW)[7]).toEqual({
      month: "2025-12",
      revenueCents: 777,
      payments: 1,
    });
    expect(revenueByMonth(0, NOW)).toHaveLength(1);
  });

  it("the revenue chart shows the months a period touches, never fewer than three", () => {
    expect(revenueMonthsFor("24h", NOW)).toBe(3);
    expect(revenueMonthsFor("30d", NOW)).toBe(3);
    expect(revenueMonthsFor("90d", NOW)).toBe(4);
    expect(revenueMonthsFor("90d", new Date("2026-12-01T15:00:00Z"))).toBe(4);
    expect(revenueMonthsFor("90d", new Date("2026-12-31T15:00:00Z"))).toBe(3);
  });
});
