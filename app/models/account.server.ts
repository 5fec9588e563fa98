import { currentPlan, searchStats, type SearchStats } from "./credits.server";
import { isFreePlan } from "./plan.server";
import { toPublicUser, type PublicUser, type User } from "./user.server";

export type AccountSummary = {
  user: PublicUser;
  subscription: {
    planId: number;
    planName: string;
    creditsPerMonth: number;
    expiresAt: Date | null;
    isFree: boolean;
  } | null;
  searchStats: SearchStats;
};

/** The profile of the spec: user, subscription and search stats, shared by the shell and /api. */
export function accountSummary(user: User, now = new Date()): AccountSummary {
  const plan = currentPlan(user.id);
  return {
    user: toPublicUser(user),
    subscription: plan && {
      planId: plan.planId,
      planName: plan.planName,
      creditsPerMonth: plan.creditsPerMonth,
      expiresAt: plan.expiresAt,
      isFree: isFreePlan(plan),
    },
    searchStats: searchStats(user, now),
  };
}
