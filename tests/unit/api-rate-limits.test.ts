import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateBuckets } from "~db/schema";
import { createApiKey } from "~/models/accounts/api-keys.server";
import { createSession } from "~/models/accounts/session.server";
import { API_KEY_RATE } from "~/models/accounts/request-rate.server";
import { apiKeyBucket } from "~/server/api-rate.server";
import { db } from "~/utils/db.server";
import { creditDayEnd } from "~/utils/credit-day";
import * as messages from "~/messages";
import {
  accepted,
  createFreePlan,
  createPart,
  createUser,
  setDailyAllowance,
} from "../support/factories";
import { startWebProcess, type WebProcess } from "../support/web-process";

/**
 * The API's limits as an integrator meets them, across two web processes on one database
 * (ADR 0050): the key's request rate is one bucket whichever process answers, the searches carry
 * the day's credits in RateLimit headers, and a 402 says when the credits come back.
 */

let web: WebProcess[] = [];
beforeAll(async () => {
  createFreePlan();
  web = await Promise.all([startWebProcess(), startWebProcess()]);
  // The first request of each process loads what it needs; the race below measures the bucket.
  await Promise.all(web.map((p) => fetch(`${p.url}/api/ping`)));
}, 300_000);
afterAll(() => Promise.all(web.map((p) => p.stop())));

/** A paying customer with `daily` searches a day and an API key of theirs. */
async function customerWithKey(daily = 50) {
  const { user } = await createUser();
  setDailyAllowance(user.id, daily);
  return { user, key: accepted(createApiKey(user, "Loja")).key };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("an API key's request rate", () => {
  it("allows the burst across two web processes, then 429 with Retry-After, in pt-BR", async () => {
    const { key } = await customerWithKey();
    // The key's bucket starts full with its clock a minute ahead: nothing refills during the
    // race, so exactly the burst passes however long a busy machine takes to answer the 40.
    const bucket = apiKeyBucket(key);
    db()
      .insert(rateBuckets)
      .values({ key: bucket, tokens: API_KEY_RATE.burst, refilledAt: Date.now() + 60_000 })
      .run();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${web[i % 2]!.url}/api/ping`, { headers: bearer(key) }),
      ),
    );
    const allowed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    // 20 of 40 with 20 sent to each process: one bucket for both (each its own would pass all).
    expect(allowed).toHaveLength(API_KEY_RATE.burst);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.headers.get("Retry-After")).toBe("1");
      expect(answer.headers.get("RateLimit-Policy")).toBe('"chave";q=20;w=2');
      expect(answer.headers.get("RateLimit")).toBe('"chave";r=0;t=2');
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await answer.json()).toEqual({
        success: false,
        data: null,
        message: messages.requestRate.tooMany(10, 20, 1),
      });
    }
    for (const answer of allowed)
      expect(answer.headers.get("RateLimit-Policy")).toBe('"chave";q=20;w=2');
    expect(allowed.map((a) => a.headers.get("RateLimit")).sort()).toEqual(
      Array.from({ length: 20 }, (_, r) => `"chave";r=${r};t=${Math.ceil((20 - r) / 10)}`).sort(),
    );

    // Back on the clock: a tenth of a second gives one request back.
    db()
      .update(rateBuckets)
      .set({ tokens: 0, refilledAt: Date.now() })
      .where(eq(rateBuckets.key, bucket))
      .run();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const later = await fetch(`${web[1]!.url}/api/ping`, { headers: bearer(key) });
    expect(later.status).toBe(200);
  });

  it("does not limit session tokens, browsers, or requests outside /api", async () => {
    const { user } = await createUser();
    const token = createSession(user.id, "api").id;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${web[i % 2]!.url}/api/ping`, { headers: bearer(token) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(answers[0]!.headers.get("RateLimit")).toBeNull();
    const key = `enc_live_${randomBytes(8).toString("hex")}`;
    const pages = await Promise.all(
      Array.from({ length: 25 }, () => fetch(`${web[0]!.url}/login`, { headers: bearer(key) })),
    );
    expect(pages.every((p) => p.status === 200)).toBe(true);
  });

  it("limits an unknown key too: it is counted before anyone looks it up", async () => {
    const key = `enc_live_${randomBytes(8).toString("hex")}`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${web[0]!.url}/api/auth/profile`, { headers: bearer(key) }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });
});

describe("the day's credits in RateLimit headers", () => {
  it("a metered search says the daily quota and what is left; out of credits, a 402 says when they return", async () => {
    createPart({ code: "RL-100", name: "Filtro de ar", manufacturer: "Mann" });
    createPart({ code: "RL-200", name: "Filtro de cabine", manufacturer: "Mann" });
    createPart({ code: "RL-400", name: "Filtro de combustível", manufacturer: "Mann" });
    const { user } = await createUser();
    setDailyAllowance(user.id, 2);
    const token = createSession(user.id, "api").id;

    const first = await fetch(`${web[0]!.url}/api/parts/search?q=RL-100`, {
      headers: bearer(token),
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Remaining-Searches")).toBe("1");
    expect(first.headers.get("RateLimit-Policy")).toBe('"creditos";q=2;w=86400');
    const state = /^"creditos";r=1;t=(\d+)$/.exec(first.headers.get("RateLimit") ?? "");
    expect(state).not.toBeNull();
    const untilReset = (creditDayEnd().getTime() - Date.now()) / 1000;
    expect(Math.abs(Number(state![1]) - untilReset)).toBeLessThan(5);

    const second = await fetch(`${web[1]!.url}/api/parts/search?q=RL-200`, {
      headers: bearer(token),
    });
    expect(second.headers.get("RateLimit")).toMatch(/^"creditos";r=0;t=\d+$/);

    const blocked = await fetch(`${web[1]!.url}/api/parts/search?q=RL-400`, {
      headers: bearer(token),
    });
    expect(blocked.status).toBe(402);
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(Math.abs(retryAfter - untilReset)).toBeLessThan(5);
    expect(blocked.headers.get("RateLimit-Policy")).toBe('"creditos";q=2;w=86400');
    expect(blocked.headers.get("RateLimit")).toBe(`"creditos";r=0;t=${retryAfter}`);
    expect(blocked.headers.get("X-Remaining-Searches")).toBe("0");
    expect(await blocked.json()).toEqual({
      success: false,
      data: { remaining_searches: 0, resets_at: creditDayEnd().toISOString() },
      message: messages.search.exhausted,
    });
  });

  it("a search with an API key carries the credits and the key's rate in one list each", async () => {
    createPart({ code: "RL-500", name: "Correia", manufacturer: "Gates" });
    const { key } = await customerWithKey(3);
    const answer = await fetch(`${web[1]!.url}/api/parts/search?q=RL-500`, {
      headers: bearer(key),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("X-Remaining-Searches")).toBe("2");
    expect(answer.headers.get("RateLimit-Policy")).toBe('"creditos";q=3;w=86400, "chave";q=20;w=2');
    expect(answer.headers.get("RateLimit")).toMatch(/^"creditos";r=2;t=\d+, "chave";r=19;t=1$/);
  });

  it("an unlimited account's searches carry no credits item", async () => {
    createPart({ code: "RL-300", name: "Vela", manufacturer: "NGK" });
    const { user } = await createUser({ role: "admin" });
    const token = createSession(user.id, "api").id;
    const answer = await fetch(`${web[0]!.url}/api/parts/search?q=RL-300`, {
      headers: bearer(token),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("X-Remaining-Searches")).toBe("-1");
    expect(answer.headers.get("RateLimit-Policy")).toBeNull();
    expect(answer.headers.get("RateLimit")).toBeNull();
  });
});
