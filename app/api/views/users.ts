import { z } from "zod";
import type { AccountSummary, PublicUser } from "~/models/accounts/index.server";
import type { ROLES as DB_ROLES } from "~db/schema";

/** The account's permission role. */
export const USER_ROLES = ["admin", "user", "premium_user"] as const satisfies typeof DB_ROLES;

/** The /api contract speaks snake_case and reais, as the spec's clients read it. */
export const userViewSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  created_at: z.iso.datetime(),
});
export type UserView = z.infer<typeof userViewSchema>;

export function userView(user: PublicUser): UserView {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    created_at: user.createdAt.toISOString(),
  };
}

/** The current plan as the profile shows it; -1 credits is unlimited. */
export const profileSubscriptionViewSchema = z.object({
  plan_id: z.int(),
  plan_name: z.string(),
  expires_at: z.iso.datetime().nullable(),
  credits_per_month: z.int(),
});

/** The day's searches (ADR 0016); -1 remaining and allowance is unlimited. */
export const searchStatsViewSchema = z.object({
  searches_today: z.int(),
  remaining_searches: z.int(),
  total_searches: z.int(),
  daily_allowance: z.int(),
  credits_balance: z.int(),
});

export const profileViewSchema = z.object({
  user: userViewSchema,
  subscription: profileSubscriptionViewSchema.nullable(),
  searchStats: searchStatsViewSchema,
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/** GET /api/auth/profile (and the login answer): the user, the subscription and the day's credits. */
export function profileView(summary: AccountSummary): ProfileView {
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

/**
 * An account just signed in (login, a reset link): its API session `token` and when it ends, and
 * the `device_token` to send back as X-Device-Token (ADR 0029).
 */
export const signedInViewSchema = z.object({
  user: userViewSchema,
  subscription: profileSubscriptionViewSchema.nullable(),
  token: z.string(),
  expires_at: z.iso.datetime(),
  device_token: z.string(),
});
export type SignedInView = z.infer<typeof signedInViewSchema>;

/** POST /api/auth/register: the new account and its API session `token`. */
export const registeredViewSchema = z.object({ user: userViewSchema, token: z.string() });
export type RegisteredView = z.infer<typeof registeredViewSchema>;
