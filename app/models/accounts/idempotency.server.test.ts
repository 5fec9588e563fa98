import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { idempotencyKeys } from "~db/schema";
import { db } from "~/utils/db.server";
import { createUser } from "../../../tests/support/factories";
import {
  completeIdempotencyKey,
  IDEMPOTENCY_KEY_KEPT_MS,
  idempotencyKeyOf,
  KEPT_ANSWER_MAX_BYTES,
  keepsAnswer,
  pruneIdempotencyKeys,
  releaseIdempotencyKey,
  RESERVATION_STALE_MS,
  reserveIdempotencyKey,
  touchIdempotencyKey,
} from "./idempotency.server";

function keysOf(userId: number): string[] {
  return db()
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.userId, userId))
    .all()
    .map((row) => row.key);
}

const answer = { status: 201, headers: { "content-type": "application/json" }, body: '{"a":1}' };

function reserved(outcome: ReturnType<typeof reserveIdempotencyKey>): string {
  if (outcome.kind !== "reserved") throw new Error(`expected a reservation, got ${outcome.kind}`);
  return outcome.token;
}

describe("idempotencyKeyOf", () => {
  it("takes 1 to 255 visible ASCII characters as they are", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
          minLength: 1,
          maxLength: 255,
        }),
        (key) => {
          fc.pre(!(key.length >= 2 && key.startsWith('"') && key.endsWith('"')));
          expect(idempotencyKeyOf(key)).toBe(key);
        },
      ),
    );
  });

  it("refuses empty, over 255, spaces, controls and anything beyond ASCII", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.constantFrom(" ", "\t", "\x00", "\x7f", "é", "😀", "\n"),
        fc.nat(),
        (key, bad, at) => {
          const position = at % (key.length + 1);
          const value = key.slice(0, position) + bad + key.slice(position);
          expect(idempotencyKeyOf(value)).toBeNull();
        },
      ),
    );
    expect(idempotencyKeyOf("")).toBeNull();
    expect(idempotencyKeyOf("a".repeat(256))).toBeNull();
    expect(idempotencyKeyOf("a".repeat(255))).toBe("a".repeat(255));
  });

  it("reads the draft's quoted form as the key between the quotes", () => {
    expect(idempotencyKeyOf('"8e03978e-40d5"')).toBe("8e03978e-40d5");
    expect(idempotencyKeyOf('""')).toBeNull();
    expect(idempotencyKeyOf('"')).toBe('"');
  });
});

describe("keepsAnswer", () => {
  it("keeps outcomes, not failures nor refusals made before anything ran", () => {
    for (const status of [200, 201, 204, 302, 400, 404, 409, 413, 422])
      expect(keepsAnswer(status)).toBe(true);
    for (const status of [401, 402, 403, 429, 500, 502, 503])
      expect(keepsAnswer(status)).toBe(false);
  });
});

describe("reserveIdempotencyKey", () => {
  it("reserves a new key once: the same request waits, another is a mismatch, then the answer replays", async () => {
    const { user } = await createUser();
    const token = reserved(reserveIdempotencyKey(user.id, "k1", "hash-a"));
    expect(reserveIdempotencyKey(user.id, "k1", "hash-a")).toEqual({ kind: "in_progress" });
    expect(reserveIdempotencyKey(user.id, "k1", "hash-b")).toEqual({ kind: "mismatch" });

    expect(completeIdempotencyKey(user.id, "k1", token, answer)).toBe(true);
    expect(reserveIdempotencyKey(user.id, "k1", "hash-a")).toEqual({ kind: "replay", answer });
    expect(reserveIdempotencyKey(user.id, "k1", "hash-b")).toEqual({ kind: "mismatch" });
  });

  it("keys are per user", async () => {
    const { user: a } = await createUser();
    const { user: b } = await createUser();
    completeIdempotencyKey(
      a.id,
      "shared",
      reserved(reserveIdempotencyKey(a.id, "shared", "h")),
      answer,
    );
    expect(reserveIdempotencyKey(b.id, "shared", "other").kind).toBe("reserved");
  });

  it("a released key runs again", async () => {
    const { user } = await createUser();
    releaseIdempotencyKey(user.id, "k", reserved(reserveIdempotencyKey(user.id, "k", "h")));
    expect(reserveIdempotencyKey(user.id, "k", "h").kind).toBe("reserved");
  });

  it("takes over a stale reservation of the same request; the old holder can no longer complete it", async () => {
    const { user } = await createUser();
    const start = Date.now();
    const first = reserved(reserveIdempotencyKey(user.id, "k", "h", new Date(start)));
    const later = new Date(start + RESERVATION_STALE_MS - 1);
    expect(reserveIdempotencyKey(user.id, "k", "h", later)).toEqual({ kind: "in_progress" });

    const stale = new Date(start + RESERVATION_STALE_MS + 1);
    expect(reserveIdempotencyKey(user.id, "k", "other", stale)).toEqual({ kind: "mismatch" });
    const second = reserved(reserveIdempotencyKey(user.id, "k", "h", stale));
    expect(completeIdempotencyKey(user.id, "k", first, answer)).toBe(false);
    releaseIdempotencyKey(user.id, "k", first);
    expect(completeIdempotencyKey(user.id, "k", second, answer)).toBe(true);
  });

  it("a reservation kept alive is not stale", async () => {
    const { user } = await createUser();
    const start = Date.now();
    const token = reserved(reserveIdempotencyKey(user.id, "k", "h", new Date(start)));
    touchIdempotencyKey(user.id, "k", token, new Date(start + RESERVATION_STALE_MS));
    const after = new Date(start + RESERVATION_STALE_MS + 1);
    expect(reserveIdempotencyKey(user.id, "k", "h", after)).toEqual({ kind: "in_progress" });
  });

  it("a key over 24 h old is ignored (any request reserves it) and pruned", async () => {
    const { user } = await createUser();
    const start = Date.now();
    completeIdempotencyKey(
      user.id,
      "old",
      reserved(reserveIdempotencyKey(user.id, "old", "h", new Date(start))),
      answer,
    );
    completeIdempotencyKey(
      user.id,
      "new",
      reserved(reserveIdempotencyKey(user.id, "new", "h", new Date(start))),
      answer,
    );
    const dayLater = new Date(start + IDEMPOTENCY_KEY_KEPT_MS + 1);
    expect(reserveIdempotencyKey(user.id, "old", "other", dayLater).kind).toBe("reserved");

    // "old" was reserved again a day later: only "new" is over a day old then.
    expect(pruneIdempotencyKeys(new Date(start + IDEMPOTENCY_KEY_KEPT_MS + 2))).toBeGreaterThan(0);
    expect(keysOf(user.id)).toEqual(["old"]);
    expect(reserveIdempotencyKey(user.id, "new", "other").kind).toBe("reserved");
  });
});

describe("completeIdempotencyKey", () => {
  it("keeps a body up to 1 MB; a bigger one is kept as done without its body", async () => {
    const { user } = await createUser();
    const big = { ...answer, body: "x".repeat(KEPT_ANSWER_MAX_BYTES + 1) };
    completeIdempotencyKey(
      user.id,
      "big",
      reserved(reserveIdempotencyKey(user.id, "big", "h")),
      big,
    );
    expect(reserveIdempotencyKey(user.id, "big", "h")).toEqual({
      kind: "replay",
      answer: { ...answer, body: null },
    });
  });
});
