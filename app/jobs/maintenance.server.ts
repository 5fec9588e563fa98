import {
  pruneIdempotencyKeys,
  purgeExpiredSessions as purgeExpiredSessionRows,
  purgeOldLoginAttempts,
} from "~/models/accounts/index.server";
import { purgeOldRequestStats } from "~/models/dashboard/index.server";
import { compactSentMail } from "~/models/mail/index.server";
import * as messages from "~/messages";
import { defineJob } from "./registry.server";

export const purgeExpiredSessions = defineJob(
  "maintenance.purge-expired-sessions",
  async (_payload: Record<string, never>, ctx) => {
    const now = new Date();
    const sessionsDeleted = purgeExpiredSessionRows(now);
    const loginAttemptsDeleted = purgeOldLoginAttempts(now);
    const requestHoursDeleted = purgeOldRequestStats(now);
    const sentMailCompacted = compactSentMail(now);
    const idempotencyKeysDeleted = pruneIdempotencyKeys(now);
    ctx.log(
      messages.jobs.maintenanceDone(
        sessionsDeleted,
        loginAttemptsDeleted,
        requestHoursDeleted,
        sentMailCompacted,
      ),
    );
    ctx.log(messages.apiIdempotency.pruned(idempotencyKeysDeleted));
    return {
      sessionsDeleted,
      loginAttemptsDeleted,
      requestHoursDeleted,
      sentMailCompacted,
      idempotencyKeysDeleted,
    };
  },
);
