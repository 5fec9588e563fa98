import { and, count, eq, gt, lt } from "drizzle-orm";
import { loginAttempts } from "~db/schema";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { normalizeEmail } from "./user.server";

/** Older failed sign-ins no longer count towards any throttle window. */
const LOGIN_ATTEMPTS_KEPT_MS = 24 * 60 * 60_000;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMinutes: number };

function limits() {
  const { LOGIN_MAX_ATTEMPTS, LOGIN_WINDOW_MINUTES } = env();
  // One address may be a whole shop behind NAT: it gets more room than a single e-mail does.
  return {
    perEmail: LOGIN_MAX_ATTEMPTS,
    perIp: LOGIN_MAX_ATTEMPTS * 4,
    windowMs: LOGIN_WINDOW_MINUTES * 60_000,
  };
}

/** Refuses a sign-in once the e-mail or the address has too many recent failures. */
export function checkLoginThrottle(ip: string, email: string, now = new Date()): ThrottleVerdict {
  const { perEmail, perIp, windowMs } = limits();
  const since = new Date(now.getTime() - windowMs);
  const database = db();
  const byEmail = database
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, normalizeEmail(email)), gt(loginAttempts.createdAt, since)))
    .get()!.n;
  const byIp = database
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.createdAt, since)))
    .get()!.n;
  if (byEmail < perEmail && byIp < perIp) return { allowed: true };
  return { allowed: false, retryAfterMinutes: Math.ceil(windowMs / 60_000) };
}

export function recordFailedLogin(ip: string, email: string, now = new Date()) {
  const database = db();
  database
    .insert(loginAttempts)
    .values({ ip, email: normalizeEmail(email), createdAt: now })
    .run();
  purgeOldLoginAttempts(now);
}

/** Forgets failures too old to count in any window; returns how many went. */
export function purgeOldLoginAttempts(now = new Date()): number {
  return db()
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_ATTEMPTS_KEPT_MS)))
    .run().changes;
}

/** A good sign-in forgives that e-mail's failures; the address keeps its count. */
export function clearFailedLogins(email: string) {
  db()
    .delete(loginAttempts)
    .where(eq(loginAttempts.email, normalizeEmail(email)))
    .run();
}
