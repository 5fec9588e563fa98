import { eq } from "drizzle-orm";
import { subscriptions, userPreferences, users, type Role, type User } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import { logActivity } from "../activity/activity.server";
import { hashPassword, verifyPassword, decoyHash } from "~/utils/password.server";
import * as messages from "~/messages";
import { refuse, type Outcome, type Refusal } from "../outcome";
import { defaultFreePlan } from "../payments/plan.server";
import { recordSignup, signupRefusal } from "./signup-throttle.server";
import { queueWelcomeMail } from "./welcome-mail.server";
import { revokeAllSessions, revokeOtherSessions } from "./session.server";
import { beginLoginAttempt, forgiveLoginAttempts } from "./login-throttle.server";

export type { User };
export type PublicUser = Pick<User, "id" | "name" | "email" | "role" | "createdAt">;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt,
  };
}

export function getUserById(id: number): User | undefined {
  return db().select().from(users).where(eq(users.id, id)).get();
}

export function findUserByEmail(email: string): User | undefined {
  return db()
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get();
}

export function isEmailTaken(email: string, exceptUserId?: number): boolean {
  const found = findUserByEmail(email);
  return !!found && found.id !== exceptUserId;
}

export const emailTaken = () => refuse("name_taken", messages.auth.emailTaken, "email");

const wrongPassword = (field: string) =>
  refuse("wrong_password", messages.profile.currentPasswordWrong, field);

/**
 * Where a password check of a signed-in user comes from, for the sign-in throttle: the client
 * address, and the device (`trustedDevice`'s hash) when it signed in to this account before.
 */
export type PasswordAttempt = { ip: string; device: string | null };

/**
 * The current password confirming a change, checked like a sign-in (ADR 0029): counted by the
 * sign-in throttle before it is checked (a borrowed session gets no more guesses than the sign-in
 * form gives), forgiven when right. Null when it is right.
 */
async function currentPasswordRefusal(
  user: User,
  password: string,
  attempt: PasswordAttempt,
): Promise<Refusal | null> {
  const verdict = beginLoginAttempt(attempt.ip, user.email, new Date(), { device: attempt.device });
  if (!verdict.allowed) {
    return {
      ...refuse(
        "rate_limited",
        messages.profile.currentPasswordThrottled(verdict.retryAfterMinutes),
        "currentPassword",
      ),
      retryAfterSeconds: verdict.retryAfterSeconds,
    };
  }
  if (!(await verifyPassword(password, user.passwordHash))) return wrongPassword("currentPassword");
  forgiveLoginAttempts(attempt.ip, user.email, { device: attempt.device });
  return null;
}

type NewAccount = { name: string; email: string; password: string; role?: Role };

/**
 * Creates the account with its preferences and, for customers, the free plan: a new user can
 * search the minute they land on /home. A self sign-up names the client address it came from
 * (`signupFrom`), which may make only so many an hour (ADR 0016).
 */
export async function createAccount(
  input: NewAccount,
  options: { signupFrom?: string } = {},
): Promise<Outcome<User>> {
  const { signupFrom } = options;
  // Checked before the costly hash too, so a refused address cannot keep the CPU busy.
  const limited = signupFrom === undefined ? null : signupRefusal(signupFrom);
  if (limited) return limited;
  const passwordHash = await hashPassword(input.password);
  const email = normalizeEmail(input.email);
  const role = input.role ?? "user";
  const database = db();
  const user = database.transaction(
    (tx) => {
      const limitedNow = signupFrom === undefined ? null : signupRefusal(signupFrom);
      if (limitedNow) return limitedNow;
      if (tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) return null;
      const created = tx
        .insert(users)
        .values({ name: input.name.trim(), email, passwordHash, role })
        .returning()
        .get();
      tx.insert(userPreferences).values({ userId: created.id }).run();
      const free = role === "admin" ? undefined : defaultFreePlan();
      if (free) {
        tx.insert(subscriptions)
          .values({
            userId: created.id,
            planId: free.id,
            status: "active",
            paymentMethod: "credit_card",
            startedAt: new Date(),
          })
          .run();
      }
      if (signupFrom !== undefined) recordSignup(signupFrom);
      return created;
    },
    // The write lock up front: two sign-ups from one address cannot both pass the count.
    { behavior: "immediate" },
  );
  if (!user) return emailTaken();
  if ("ok" in user) return user;
  logActivity({
    actorId: user.id,
    type: "signup",
    action: messages.auth.activitySignup(user.name),
    entity: "user",
    entityId: user.id,
  });
  if (signupFrom !== undefined) await queueWelcomeMail(user);
  return { ok: true, value: user };
}

/** The user for these credentials, or null; unknown e-mails cost the same time as wrong passwords. */
export async function verifyCredentials(email: string, password: string): Promise<User | null> {
  const user = findUserByEmail(email);
  if (!user) {
    await verifyPassword(password, await decoyHash());
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

/**
 * Stores a new password hash and closes the sessions opened with the old password, so a new
 * password locks out whoever took the account over: the user's own change keeps `keepSessionId`
 * (the session making it) and revokes every other web session and API token; an admin reset
 * (`null`) revokes them all. Call it inside a transaction, with the user's other writes.
 */
function replacePasswordHash(userId: number, passwordHash: string, keepSessionId: string | null) {
  db().update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
  if (keepSessionId === null) revokeAllSessions(userId);
  else revokeOtherSessions(userId, keepSessionId);
}

/** Sets a new password; see `replacePasswordHash` for the sessions it closes. */
export async function setPassword(userId: number, password: string, keepSessionId: string | null) {
  const passwordHash = await hashPassword(password);
  immediateTransaction(db(), () => replacePasswordHash(userId, passwordHash, keepSessionId));
}

export type ProfileChange = {
  name: string;
  email: string;
  currentPassword?: string;
  newPassword?: string;
};

/**
 * Saves name and e-mail, and the password when a new one comes. A new e-mail or a new password
 * needs the right current password (a borrowed session alone must not take the account over),
 * checked under the sign-in throttle (`attempt`); a new password signs out every other session
 * and token, keeping `sessionId`, the one saving (null when an API key saves: every session ends;
 * API keys are not sessions and stay, ADR 0049).
 */
export async function updateProfile(
  userId: number,
  change: ProfileChange,
  sessionId: string | null,
  attempt: PasswordAttempt,
): Promise<Outcome<User>> {
  const user = getUserById(userId);
  if (!user) throw new Error(`user ${userId} not found`);
  const email = normalizeEmail(change.email);
  const emailChanges = email !== user.email;
  if (emailChanges || change.newPassword) {
    if (!change.currentPassword) {
      const message = change.newPassword
        ? messages.profile.currentPasswordRequired
        : messages.profile.currentPasswordForEmail;
      return refuse("wrong_password", message, "currentPassword");
    }
    const refused = await currentPasswordRefusal(user, change.currentPassword, attempt);
    if (refused) return refused;
  }
  if (emailChanges && isEmailTaken(email, userId)) return emailTaken();
  const passwordHash = change.newPassword ? await hashPassword(change.newPassword) : undefined;
  immediateTransaction(db(), () => {
    db().update(users).set({ name: change.name, email }).where(eq(users.id, userId)).run();
    if (passwordHash) replacePasswordHash(userId, passwordHash, sessionId);
  });
  return { ok: true, value: getUserById(userId)! };
}

/**
 * Changes the password after checking the current one under the sign-in throttle (`attempt`);
 * other sessions and tokens end.
 */
export async function changePassword(
  userId: number,
  currentPassword: string,
  newPassword: string,
  sessionId: string,
  attempt: PasswordAttempt,
): Promise<Outcome<null>> {
  const user = getUserById(userId);
  if (!user) throw new Error(`user ${userId} not found`);
  const refused = await currentPasswordRefusal(user, currentPassword, attempt);
  if (refused) return refused;
  await setPassword(userId, newPassword, sessionId);
  return { ok: true, value: null };
}
