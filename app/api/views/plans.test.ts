import { describe, expect, it } from "vitest";
import type { PlanWithCustomers } from "~/models/payments/index.server";
import { planAdminView, planStatisticsView, planView } from "./plans";

const created = new Date("2024-03-01T12:00:00.000Z");
const updated = new Date("2024-04-02T08:30:00.000Z");

function plan(overrides: Partial<PlanWithCustomers> = {}): PlanWithCustomers {
  return {
    id: 7,
    name: "Profissional",
    description: "Para oficinas",
    status: "active",
    priceCents: 4990,
    creditsPerMonth: 300,
    features: ["Busca por código"],
    policies: null,
    sortOrder: 1,
    createdAt: created,
    updatedAt: updated,
    customersCount: 3,
    isFree: false,
    dailySearches: 10,
    ...overrides,
  };
}

describe("plan views", () => {
  it("gives the price in reais and the dates as ISO strings", () => {
    expect(planView(plan())).toMatchObject({
      price: 49.9,
      credits_per_month: 300,
      customers_count: 3,
      created_at: "2024-03-01T12:00:00.000Z",
    });
  });

  it("prices a free plan at 0, and a plan without a price at 0", () => {
    expect(planView(plan({ isFree: true, priceCents: 1000 })).price).toBe(0);
    expect(planView(plan({ priceCents: null })).price).toBe(0);
  });

  it("adds monthly revenue (price × active customers) and updated_at for the admin", () => {
    const view = planAdminView(plan({ priceCents: 4990, customersCount: 3 }));
    expect(view.monthly_revenue).toBeCloseTo(149.7);
    expect(view.updated_at).toBe("2024-04-02T08:30:00.000Z");
    expect(planAdminView(plan({ priceCents: null })).monthly_revenue).toBe(0);
  });

  it("gives the statistics' revenue in reais", () => {
    expect(
      planStatisticsView({
        totalPlans: 4,
        activePlans: 3,
        totalCustomers: 12,
        monthlyRevenueCents: 123_450,
      }),
    ).toEqual({ total_plans: 4, active_plans: 3, total_customers: 12, monthly_revenue: 1234.5 });
  });
});
