import {
  applyDueScheduledPlanChanges,
  hasDueScheduledPlanChanges,
} from "~/models/accounts/index.server";
import * as messages from "~/messages";
import { defineJob } from "./registry.server";

/**
 * Downgrades whose paid period has ended take effect (ADR 0046). The model marks each ended
 * period before acting on it, so a repeated or concurrent run applies each change once.
 */
export const applyScheduledPlanChanges = defineJob(
  "accounts.apply-scheduled-plan-changes",
  async (_payload: Record<string, never>, ctx) => {
    const applied = applyDueScheduledPlanChanges(new Date());
    ctx.log(messages.jobs.planChangesApplied(applied));
    return { applied };
  },
);

/** The schedule's `due`: only slots with a change to apply enqueue a run. */
export const hasScheduledPlanChangesDue = () => hasDueScheduledPlanChanges(new Date());
