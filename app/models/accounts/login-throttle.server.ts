import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql, type SQL } from "drizzle-orm";
import { loginAttempts } from "~db/schema";
import { normalizeEmail } from "~/schemas/fields";
import { db, immediateTransaction } from "~/utils/db.server";
import { env } from "~/utils/env.server";

/** Older attempts no longer count towards any throttle window. */
const LOGIN_ATTEMPTS_KEPT_MS = 24 * 60 * 60_000;

/** An account over its limit still lets in one attempt this often (ADR 0016). */
export const SLOW_LANE_INTERVAL_MS = 60_000;

/** How long a device token (the `__device` cookie, or `device_token` of the API) is honoured. */
export const DEVICE_TOKEN_DAYS = 365;

/** A client address is kept to this many characters (an IPv6 address takes 45). */
const IP_MAX = 64;

/** Only this much of a submitted e-mail is read (the longest real one has 254 characters). */
const EMAIL_READ_MAX = 320;

/**
 * Trusted-lane attempts kept per account, as a multiple of LOGIN_MAX_ATTEMPTS: room for several
 * devices of the owner's failing at once, and a bound on what many device tokens can store.
 */
const DEVICE_ROWS_PER_ACCOUNT = 4;

export type ThrottleVerdict =
  { allowed: true } | { allowed: false; retryAfterMinutes: number; retryAfterSeconds: number };

function limits() {
  const { LOGIN_MAX_ATTEMPTS, LOGIN_WINDOW_MINUTES } = env();
  // One address may be a whole shop behind NAT: it gets more room than a single e-mail does.
  return {
    perAccount: LOGIN_MAX_ATTEMPTS,
    perAddress: LOGIN_MAX_ATTEMPTS * 4,
    perDevice: LOGIN_MAX_ATTEMPTS,
    windowMs: LOGIN_WINDOW_MINUTES * 60_000,
    /** The most untrusted attempts one e-mail can gather in a window: its limit, then the slow lane. */
    keptPerAccount:
      LOGIN_MAX_ATTEMPTS + Math.ceil((LOGIN_WINDOW_MINUTES * 60_000) / SLOW_LANE_INTERVAL_MS) + 1,
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** What the throttle keeps of an e-mail: the hash of its normalised form, 64 characters whatever was sent. */
export function accountKey(email: string): string {
  return sha256(normalizeEmail(email.slice(0, EMAIL_READ_MAX)));
}

const addressKey = (ip: string) => ip.slice(0, IP_MAX);

// --- Device tokens (OWASP "device cookies"; ADR 0029) -------------------------------------------

/** The HMAC key of device tokens: derived from the session secret, used for nothing else. */
const deviceKey = () =>
  createHmac("sha256", env().SESSION_SECRET).update("encaixa:device-token:v1").digest();

const deviceSignature = (payload: string) =>
  createHmac("sha256", deviceKey()).update(payload).digest("base64url");

/**
 * A device token for `userId`, given after a successful sign-in: `v1.<user>.<issued>.<nonce>.<hmac>`.
 * Nothing is stored: the signature proves it is ours, the nonce tells devices apart.
 */
export function issueDeviceToken(userId: number, now = new Date()): string {
  const issued = Math.floor(now.getTime() / 1000);
  const payload = `v1.${userId}.${issued}.${randomBytes(16).toString("base64url")}`;
  return `${payload}.${deviceSignature(payload)}`;
}

/** The account a device token names, signature unchecked (to keep one token per account in a cookie). */
export function deviceTokenUserId(token: string): number | null {
  const match = /^v1\.(\d{1,15})\./.exec(token);
  return match ? Number(match[1]) : null;
}

/**
 * The device (the hash of its token) among `tokens` that is trusted for `userId`: signed by us,
 * for that account, not older than DEVICE_TOKEN_DAYS. Null when none is.
 */
export function trustedDevice(
  tokens: readonly string[],
  userId: number,
  now = new Date(),
): string | null {
  for (const token of tokens.slice(0, 8)) {
    if (token.length > 200) continue;
    const parts = token.split(".");
    if (parts.length !== 5 || parts[0] !== "v1" || Number(parts[1]) !== userId) continue;
    const issuedMs = Number(parts[2]) * 1000;
    if (!Number.isFinite(issuedMs) || issuedMs > now.getTime() + 60_000) continue;
    if (now.getTime() - issuedMs > DEVICE_TOKEN_DAYS * 24 * 60 * 60_000) continue;
    const expected = Buffer.from(deviceSignature(parts.slice(0, 4).join(".")));
    const given = Buffer.from(parts[4]!);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return sha256(token);
  }
  return null;
}

// --- The throttle --------------------------------------------------------------------------------

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

/** Keeps only the `keep` newest attempts matching `condition`. */
function keepNewest(condition: SQL, keep: number) {
  db().run(
    sql`delete from ${loginAttempts} where ${loginAttempts.id} in (select ${loginAttempts.id} from ${loginAttempts} where ${condition} order by ${loginAttempts.createdAt} desc, ${loginAttempts.id} desc limit -1 offset ${keep})`,
  );
}

/**
 * Counts a password check (a sign-in, or the current password confirming a profile change)
 * before the password is checked, or refuses it (ADR 0016, 0029). In one BEGIN IMMEDIATE
 * transaction, so concurrent attempts cannot all pass the check before any is counted.
 *
 * With `device` (the hash `trustedDevice` gave: a browser or client that signed in to this account
 * before) the attempt is in the trusted lane: only that device's own attempts count, `perDevice`
 * in the window; nothing anyone else does refuses it. Without, the untrusted lane:
 * - an address with `perAddress` attempts in the window is refused, whatever the e-mail;
 * - an address with `perAccount` attempts on this e-mail in the window is refused for it;
 * - an e-mail with `perAccount` attempts in the window (from anywhere) is slowed, not blocked:
 *   addresses with tries left share one attempt per minute on it (its slow lane).
 * The attempt stays counted as a failure unless `forgiveLoginAttempts` clears it. Storage is
 * bounded: each address, e-mail and device keeps no more rows than its window can count.
 */
export function beginLoginAttempt(
  ip: string,
  email: string,
  now = new Date(),
  options: { device?: string | null } = {},
): ThrottleVerdict {
  const { perAccount, perAddress, perDevice, windowMs, keptPerAccount } = limits();
  const account = accountKey(email);
  const address = addressKey(ip);
  const device = options.device ?? null;
  const onAccount = eq(loginAttempts.email, account);
  const untrusted = isNull(loginAttempts.device);
  const fromAddress = and(eq(loginAttempts.ip, address), untrusted)!;
  const database = db();
  return immediateTransaction(database, (): ThrottleVerdict => {
    let until: number | null;
    let slowLane = false;
    if (device !== null) {
      until = blockedUntil(eq(loginAttempts.device, device), perDevice, windowMs, now);
    } else {
      const accountUntrusted = and(onAccount, untrusted)!;
      slowLane = blockedUntil(accountUntrusted, perAccount, windowMs, now) !== null;
      until =
        blockedUntil(fromAddress, perAddress, windowMs, now) ??
        blockedUntil(and(accountUntrusted, fromAddress)!, perAccount, windowMs, now) ??
        (slowLane
          ? blockedUntil(
              and(accountUntrusted, eq(loginAttempts.slowLane, true))!,
              1,
              SLOW_LANE_INTERVAL_MS,
              now,
            )
          : null);
    }
    if (until !== null) {
      const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
      return {
        allowed: false,
        retryAfterMinutes: Math.max(1, Math.ceil(seconds / 60)),
        retryAfterSeconds: seconds,
      };
    }
    database
      .insert(loginAttempts)
      .values({ ip: address, email: account, slowLane, device, createdAt: now })
      .run();
    if (device !== null) {
      keepNewest(eq(loginAttempts.device, device), perDevice);
      keepNewest(
        and(onAccount, sql`${loginAttempts.device} is not null`)!,
        perAccount * DEVICE_ROWS_PER_ACCOUNT,
      );
    } else {
      keepNewest(fromAddress, perAddress);
      keepNewest(and(onAccount, untrusted)!, keptPerAccount);
    }
    purgeOldLoginAttempts(now);
    return { allowed: true };
  });
}

/**
 * The password was right. From a trusted device, that device's attempts stop counting; else this
 * attempt and the earlier ones on this e-mail from this address (the owner's own typos). Other
 * addresses' and devices' attempts stay, so an attacker gets no fresh tries from the owner
 * signing in.
 */
export function forgiveLoginAttempts(
  ip: string,
  email: string,
  options: { device?: string | null } = {},
) {
  const device = options.device ?? null;
  db()
    .delete(loginAttempts)
    .where(
      device !== null
        ? eq(loginAttempts.device, device)
        : and(
            eq(loginAttempts.email, accountKey(email)),
            eq(loginAttempts.ip, addressKey(ip)),
            isNull(loginAttempts.device),
          ),
    )
    .run();
}

/** Forgets attempts too old to count in any window (a day, or the window if longer); returns how many went. */
export function purgeOldLoginAttempts(now = new Date()): number {
  const keptMs = Math.max(LOGIN_ATTEMPTS_KEPT_MS, limits().windowMs);
  return db()
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now.getTime() - keptMs)))
    .run().changes;
}
