import type { AccountSummary, PublicUser } from "~/models/accounts/index.server";

/** The /api contract speaks snake_case and reais, as the spec's clients read it. */
export function userView(user: PublicUser) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    created_at: user.createdAt.toISOString(),
  };
}

/** GET /api/auth/profile (and the login answer): the user, the subscription and the day's credits. */
export function profileView(summary: AccountSummary) {
  const { subscription, searchStats } = summary;
  return {
    user: userView(summary.user),
    subscription: subscription && {
      plan_id: subscription.planId,
      plan_name: subscription.planName,
      expires_at: subscription.expiresAt?.toISOString() ?? null,
      credits_per_month: subscription.creditsPerMonth,
    },
    searchStats: {
      searches_today: searchStats.searchesToday,
      remaining_searches: searchStats.remainingSearches,
      total_searches: searchStats.totalSearches,
      daily_allowance: searchStats.dailyAllowance,
      credits_balance: searchStats.creditsBalance,
    },
  };
}
