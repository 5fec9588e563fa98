import { and, count, eq, gt, lt } from "drizzle-orm";
import { signups } from "~db/schema";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import * as messages from "~/messages";
import { refuse, type Refusal } from "../outcome";

const SIGNUP_WINDOW_MS = 60 * 60_000;

/**
 * The refusal for an address that made `SIGNUP_MAX_PER_HOUR` self sign-ups in the last hour, or
 * null while it may make another (ADR 0016). The sign-up runs it again inside its BEGIN IMMEDIATE
 * transaction, with `recordSignup`, so concurrent sign-ups cannot all pass the count.
 */
export function signupRefusal(ip: string, now = new Date()): Refusal | null {
  const since = new Date(now.getTime() - SIGNUP_WINDOW_MS);
  const made = db()
    .select({ n: count() })
    .from(signups)
    .where(and(eq(signups.ip, ip), gt(signups.createdAt, since)))
    .get()!.n;
  return made < env().SIGNUP_MAX_PER_HOUR
    ? null
    : refuse("rate_limited", messages.auth.tooManySignups);
}

/** Counts a self sign-up from `ip`, and forgets those too old to count. */
export function recordSignup(ip: string, now = new Date()) {
  db().insert(signups).values({ ip, createdAt: now }).run();
  db()
    .delete(signups)
    .where(lt(signups.createdAt, new Date(now.getTime() - SIGNUP_WINDOW_MS)))
    .run();
}
