import { cachedStatement, db, immediateTransaction } from "~/utils/db.server";

/**
 * A request rate as a token bucket (ADR 0050): `burst` requests at once, then `perSecond`.
 * The bucket holds milli-tokens as whole numbers so the arithmetic is exact: a millisecond adds
 * `perSecond` of them, a request takes 1000.
 */
export type RatePolicy = { burst: number; perSecond: number };

/** What one API key may ask: 10 requests a second, 20 at once. */
export const API_KEY_RATE: RatePolicy = { burst: 20, perSecond: 10 };

/** A bucket as stored: its tokens and when they were last counted (ms since the epoch). */
export type Bucket = { tokens: number; refilledAt: number };

export type RateVerdict = {
  allowed: boolean;
  /** Whole requests left right now, after this one. */
  remaining: number;
  /** When refused, how long until one request is allowed again. */
  retryAfterMs: number;
  /** How long until the bucket is full again (the whole burst is back). */
  fullInMs: number;
};

const MILLI = 1000;

/**
 * One request against a bucket at `now`: the bucket after it and the verdict. A bucket never seen
 * starts full. A clock behind the bucket's (another process read it a moment earlier) adds
 * nothing, and the bucket's time never goes back.
 */
export function takeToken(
  bucket: Bucket | undefined,
  policy: RatePolicy,
  now: number,
): { bucket: Bucket; verdict: RateVerdict } {
  const capacity = policy.burst * MILLI;
  const held = bucket ? Math.round(bucket.tokens * MILLI) : capacity;
  const elapsed = bucket ? Math.max(0, now - bucket.refilledAt) : 0;
  const refilledAt = bucket ? Math.max(bucket.refilledAt, now) : now;
  const available = Math.min(capacity, held + elapsed * policy.perSecond);
  const allowed = available >= MILLI;
  const left = allowed ? available - MILLI : available;
  return {
    bucket: { tokens: left / MILLI, refilledAt },
    verdict: {
      allowed,
      remaining: Math.floor(left / MILLI),
      retryAfterMs: allowed ? 0 : Math.ceil((MILLI - left) / policy.perSecond),
      fullInMs: Math.ceil((capacity - left) / policy.perSecond),
    },
  };
}

/**
 * A bucket untouched this long is full whatever its policy (a burst of 20 at 10/s refills in 2 s):
 * its row says nothing an absent row would not, and goes.
 */
export const IDLE_BUCKET_MS = 60_000;

/** Stale rows removed each time a new bucket is written: the table holds about the last minute's keys. */
const PRUNED_PER_NEW_BUCKET = 4;

/**
 * Spends one request of the bucket named `key` (e.g. `api-key:<sha256 of the key>`), in one write
 * transaction: the count is exact across web processes, each its own connection to the database.
 * A refused request writes nothing. A new bucket clears a few idle ones, so keys that are never
 * seen again (a scan with random keys) do not pile up.
 */
export function spendRequest(
  key: string,
  policy: RatePolicy = API_KEY_RATE,
  clock: () => number = Date.now,
): RateVerdict {
  return immediateTransaction(db(), () => {
    // Read inside the lock: the order of the transactions is the order of the clock readings.
    const now = clock();
    const row = cachedStatement(
      "select tokens, refilled_at as refilledAt from rate_buckets where key = ?",
    ).get(key) as Bucket | undefined;
    const { bucket, verdict } = takeToken(row, policy, now);
    if (!verdict.allowed) return verdict;
    cachedStatement(
      `insert into rate_buckets (key, tokens, refilled_at) values (?, ?, ?)
       on conflict (key) do update set tokens = excluded.tokens, refilled_at = excluded.refilled_at`,
    ).run(key, bucket.tokens, bucket.refilledAt);
    if (!row) pruneIdleBuckets(now, PRUNED_PER_NEW_BUCKET);
    return verdict;
  });
}

/** Deletes up to `limit` buckets idle for IDLE_BUCKET_MS; how many went. */
export function pruneIdleBuckets(now: number = Date.now(), limit = 10_000): number {
  return cachedStatement(
    `delete from rate_buckets where key in
       (select key from rate_buckets where refilled_at < ? order by refilled_at limit ?)`,
  ).run(now - IDLE_BUCKET_MS, limit).changes;
}
