import { randomBytes } from "node:crypto";
import { and, eq, lt, or } from "drizzle-orm";
import { idempotencyKeys } from "~db/schema";
import { db } from "~/utils/db.server";

/**
 * The API's idempotency keys (ADR 0051): a key a user sends with a POST or PATCH is reserved for
 * one request (its fingerprint), and the answer that request got is kept for 24 h, so a retry gets
 * that answer again instead of a second run. The request layer (app/server/idempotency.server.ts)
 * fingerprints the request and says what the answer was; the rules of what is kept, for how long
 * and who owns a reservation are here.
 *
 * While a row is `pending` its `body` holds the reservation's token: only the request holding it
 * may keep it alive, complete it or give it up, so a request taken over after a crash cannot
 * overwrite its successor's answer.
 */

/** How long a key is kept: a retry within it is answered with the first answer. */
export const IDEMPOTENCY_KEY_KEPT_MS = 24 * 60 * 60 * 1000;
/** A reservation not kept alive for this long was left by a process that died: it is taken over. */
export const RESERVATION_STALE_MS = 60_000;
/** How often a running request keeps its reservation alive (well inside RESERVATION_STALE_MS). */
export const RESERVATION_HEARTBEAT_MS = 15_000;
/** The largest answer body kept; a bigger one is replayed as "done, answer not kept". */
export const KEPT_ANSWER_MAX_BYTES = 1024 * 1024;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** An answer as it is kept and replayed. `body` null: the request ran, its answer was not kept. */
export type KeptAnswer = { status: number; headers: Record<string, string>; body: string | null };

export type Reservation =
  /** The key is this request's: run it, then `completeIdempotencyKey` or `releaseIdempotencyKey`. */
  | { kind: "reserved"; token: string }
  /** The key's request ran: answer this. */
  | { kind: "replay"; answer: KeptAnswer }
  /** The key was used with another request. */
  | { kind: "mismatch" }
  /** The key's request is still running. */
  | { kind: "in_progress" };

/**
 * The key an `Idempotency-Key` value carries, or null when it is not one: 1 to 255 visible ASCII
 * characters (no space, no control, nothing beyond ASCII). A value in double quotes (the IETF
 * draft writes the key as a structured-field string) is the key between them.
 */
export function idempotencyKeyOf(value: string): string | null {
  const key =
    value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) return null;
  return /^[\x21-\x7e]+$/.test(key) ? key : null;
}

/**
 * Whether an answer of this status is the request's outcome, kept for its retries. A 5xx may
 * have failed midway, and 401, 402, 403 and 429 refused before anything ran: a retry (after a new
 * token, more credits, a wait) must run, so none of those is kept.
 */
export function keepsAnswer(status: number): boolean {
  return status < 500 && ![401, 402, 403, 429].includes(status);
}

/**
 * Reserves `key` of `userId` for the request whose fingerprint is `requestHash`, in one write: a
 * new key, one whose first use is over IDEMPOTENCY_KEY_KEPT_MS old, or a reservation of the same
 * request left stale (RESERVATION_STALE_MS) is taken; otherwise the kept row says what to answer.
 */
export function reserveIdempotencyKey(
  userId: number,
  key: string,
  requestHash: string,
  now = new Date(),
): Reservation {
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_KEPT_MS);
  const staleBefore = new Date(now.getTime() - RESERVATION_STALE_MS);
  // The row can go between the write and the read (its request failed and gave the key up): try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const token = randomBytes(16).toString("hex");
    const taken = db()
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, state: "pending", body: token, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: {
          requestHash,
          state: "pending",
          status: null,
          headers: null,
          body: token,
          createdAt: now,
        },
        setWhere: or(
          lt(idempotencyKeys.createdAt, expiredBefore),
          and(
            eq(idempotencyKeys.state, "pending"),
            lt(idempotencyKeys.createdAt, staleBefore),
            eq(idempotencyKeys.requestHash, requestHash),
          ),
        ),
      })
      .run().changes;
    if (taken === 1) return { kind: "reserved", token };
    const row = db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .get();
    if (!row) continue;
    if (row.requestHash !== requestHash) return { kind: "mismatch" };
    if (row.state === "pending") return { kind: "in_progress" };
    return {
      kind: "replay",
      answer: { status: row.status ?? 200, headers: row.headers ?? {}, body: row.body },
    };
  }
  return { kind: "in_progress" };
}

function heldBy(userId: number, key: string, token: string) {
  return and(
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.state, "pending"),
    eq(idempotencyKeys.body, token),
  );
}

/** Keeps a running request's reservation from being taken over as stale. */
export function touchIdempotencyKey(userId: number, key: string, token: string, now = new Date()) {
  db()
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(heldBy(userId, key, token))
    .run();
}

/**
 * Keeps the answer of the request holding the reservation: its status and headers, and its body
 * when it is at most KEPT_ANSWER_MAX_BYTES (else null: replayed as done, answer not kept). False
 * when the reservation was no longer this request's.
 */
export function completeIdempotencyKey(
  userId: number,
  key: string,
  token: string,
  answer: KeptAnswer,
): boolean {
  const body =
    answer.body !== null && Buffer.byteLength(answer.body) <= KEPT_ANSWER_MAX_BYTES
      ? answer.body
      : null;
  return (
    db()
      .update(idempotencyKeys)
      .set({ state: "done", status: answer.status, headers: answer.headers, body })
      .where(heldBy(userId, key, token))
      .run().changes === 1
  );
}

/** Gives the key up (the request failed or did not run): its retry runs. */
export function releaseIdempotencyKey(userId: number, key: string, token: string) {
  db()
    .delete(idempotencyKeys)
    .where(heldBy(userId, key, token))
    .run();
}

/** Deletes keys over IDEMPOTENCY_KEY_KEPT_MS old (nightly maintenance); they are ignored already. */
export function pruneIdempotencyKeys(now = new Date()): number {
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_KEPT_MS);
  return db().delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiredBefore)).run()
    .changes;
}
