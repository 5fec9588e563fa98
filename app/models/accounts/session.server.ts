import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { sessions, users, type User } from "~db/schema";
import { db, preparedOnce } from "~/utils/db.server";

export const WEB_SESSION_DAYS = 30;
export const API_SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type SessionKind = "web" | "api";

/**
 * What the database keeps of a session token: its SHA-256, in hex. The token is 256 random bits,
 * so a plain hash is enough (nothing to guess, no salt needed); a copy of the database (a backup)
 * holds no token that opens a session (ADR 0029).
 */
export function sessionTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Opens a session and returns it as its holder knows it: `id` is the token the cookie or the
 * bearer header carries — the one value every function here takes as the session's id. Only its
 * hash is stored.
 */
export function createSession(
  userId: number,
  kind: SessionKind,
  meta: { userAgent?: string | null; ip?: string | null } = {},
  now = new Date(),
) {
  const days = kind === "web" ? WEB_SESSION_DAYS : API_SESSION_DAYS;
  const token = randomBytes(32).toString("base64url");
  const row = db()
    .insert(sessions)
    .values({
      id: sessionTokenHash(token),
      userId,
      kind,
      expiresAt: new Date(now.getTime() + days * DAY_MS),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip?.slice(0, 64) ?? null,
    })
    .returning()
    .get();
  return { ...row, id: token };
}

/** `sessionId` of a valid session: the token that was looked up (the database has its hash). */
export type SessionLookup =
  { status: "valid"; user: User; sessionId: string } | { status: "expired" | "missing" };

/** A session counts only while it exists, has not expired, and its user is active. */
const sessionWithUser = preparedOnce((database) =>
  database
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .prepare(),
);

export function findSessionUser(
  sessionId: string | null | undefined,
  kind?: SessionKind,
  now = new Date(),
): SessionLookup {
  if (!sessionId) return { status: "missing" };
  const row = sessionWithUser().get({ sessionId: sessionTokenHash(sessionId) });
  if (!row || (kind && row.session.kind !== kind)) return { status: "missing" };
  if (row.session.expiresAt.getTime() <= now.getTime() || row.user.status !== "active") {
    return { status: "expired" };
  }
  return { status: "valid", user: row.user, sessionId };
}

/** Ends the session whose token is `sessionId`. */
export function revokeSession(sessionId: string) {
  db()
    .delete(sessions)
    .where(eq(sessions.id, sessionTokenHash(sessionId)))
    .run();
}

/** Signs the user out everywhere except the session in hand; returns how many were closed. */
export function revokeOtherSessions(userId: number, keepSessionId: string): number {
  return db()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionTokenHash(keepSessionId))))
    .run().changes;
}

/** Signs the user out everywhere, web sessions and API tokens alike; returns how many were closed. */
export function revokeAllSessions(userId: number): number {
  return db().delete(sessions).where(eq(sessions.userId, userId)).run().changes;
}

export function activeSessions(userId: number, now = new Date()) {
  return db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .all();
}

export function purgeExpiredSessions(now = new Date()) {
  return db().delete(sessions).where(lt(sessions.expiresAt, now)).run().changes;
}
