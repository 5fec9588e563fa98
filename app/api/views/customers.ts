import { z } from "zod";
import type { CustomerRow, CustomerStatistics } from "~/models/accounts/index.server";
import { CUSTOMER_STATUSES, CUSTOMER_TYPES, PAYMENT_METHODS } from "~/schemas/choices";
import type { SUBSCRIPTION_STATUSES as DB_SUBSCRIPTION_STATUSES } from "~db/schema";
import { reais } from "./money";
import { USER_ROLES } from "./users";

export const SUBSCRIPTION_STATUSES = [
  "pending",
  "active",
  "cancelled",
  "expired",
] as const satisfies typeof DB_SUBSCRIPTION_STATUSES;

/** The customer classification in the spec's vocabulary: regular is "customer". */
export const CUSTOMER_ROLE_NAMES = ["customer", "premium", "vip"] as const;

export function roleFromCustomerType(
  type: CustomerRow["customerType"],
): (typeof CUSTOMER_ROLE_NAMES)[number] {
  return type === "regular" ? "customer" : type;
}

export const customerViewSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  role: z.enum(CUSTOMER_ROLE_NAMES),
  customer_type: z.enum(CUSTOMER_TYPES),
  account_role: z.enum(USER_ROLES),
  status: z.enum(CUSTOMER_STATUSES),
  notes: z.string().nullable(),
  credits_balance: z.int(),
  remaining_searches: z.int(),
  daily_allowance: z.int(),
  /** Reais. */
  total_spent: z.number(),
  last_consultation_date: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  subscription: z
    .object({
      id: z.int(),
      plan_id: z.int(),
      plan_name: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      payment_method: z.enum(PAYMENT_METHODS),
      started_at: z.iso.datetime().nullable(),
      expires_at: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type CustomerView = z.infer<typeof customerViewSchema>;

/**
 * The Customer of the admin spec. `role` is the spec's classification (customer = Regular, premium,
 * vip), also given as `customer_type`; the account's permission role is `account_role`.
 */
export function customerView(customer: CustomerRow): CustomerView {
  const subscription = customer.subscription;
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    company: customer.company,
    role: roleFromCustomerType(customer.customerType),
    customer_type: customer.customerType,
    account_role: customer.role,
    status: customer.status,
    notes: customer.notes,
    credits_balance: customer.creditsBalance,
    remaining_searches: customer.credits.remainingSearches,
    daily_allowance: customer.credits.dailyAllowance,
    total_spent: reais(customer.totalSpentCents),
    last_consultation_date: customer.lastSearchAt?.toISOString() ?? null,
    created_at: customer.createdAt.toISOString(),
    subscription: subscription && {
      id: subscription.id,
      plan_id: subscription.planId,
      plan_name: subscription.planName,
      status: subscription.status,
      payment_method: subscription.paymentMethod,
      started_at: subscription.startedAt?.toISOString() ?? null,
      expires_at: subscription.expiresAt?.toISOString() ?? null,
    },
  };
}

export const customerStatisticsViewSchema = z.object({
  total_customers: z.int(),
  active_customers: z.int(),
  subscribed_customers: z.int(),
  total_credits: z.int(),
  /** Reais. */
  total_revenue: z.number(),
});
export type CustomerStatisticsView = z.infer<typeof customerStatisticsViewSchema>;

export function customerStatisticsView(stats: CustomerStatistics): CustomerStatisticsView {
  return {
    total_customers: stats.totalCustomers,
    active_customers: stats.activeCustomers,
    subscribed_customers: stats.subscribedCustomers,
    total_credits: stats.totalCredits,
    total_revenue: reais(stats.totalRevenueCents),
  };
}
