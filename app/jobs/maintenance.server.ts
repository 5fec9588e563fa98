import { purgeOldLoginAttempts } from "~/models/login-throttle.server";
import { purgeExpiredSessions as purgeExpiredSessionRows } from "~/models/session.server";
import { defineJob } from "./registry.server";

export const purgeExpiredSessions = defineJob(
  "maintenance.purge-expired-sessions",
  async (_payload: Record<string, never>, ctx) => {
    const now = new Date();
    const sessionsDeleted = purgeExpiredSessionRows(now);
    const loginAttemptsDeleted = purgeOldLoginAttempts(now);
    ctx.log(
      `${sessionsDeleted} sessões expiradas e ${loginAttemptsDeleted} tentativas de login antigas removidas`,
    );
    return { sessionsDeleted, loginAttemptsDeleted };
  },
);
