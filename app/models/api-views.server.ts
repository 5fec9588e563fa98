import type { AccountSummary } from "./account.server";
import type { PublicOverview } from "./overview.server";
import type { PlanWithCustomers } from "./plan.server";
import type { PublicSeo } from "./seo.server";
import type { PublicUser } from "./user.server";

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

export function planView(plan: PlanWithCustomers) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.isFree ? 0 : (plan.priceCents ?? 0) / 100,
    credits_per_month: plan.creditsPerMonth,
    customers_count: plan.customersCount,
    status: plan.status,
    features: plan.features,
    policies: plan.policies,
    created_at: plan.createdAt.toISOString(),
  };
}

export function overviewView(overview: PublicOverview) {
  return {
    total_parts: overview.totalParts,
    total_vehicles: overview.totalVehicles,
    daily_searches: overview.dailySearches,
    active_users: overview.activeUsers,
  };
}

export function seoView(seo: PublicSeo) {
  return {
    site_name: seo.siteName,
    site_description: seo.siteDescription,
    logo_initials: seo.logoInitials,
    site_title: seo.siteTitle,
    favicon_url: seo.faviconUrl,
    og_site_name: seo.ogSiteName,
    og_image_url: seo.ogImageUrl,
    twitter_card: seo.twitterCard,
    twitter_site: seo.twitterSite,
    canonical_url: seo.canonicalUrl,
  };
}
