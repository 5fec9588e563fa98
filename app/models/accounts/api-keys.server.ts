import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { apiKeys, users, type User } from "~db/schema";
import { db, immediateTransaction, preparedOnce } from "~/utils/db.server";
import * as messages from "~/messages";
import { accept, refuse, type Outcome } from "../outcome";
import { isFreePlan } from "../payments/plan.server";
import { currentPlan } from "./credits.server";

/**
 * API keys (ADR 0049): a credential an integration keeps instead of a person's password. A key is
 * shown once, when it is made; the database keeps its SHA-256 and its first characters only.
 */

/** How every API key begins: a bearer token that starts so is a key, never a session token. */
export const API_KEY_PREFIX = "enc_live_";
/** Active (not revoked) keys one user may hold. */
export const API_KEYS_MAX_ACTIVE = 20;
/** The part of a key the list shows: the prefix and four characters of its randomness. */
const VISIBLE_LENGTH = API_KEY_PREFIX.length + 4;
/** `last_used_at` moves at most this often: a key in use must not write on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const m = messages.apiKeys;

/** What the database keeps to find a key: 256 random bits need no salt (as session tokens, ADR 0029). */
export function apiKeyHash(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** A key as its owner sees it in the list: never the key itself. */
export type ApiKeySummary = {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A key just made: the summary and, this one time, the key. */
export type NewApiKey = ApiKeySummary & { key: string };

const summaryColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

/** Admins, and customers whose active subscription is a paid plan, may make keys. */
export function mayCreateApiKeys(user: Pick<User, "id" | "role">, now = new Date()): boolean {
  if (user.role === "admin") return true;
  const plan = currentPlan(user.id, now);
  return plan !== null && !isFreePlan(plan);
}

/**
 * Makes a key named `name` (already read by its schema) for `user`. The count of active keys and
 * the insert are one write transaction, so concurrent creates stop at the cap.
 */
export function createApiKey(user: User, name: string, now = new Date()): Outcome<NewApiKey> {
  if (!mayCreateApiKeys(user, now)) return refuse("not_active", m.paidPlanRequired);
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  return immediateTransaction(db(), () => {
    const active = db()
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)))
      .get()!.n;
    if (active >= API_KEYS_MAX_ACTIVE)
      return refuse("limit_reached", m.tooMany(API_KEYS_MAX_ACTIVE));
    const row = db()
      .insert(apiKeys)
      .values({
        userId: user.id,
        name,
        prefix: key.slice(0, VISIBLE_LENGTH),
        hash: apiKeyHash(key),
        createdAt: now,
      })
      .returning(summaryColumns)
      .get();
    return accept({ ...row, key });
  });
}

/** The user's keys, newest first, revoked ones included. */
export function listApiKeys(userId: number): ApiKeySummary[] {
  return db()
    .select(summaryColumns)
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .all();
}

/** One of the user's own keys; another user's key is not found. */
export function findApiKey(userId: number, keyId: number): ApiKeySummary | undefined {
  return db()
    .select(summaryColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .get();
}

/**
 * Revokes one of the user's own keys (admins too: a key is its owner's alone). From this write on,
 * every process refuses the key: it is looked up on every request, never cached.
 */
export function revokeApiKey(
  userId: number,
  keyId: number,
  now = new Date(),
): Outcome<ApiKeySummary> {
  const revoked = db()
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning(summaryColumns)
    .get();
  if (revoked) return accept(revoked);
  const found = findApiKey(userId, keyId);
  return found ? refuse("not_active", m.alreadyRevoked) : refuse("not_found", m.notFound);
}

const keyWithOwner = preparedOnce((database) =>
  database
    .select({
      keyId: apiKeys.id,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      user: users,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.hash, sql.placeholder("hash")))
    .prepare(),
);

/**
 * Who a presented key acts for: its owner, while the key is not revoked and the owner is active;
 * null otherwise. Notes the use when the last one noted is a minute old or more.
 */
export function findApiKeyOwner(
  key: string,
  now = new Date(),
): { user: User; keyId: number } | null {
  if (!isApiKey(key)) return null;
  const row = keyWithOwner().get({ hash: apiKeyHash(key) });
  if (!row || row.revokedAt !== null || row.user.status !== "active") return null;
  if (
    row.lastUsedAt === null ||
    now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS
  )
    noteUse(row.keyId, now);
  return { user: row.user, keyId: row.keyId };
}

/** Another process may have noted it a moment ago: only a use a minute newer is written. */
function noteUse(keyId: number, now: Date) {
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  db()
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, stale))),
    )
    .run();
}
