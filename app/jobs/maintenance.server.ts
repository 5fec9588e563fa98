import { purgeOldLoginAttempts } from "~/models/accounts/login-throttle.server";
import { purgeOldRequestStats } from "~/models/dashboard/request-stats.server";
import { purgeExpiredSessions as purgeExpiredSessionRows } from "~/models/accounts/session.server";
import { defineJob } from "./registry.server";

export const purgeExpiredSessions = defineJob(
  "maintenance.purge-expired-sessions",
  async (_payload: Record<string, never>, ctx) => {
    const now = new Date();
    const sessionsDeleted = purgeExpiredSessionRows(now);
    const loginAttemptsDeleted = purgeOldLoginAttempts(now);
    const requestHoursDeleted = purgeOldRequestStats(now);
    ctx.log(
      `${sessionsDeleted} sessões expiradas, ${loginAttemptsDeleted} tentativas de login e ${requestHoursDeleted} horas de contagem de respostas antigas removidas`,
    );
    return { sessionsDeleted, loginAttemptsDeleted, requestHoursDeleted };
  },
);
