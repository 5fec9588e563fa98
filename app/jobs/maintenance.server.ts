import { purgeExpiredSessions as purgeExpiredSessionRows, purgeOldLoginAttempts } from "~/models/accounts/index.server";
import { purgeOldRequestStats } from "~/models/dashboard/index.server";
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
