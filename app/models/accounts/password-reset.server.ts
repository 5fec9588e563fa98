import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, desc, eq, gt, isNull, lt, sql, type SQL } from "drizzle-orm";
import { passwordResetRequests, passwordResets, users, type User } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { hashPassword } from "~/utils/password.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { mailIdentity, queueMail, renderMail } from "../mail/index.server";
import { accept, refuse, type Outcome, type Refusal } from "../outcome";
import { publicOrigin } from "../payments/public-origin.server";
import { accountKey } from "./login-throttle.server";
import { revokeAllSessions } from "./session.server";
import { findUserByEmail } from "./user.server";

const m = messages.passwordReset;

/** How long a reset link works after it is sent. */
export const RESET_LINK_MINUTES = 30;

/**
 * The reset throttle's window (ADR 0043). Shorter than a link's life on purpose: an e-mail held
 * back by its limit was sent a link within the window, and that newest link still works, so
 * requests made by others never keep the owner out.
 */
const REQUEST_WINDOW_MS = 15 * 60_000;

/** Links one e-mail may be sent in the window, whoever asks (its inbox is not flooded). */
export const RESET_REQUESTS_PER_EMAIL = 3;

/** Requests one address may make in the window, on any e-mails: the sign-in's room for an address. */
const requestsPerAddress = () => env().LOGIN_MAX_ATTEMPTS * 4;

/**
 * A request answers no sooner than this after it came in, whether or not the e-mail has an
 * account: the link and its message are written only for an account, and the time must not tell.
 */
const ANSWER_FLOOR_MS = 120;

/** A client address is kept to this many characters (an IPv6 address takes 45). */
const IP_MAX = 64;

/** The longest token there can be: 32 bytes in base64url take 43 characters. */
const TOKEN_MAX = 64;

/**
 * What the database keeps of a reset token: its SHA-256, in hex. The token is 256 random bits, so
 * a plain hash is enough; a copy of the database (a backup) holds no link that works.
 */
export function resetTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The page a reset link opens, on the app's public address (never a request's Host). */
export function resetLink(token: string): string {
  return `${publicOrigin() ?? ""}/redefinir-senha/${token}`;
}

// --- The throttle --------------------------------------------------------------------------------

type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** When the requests matching `condition` fall back under `limit`; null while under it now. */
function blockedUntil(condition: SQL, limit: number, now: Date): number | null {
  const row = db()
    .select({ at: passwordResetRequests.createdAt })
    .from(passwordResetRequests)
    .where(
      and(
        condition,
        gt(passwordResetRequests.createdAt, new Date(now.getTime() - REQUEST_WINDOW_MS)),
      ),
    )
    .orderBy(desc(passwordResetRequests.createdAt))
    .limit(1)
    .offset(limit - 1)
    .get();
  return row ? row.at.getTime() + REQUEST_WINDOW_MS : null;
}

/** Keeps only the `keep` newest requests matching `condition`. */
function keepNewest(condition: SQL, keep: number) {
  db().run(
    sql`delete from ${passwordResetRequests} where ${passwordResetRequests.id} in (select ${passwordResetRequests.id} from ${passwordResetRequests} where ${condition} order by ${passwordResetRequests.createdAt} desc, ${passwordResetRequests.id} desc limit -1 offset ${keep})`,
  );
}

/**
 * Counts a reset request, known e-mail or not (a refusal must not tell which), or refuses it: an
 * address over its limit on all e-mails, or an e-mail over its limit from anywhere. In one BEGIN
 * IMMEDIATE transaction, so concurrent requests cannot all pass the count; a refused request is
 * not counted, and each address and e-mail keeps no more rows than its window can count.
 */
function countResetRequest(ip: string, email: string, now: Date): Verdict {
  const address = ip.slice(0, IP_MAX);
  const account = accountKey(email);
  const fromAddress = eq(passwordResetRequests.ip, address);
  const forEmail = eq(passwordResetRequests.email, account);
  const perAddress = requestsPerAddress();
  return immediateTransaction(db(), (): Verdict => {
    const until =
      blockedUntil(fromAddress, perAddress, now) ??
      blockedUntil(forEmail, RESET_REQUESTS_PER_EMAIL, now);
    if (until !== null)
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
      };
    db()
      .insert(passwordResetRequests)
      .values({ ip: address, email: account, createdAt: now })
      .run();
    keepNewest(fromAddress, perAddress);
    keepNewest(forEmail, RESET_REQUESTS_PER_EMAIL);
    db()
      .delete(passwordResetRequests)
      .where(lt(passwordResetRequests.createdAt, new Date(now.getTime() - REQUEST_WINDOW_MS)))
      .run();
    return { allowed: true };
  });
}

// --- Asking for a link ---------------------------------------------------------------------------

/**
 * Writes a new link that sets `userId`'s password, valid `validMs`, replacing any earlier one (one
 * link per account: only the newest message works). The token is only in the link returned.
 */
export function writeResetLink(userId: number, validMs: number, now: Date) {
  const token = randomBytes(32).toString("base64url");
  const reset = immediateTransaction(db(), () => {
    db().delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
    return db()
      .insert(passwordResets)
      .values({
        userId,
        tokenHash: resetTokenHash(token),
        expiresAt: new Date(now.getTime() + validMs),
        createdAt: now,
      })
      .returning({ id: passwordResets.id })
      .get();
  });
  return { reset, link: resetLink(token) };
}

/** The texts of a message carrying a link that sets a password. */
type PasswordLinkTexts = {
  mailSubject: (appName: string) => string;
  mailHeading: string;
  mailGreeting: (name: string) => string;
  mailIntro: (appName: string) => string;
  mailAction: string;
  mailValidity: string;
};

/**
 * Writes a new link that sets `user`'s password, valid `lifetimeMs`, replacing any earlier one
 * (one link per account: only the newest message works), and queues its message under
 * `<kind with dashes>:<link id>`; the token itself is only in the message. A forgotten password
 * and a customer an admin created without one (customer-invite.server.ts) both send one.
 */
export async function mailPasswordLink(
  user: Pick<User, "id" | "name" | "email">,
  mail: { kind: string; lifetimeMs: number; texts: PasswordLinkTexts; footnotes: string[] },
  now: Date,
) {
  const { reset, link } = writeResetLink(user.id, mail.lifetimeMs, now);
  const { appName } = mailIdentity();
  const t = mail.texts;
  await queueMail({
    eventKey: `${mail.kind.replaceAll("_", "-")}:${reset.id}`,
    kind: mail.kind,
    to: user.email,
    ...renderMail({
      subject: t.mailSubject(appName),
      heading: t.mailHeading,
      paragraphs: [t.mailGreeting(user.name), t.mailIntro(appName)],
      action: { label: t.mailAction, url: link },
      footnotes: [t.mailValidity, ...mail.footnotes],
    }),
  });
}

const sendResetLink = (user: User, now: Date) =>
  mailPasswordLink(
    user,
    {
      kind: "password_reset",
      lifetimeMs: RESET_LINK_MINUTES * 60_000,
      texts: m,
      footnotes: [m.mailIgnore],
    },
    now,
  );

/**
 * "Esqueci minha senha": when `email` is an active account's, a single-use link valid for
 * RESET_LINK_MINUTES is mailed to it. The answer is the same, in about the same time, whether or
 * not there is such an account; only the throttle refuses (`rate_limited`, with its wait).
 */
export async function requestPasswordReset(
  input: { email: string; ip: string },
  now = new Date(),
  options: { answerFloorMs?: number } = {},
): Promise<Outcome<null>> {
  const started = performance.now();
  const verdict = countResetRequest(input.ip, input.email, now);
  if (!verdict.allowed)
    return {
      ...refuse("rate_limited", m.tooManyRequests(Math.ceil(verdict.retryAfterSeconds / 60))),
      retryAfterSeconds: verdict.retryAfterSeconds,
    };
  const user = findUserByEmail(input.email);
  if (user?.status === "active") await sendResetLink(user, now);
  const left = (options.answerFloorMs ?? ANSWER_FLOOR_MS) - (performance.now() - started);
  if (left > 0) await sleep(left);
  return accept(null);
}

// --- Using a link --------------------------------------------------------------------------------

const invalidLink = (): Refusal => refuse("invalid_reference", m.invalidLink, "token");

/** The unused, unexpired reset `token` opens, with its active account; undefined when none. */
function openReset(token: string, now: Date) {
  if (!token || token.length > TOKEN_MAX) return undefined;
  return db()
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, resetTokenHash(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
        eq(users.status, "active"),
      ),
    )
    .get();
}

/** Whether `token` is a link that can still set a password (the page shows the form or says why not). */
export function isResetLinkOpen(token: string, now = new Date()): boolean {
  return openReset(token, now) !== undefined;
}

/**
 * Sets a new password through a reset link: the link must exist, be unused and unexpired. In one
 * BEGIN IMMEDIATE transaction the link is spent (only one of two concurrent uses gets it), the
 * password replaced and every session and API token of the account revoked; the caller then
 * opens the one session of whoever reset it.
 */
export async function resetPassword(
  input: { token: string; password: string },
  now = new Date(),
): Promise<Outcome<User>> {
  const reset = openReset(input.token, now);
  if (!reset) return invalidLink();
  const passwordHash = await hashPassword(input.password);
  const user = immediateTransaction(db(), () => {
    const spent = db()
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.id, reset.id),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .run().changes;
    if (spent === 0) return undefined;
    revokeAllSessions(reset.userId);
    return db()
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, reset.userId), eq(users.status, "active")))
      .returning()
      .get();
  });
  if (!user) return invalidLink();
  logActivity({
    actorId: user.id,
    type: "password_reset",
    action: m.activityReset(user.name),
    entity: "user",
    entityId: user.id,
  });
  return accept(user);
}
