import { hasPlanEndingNotices, queuePlanEndingNotices } from "~/models/notifications/index.server";
import * as messages from "~/messages";
import { defineJob } from "./registry.server";

/**
 * The plan-ending notices (7 days and 1 day before a paid plan ends), as a scheduled job: each
 * notice's event key makes a run that repeats, or two processes running at once, send it once.
 */
export const notifyPlansEnding = defineJob(
  "notifications.plan-ending",
  async (_payload: Record<string, never>, ctx) => {
    const report = await queuePlanEndingNotices(new Date());
    ctx.log(messages.notifications.planEndingRun(report.queued, report.failed));
    return report;
  },
);

export { hasPlanEndingNotices };
