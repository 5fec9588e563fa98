import type { CustomerRow, CustomerStatistics } from "~/models/accounts/index.server";
import { reais } from "./money";

/** The customer classification in the spec's vocabulary: regular is "customer". */
export function roleFromCustomerType(
  type: CustomerRow["customerType"],
): "customer" | "premium" | "vip" {
  return type === "regular" ? "customer" : type;
}

/**
 * The Customer of the admin spec. `role` is the spec's classification (customer = Regular, premium,
 * vip), also given as `customer_type`; the account's permission role is `account_role`.
 */
export function customerView(customer: CustomerRow) {
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

export function customerStatisticsView(stats: CustomerStatistics) {
  return {
    total_customers: stats.totalCustomers,
    active_customers: stats.activeCustomers,
    subscribed_customers: stats.subscribedCustomers,
    total_credits: stats.totalCredits,
    total_revenue: reais(stats.totalRevenueCents),
  };
}
