import { eq } from "drizzle-orm";
import { subscriptions, userPreferences, users, type Role } from "~db/schema";
import { db } from "~/utils/db.server";
import { logActivity } from "./activity.server";
import { hashPassword, verifyPassword, decoyHash } from "~/utils/password.server";
import * as messages from "~/messages";
import { refuse, type Outcome } from "./outcome";
import { defaultFreePlan } from "./plan.server";

export type User = typeof users.$inferSelect;
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

type NewAccount = { name: string; email: string; password: string; role?: Role };

/**
 * Creates the account with its preferences and, for customers, the free plan: a new user can
 * search the minute they land on /home.
 */
export async function createAccount(input: NewAccount): Promise<Outcome<User>> {
  const passwordHash = await hashPassword(input.password);
  const email = normalizeEmail(input.email);
  const role = input.role ?? "user";
  const database = db();
  const user = database.transaction((tx) => {
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
    return created;
  });
  if (!user) return emailTaken();
  logActivity({
    actorId: user.id,
    type: "signup",
    action: `Nova conta: ${user.name}`,
    entity: "user",
    entityId: user.id,
  });
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

export async function setPassword(userId: number, password: string) {
  const passwordHash = await hashPassword(password);
  db().update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
}

export type ProfileChange = {
  name: string;
  email: string;
  currentPassword?: string;
  newPassword?: string;
};

/** Saves name and e-mail, and the password when a new one comes with the right current one. */
export async function updateProfile(userId: number, change: ProfileChange): Promise<Outcome<User>> {
  const user = getUserById(userId);
  if (!user) throw new Error(`user ${userId} not found`);
  const email = normalizeEmail(change.email);
  if (isEmailTaken(email, userId)) return emailTaken();
  let passwordHash: string | undefined;
  if (change.newPassword) {
    if (
      !change.currentPassword ||
      !(await verifyPassword(change.currentPassword, user.passwordHash))
    ) {
      return wrongPassword("currentPassword");
    }
    passwordHash = await hashPassword(change.newPassword);
  }
  const saved = db()
    .update(users)
    .set({ name: change.name, email, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(users.id, userId))
    .returning()
    .get();
  return { ok: true, value: saved };
}

/** Changes the password after checking the current one. */
export async function changePassword(
  userId: number,
  currentPassword: string,
  newPassword: string,
): Promise<Outcome<null>> {
  const user = getUserById(userId);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash)))
    return wrongPassword("currentPassword");
  await setPassword(userId, newPassword);
  return { ok: true, value: null };
}
