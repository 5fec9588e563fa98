import { lt } from "drizzle-orm";
import { loginAttempts, sessions } from "~db/schema";
import { db } from "~/utils/db.server";
import { defineJob } from "./registry.server";

/** Older failed sign-ins no longer count towards any throttle window. */
const LOGIN_ATTEMPTS_KEPT_MS = 24 * 60 * 60 * 1000;

export const purgeExpiredSessions = defineJob(
  "maintenance.purge-expired-sessions",
  async (_payload: Record<string, never>, ctx) => {
    const now = Date.now();
    const sessionsDeleted = db()
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date(now)))
      .run().changes;
    const loginAttemptsDeleted = db()
      .delete(loginAttempts)
      .where(lt(loginAttempts.createdAt, new Date(now - LOGIN_ATTEMPTS_KEPT_MS)))
      .run().changes;
    ctx.log(
      `${sessionsDeleted} sessões expiradas e ${loginAttemptsDeleted} tentativas de login antigas removidas`,
    );
    return { sessionsDeleted, loginAttemptsDeleted };
  },
);
