import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { rateBuckets } from "~db/schema";
import {
  API_KEY_RATE,
  IDLE_BUCKET_MS,
  pruneIdleBuckets,
  spendRequest,
  takeToken,
  type Bucket,
  type RatePolicy,
} from "./request-rate.server";

/** Runs requests at `times` (ms) through one bucket; which were allowed. */
function replay(policy: RatePolicy, times: number[]): boolean[] {
  let bucket: Bucket | undefined;
  return times.map((now) => {
    const step = takeToken(bucket, policy, now);
    if (step.verdict.allowed) bucket = step.bucket;
    return step.verdict.allowed;
  });
}

const policies = fc.record({
  burst: fc.integer({ min: 1, max: 50 }),
  perSecond: fc.integer({ min: 1, max: 100 }),
});

describe("takeToken", () => {
  it("allows the burst at once, then refuses with the wait for one more", () => {
    const start = 1_000_000;
    const allowed = replay(
      API_KEY_RATE,
      Array.from({ length: 25 }, () => start),
    );
    expect(allowed.filter(Boolean)).toHaveLength(20);
    let bucket: Bucket | undefined;
    for (let i = 0; i < 20; i++) bucket = takeToken(bucket, API_KEY_RATE, start).bucket;
    const refused = takeToken(bucket, API_KEY_RATE, start).verdict;
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterMs: 100, fullInMs: 2000 });
    const later = takeToken(bucket, API_KEY_RATE, start + 100).verdict;
    expect(later).toMatchObject({ allowed: true, remaining: 0, fullInMs: 2000 });
  });

  it("never allows more than burst + rate·t in any window of t ms", () => {
    fc.assert(
      fc.property(
        policies,
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 300 }),
        (policy, gaps) => {
          let now = 0;
          const times = gaps.map((gap) => (now += gap));
          const allowed = replay(policy, times);
          for (let i = 0; i < times.length; i++) {
            let count = 0;
            for (let j = i; j < times.length; j++) {
              if (allowed[j]) count++;
              const window = times[j] - times[i];
              expect(count).toBeLessThanOrEqual(policy.burst + (policy.perSecond * window) / 1000);
            }
          }
        },
      ),
    );
  });

  it("refuses only when the bucket is empty, and the wait it gives is enough", () => {
    fc.assert(
      fc.property(
        policies,
        fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 200 }),
        (policy, gaps) => {
          let bucket: Bucket | undefined;
          let now = 0;
          for (const gap of gaps) {
            now += gap;
            const { bucket: next, verdict } = takeToken(bucket, policy, now);
            if (verdict.allowed) {
              bucket = next;
              continue;
            }
            expect(verdict.remaining).toBe(0);
            expect(verdict.retryAfterMs).toBeGreaterThan(0);
            expect(takeToken(bucket, policy, now + verdict.retryAfterMs).verdict.allowed).toBe(
              true,
            );
            expect(takeToken(bucket, policy, now + verdict.fullInMs).verdict.remaining).toBe(
              policy.burst - 1,
            );
          }
        },
      ),
    );
  });

  it("gains nothing from a clock that goes back", () => {
    const spent: Bucket = { tokens: 0, refilledAt: 10_000 };
    const behind = takeToken(spent, API_KEY_RATE, 5_000);
    expect(behind.verdict.allowed).toBe(false);
    expect(behind.verdict.retryAfterMs).toBe(100);
    const half: Bucket = { tokens: 1.5, refilledAt: 10_000 };
    expect(takeToken(half, API_KEY_RATE, 9_000).bucket).toEqual({
      tokens: 0.5,
      refilledAt: 10_000,
    });
  });
});

describe("spendRequest", () => {
  it("keeps the bucket in the database: the burst, then 429s until it refills", () => {
    let now = 50_000_000;
    const clock = () => now;
    const key = "api-key:burst";
    const verdicts = Array.from({ length: 22 }, () => spendRequest(key, API_KEY_RATE, clock));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(20);
    expect(verdicts[19]).toMatchObject({ allowed: true, remaining: 0 });
    expect(verdicts[21]).toMatchObject({ allowed: false, retryAfterMs: 100 });
    now += 250;
    expect(spendRequest(key, API_KEY_RATE, clock)).toMatchObject({ allowed: true, remaining: 1 });
    expect(spendRequest("api-key:other", API_KEY_RATE, clock).remaining).toBe(19);
  });

  it("a new bucket clears idle ones, so random keys do not pile up", () => {
    const now = 90_000_000;
    db().delete(rateBuckets).run();
    db()
      .insert(rateBuckets)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          key: `api-key:stale-${i}`,
          tokens: 20,
          refilledAt: now - IDLE_BUCKET_MS - 1 - i,
        })),
      )
      .run();
    db()
      .insert(rateBuckets)
      .values({ key: "api-key:recent", tokens: 3, refilledAt: now - 1000 })
      .run();
    spendRequest("api-key:new", API_KEY_RATE, () => now);
    expect(db().select().from(rateBuckets).all()).toHaveLength(12 - 4);
    expect(pruneIdleBuckets(now)).toBe(6);
    const left = db().select({ key: rateBuckets.key }).from(rateBuckets).all();
    expect(left.map((b) => b.key).sort()).toEqual(["api-key:new", "api-key:recent"]);
  });
});
