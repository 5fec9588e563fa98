import {
  allowanceFor,
  creditStats,
  currentPlan,
  searchStats,
  type CreditStats,
  type CurrentPlan,
  type SearchStats,
} from "./credits.server";
import { hasPlanAbove, isFreePlan } from "../payments/plan.server";
import { toPublicUser, type PublicUser, type User } from "./user.server";

type Subscription = {
  planId: number;
  planName: string;
  creditsPerMonth: number;
  expiresAt: Date | null;
  isFree: boolean;
} | null;

export type AccountSummary = {
  user: PublicUser;
  subscription: Subscription;
  searchStats: SearchStats;
  /** False for admins and on the top plan: no "Fazer upgrade" anywhere (ADR 0048). */
  canUpgrade: boolean;
};

/** A customer has an upgrade to offer while an active plan costs more than theirs. */
const canUpgrade = (user: User, plan: CurrentPlan | null): boolean =>
  user.role !== "admin" && hasPlanAbove(plan?.priceCents ?? null);

const subscriptionOf = (plan: CurrentPlan | null): Subscription =>
  plan && {
    planId: plan.planId,
    planName: plan.planName,
    creditsPerMonth: plan.creditsPerMonth,
    expiresAt: plan.expiresAt,
    isFree: isFreePlan(plan),
  };

/** The profile of the spec: user, subscription and search stats (settings, /api/auth/profile). */
export function accountSummary(user: User, now = new Date()): AccountSummary {
  const plan = currentPlan(user.id, now);
  return {
    user: toPublicUser(user),
    subscription: subscriptionOf(plan),
    searchStats: searchStats(user, now, allowanceFor(user.role, plan)),
    canUpgrade: canUpgrade(user, plan),
  };
}

/**
 * What the app shell shows on every page: the plan and today's credits — the plan read once and
 * one count, none of the usage totals the shell does not show.
 */
export function shellSummary(
  user: User,
  now = new Date(),
): {
  user: PublicUser;
  subscription: Subscription;
  credits: CreditStats;
  canUpgrade: boolean;
} {
  const plan = currentPlan(user.id, now);
  return {
    user: toPublicUser(user),
    subscription: subscriptionOf(plan),
    credits: creditStats(user, now, allowanceFor(user.role, plan)),
    canUpgrade: canUpgrade(user, plan),
  };
}
