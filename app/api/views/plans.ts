import { z } from "zod";
import type {
  PlanCustomer,
  PlanStatistics,
  PlanWithCustomers,
} from "~/models/payments/index.server";
import { PAYMENT_METHODS } from "~/schemas/choices";
import { PLAN_STATUSES } from "~/schemas/payments/plan";
import { reais } from "./money";

export const planViewSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Reais; 0 for a free plan. */
  price: z.number(),
  /** -1 is unlimited. */
  credits_per_month: z.int(),
  customers_count: z.int(),
  status: z.enum(PLAN_STATUSES),
  features: z.array(z.string()),
  policies: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type PlanView = z.infer<typeof planViewSchema>;

/** The public Plan (the pricing grid): price in reais, 0 for a free plan. */
export function planView(plan: PlanWithCustomers): PlanView {
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

export const planAdminViewSchema = z.object({
  ...planViewSchema.shape,
  /** Reais: price × active customers. */
  monthly_revenue: z.number(),
  updated_at: z.iso.datetime(),
});
export type PlanAdminView = z.infer<typeof planAdminViewSchema>;

/** The Plan of the admin spec: the public fields plus monthly_revenue (price × active customers). */
export function planAdminView(plan: PlanWithCustomers): PlanAdminView {
  return {
    ...planView(plan),
    monthly_revenue: reais((plan.priceCents ?? 0) * plan.customersCount),
    updated_at: plan.updatedAt.toISOString(),
  };
}

export const planStatisticsViewSchema = z.object({
  total_plans: z.int(),
  active_plans: z.int(),
  total_customers: z.int(),
  /** Reais. */
  monthly_revenue: z.number(),
});
export type PlanStatisticsView = z.infer<typeof planStatisticsViewSchema>;

export function planStatisticsView(stats: PlanStatistics): PlanStatisticsView {
  return {
    total_plans: stats.totalPlans,
    active_plans: stats.activePlans,
    total_customers: stats.totalCustomers,
    monthly_revenue: reais(stats.monthlyRevenueCents),
  };
}

export const planCustomerViewSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  subscription_id: z.int(),
  payment_method: z.enum(PAYMENT_METHODS),
  started_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().nullable(),
});
export type PlanCustomerView = z.infer<typeof planCustomerViewSchema>;

export function planCustomerView(customer: PlanCustomer): PlanCustomerView {
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
