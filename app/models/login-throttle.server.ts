import { and, desc, eq, gt, lt, type SQL } from "drizzle-orm";
import { loginAttempts } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { normalizeEmail } from "./user.server";

/** Older attempts no longer count towards any throttle window. */
const LOGIN_ATTEMPTS_KEPT_MS = 24 * 60 * 60_000;

/** An account over its limit still lets in one attempt this often (ADR 0016). */
export const SLOW_LANE_INTERVAL_MS = 60_000;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMinutes: number };

function limits() {
  const { LOGIN_MAX_ATTEMPTS, LOGIN_WINDOW_MINUTES } = env();
  // One address may be a whole shop behind NAT: it gets more room than a single e-mail does.
  return {
    perAccount: LOGIN_MAX_ATTEMPTS,
    perAddress: LOGIN_MAX_ATTEMPTS * 4,
    windowMs: LOGIN_WINDOW_MINUTES * 60_000,
  };
}

/**
 * When the attempts matching `condition` fall back under `limit` within `windowMs`: the moment
 * the limit-th newest one leaves the window; null when they are under the limit now.
 */
function blockedUntil(condition: SQL, limit: number, windowMs: number, now: Date): number | null {
  const row = db()
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(condition, gt(loginAttempts.createdAt, new Date(now.getTime() - windowMs))))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1)
    .offset(limit - 1)
    .get();
  return row ? row.at.getTime() + windowMs : null;
}

/**
 * Counts a sign-in attempt before its password is checked, or refuses it (ADR 0016). In one
 * BEGIN IMMEDIATE transaction, so concurrent attempts cannot all pass the check before any is
 * counted:
 * - an address with `perAddress` attempts in the window is refused, whatever the e-mail;
 * - an address with `perAccount` attempts on this e-mail in the window is refused for it;
 * - an e-mail with `perAccount` attempts in the window (from anywhere) is slowed, not blocked:
 *   addresses with tries left share one attempt per minute on it (its slow lane).
 * The attempt stays counted as a failure unless `forgiveLoginAttempts` clears it.
 */
export function beginLoginAttempt(ip: string, email: string, now = new Date()): ThrottleVerdict {
  const { perAccount, perAddress, windowMs } = limits();
  const account = normalizeEmail(email);
  const fromAddress = eq(loginAttempts.ip, ip);
  const onAccount = eq(loginAttempts.email, account);
  const database = db();
  return immediateTransaction(database, (): ThrottleVerdict => {
    const overLimit = blockedUntil(onAccount, perAccount, windowMs, now) !== null;
    const until =
      blockedUntil(fromAddress, perAddress, windowMs, now) ??
      blockedUntil(and(onAccount, fromAddress)!, perAccount, windowMs, now) ??
      (overLimit
        ? blockedUntil(
            and(onAccount, eq(loginAttempts.slowLane, true))!,
            1,
            SLOW_LANE_INTERVAL_MS,
            now,
          )
        : null);
    if (until !== null) {
      return {
        allowed: false,
        retryAfterMinutes: Math.max(1, Math.ceil((until - now.getTime()) / 60_000)),
      };
    }
    database
      .insert(loginAttempts)
      .values({ ip, email: account, slowLane: overLimit, createdAt: now })
      .run();
    purgeOldLoginAttempts(now);
    return { allowed: true };
  });
}

/**
 * The password was right: this attempt and the earlier ones on this e-mail from this address
 * (the owner's own typos) stop counting. Other addresses' attempts on the e-mail stay, so
 * an attacker gets no fresh tries from the owner signing in.
 */
export function forgiveLoginAttempts(ip: string, email: string) {
  db()
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.email, normalizeEmail(email)), eq(loginAttempts.ip, ip)))
    .run();
}

/** Forgets attempts too old to count in any window; returns how many went. */
export function purgeOldLoginAttempts(now = new Date()): number {
  return db()
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_ATTEMPTS_KEPT_MS)))
    .run().changes;
}
