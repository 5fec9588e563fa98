import type { PlanCustomer, PlanStatistics, PlanWithCustomers } from "~/models/payments/index.server";
import { reais } from "./money";

/** The public Plan (the pricing grid): price in reais, 0 for a free plan. */
export function planView(plan: PlanWithCustomers) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.isFree ? 0 : reais(plan.priceCents),
    credits_per_month: plan.creditsPerMonth,
    customers_count: plan.customersCount,
    status: plan.status,
    features: plan.features,
    policies: plan.policies,
    created_at: plan.createdAt.toISOString(),
  };
}

/** The Plan of the admin spec: the public fields plus monthly_revenue (price × active customers). */
export function planAdminView(plan: PlanWithCustomers) {
  return {
    ...planView(plan),
    monthly_revenue: reais((plan.priceCents ?? 0) * plan.customersCount),
    updated_at: plan.updatedAt.toISOString(),
  };
}

export function planStatisticsView(stats: PlanStatistics) {
  return {
    total_plans: stats.totalPlans,
    active_plans: stats.activePlans,
    total_customers: stats.totalCustomers,
    monthly_revenue: reais(stats.monthlyRevenueCents),
  };
}

export function planCustomerView(customer: PlanCustomer) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    company: customer.company,
    subscription_id: customer.subscriptionId,
    payment_method: customer.paymentMethod,
    started_at: customer.startedAt?.toISOString() ?? null,
    expires_at: customer.expiresAt?.toISOString() ?? null,
  };
}
