import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultCatalogueSourceUrl } from "~/integrations/catalogue-source/client.server";
import { defaultFipeBaseUrl } from "~/integrations/fipe/client.server";
import { mercadoPagoBaseUrl, pagHiperBaseUrl } from "~/integrations/payment-simulators.server";
import { resetEnvForTests } from "~/utils/env.server";
import { redisReachable, TEST_REDIS_URL } from "../../tests/support/redis";
import { boardKey, liveEntries, startBeating, thisProcess } from "./presence.server";
import { startJobRunner, stopJobRunner, workerPresence } from "./runner.server";

/**
 * ADR 0040: a job says where it will run. Against the real Redis (required when CI is set): a
 * worker's heartbeat is what makes it "alive", it expires by itself, and `npm run worker` takes
 * the simulators' port from the web process instead of needing PORT repeated.
 */

const redisUp = await redisReachable();
if (process.env.CI && !redisUp) throw new Error(`CI needs Redis at ${TEST_REDIS_URL}`);

const setEnv = (values: Record<string, string | undefined>) => {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
};

/** Where this process's jobs would reach the catalogue source, FIPE and the payment providers. */
const simulatorUrls = () => ({
  catalogueSource: defaultCatalogueSourceUrl(),
  fipe: defaultFipeBaseUrl(),
  mercadoPago: mercadoPagoBaseUrl(),
  pagHiper: pagHiperBaseUrl(),
});

afterEach(async () => {
  await stopJobRunner();
  setEnv({ REDIS_URL: undefined, PORT: undefined });
});

describe("without REDIS_URL", () => {
  it("jobs run in the web process itself", async () => {
    expect(await workerPresence()).toEqual({ runsIn: "web-process" });
  });
});

describe("the same settings give a worker and the web process the same simulators", () => {
  it("whatever PORT, production-like `npm start` or not", () => {
    for (const values of [
      {},
      { PORT: "3123" },
      { PORT: "3123", CATALOGUE_SOURCE_URL: "http://fonte.example/api/v1" },
    ]) {
      // `npm run worker` (tsx) sets no NODE_ENV.
      setEnv({ NODE_ENV: undefined, ENCAIXA_LOCAL: undefined, ...values });
      const worker = simulatorUrls();
      // `npm start` (scripts/start.mjs) runs the web process as a local production build.
      setEnv({ NODE_ENV: "production", ENCAIXA_LOCAL: "true", ...values });
      const web = simulatorUrls();
      setEnv({ NODE_ENV: "test", ENCAIXA_LOCAL: undefined, CATALOGUE_SOURCE_URL: undefined });
      expect(worker).toEqual(web);
    }
  });
});

describe.skipIf(!redisUp && !process.env.CI)(`with REDIS_URL (${TEST_REDIS_URL})`, () => {
  let redis: Redis;
  let prefix: string;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await redis.quit();
  });
  beforeEach(() => {
    prefix = `encaixa-presence-test-${process.pid}-${randomUUID()}`;
    setEnv({ REDIS_URL: TEST_REDIS_URL });
    presenceErrors.length = 0;
  });
  afterEach(async () => {
    await stopJobRunner();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    expect(presenceErrors).toEqual([]);
  });

  it("a web process alone: no worker is alive", async () => {
    await startJobRunner({ worker: false, prefix });

    expect(await workerPresence()).toEqual({ runsIn: "workers", workers: [] });
  });

  it("a worker's heartbeat makes it alive, named by host and pid", async () => {
    await startJobRunner({ worker: true, prefix });

    expect(await workerPresence()).toEqual({
      runsIn: "workers",
      workers: [{ host: thisProcess().host, pid: process.pid }],
    });
  });

  it("a worker leaves the board when it stops, and the board leaves no key", async () => {
    await startJobRunner({ worker: true, prefix });
    await stopJobRunner();

    expect(await redis.exists(boardKey(prefix, "workers"), boardKey(prefix, "web"))).toBe(0);
    await startJobRunner({ worker: false, prefix });
    expect(await workerPresence()).toEqual({ runsIn: "workers", workers: [] });
  });

  it("a worker that stops beating (killed) is no longer alive once its TTL passes", async () => {
    const key = boardKey(prefix, "workers");
    const dead = { host: "outra-maquina", pid: 4242 };
    const beat = startBeating({ redis, key, entry: dead, everyMs: 60_000, ttlMs: 300, onError });
    await beat.ready;
    expect(await liveEntries(redis, key)).toEqual([dead]);

    await new Promise((resolve) => setTimeout(resolve, 400));

    expect(await liveEntries(redis, key)).toEqual([]);
    expect(await redis.exists(key)).toBe(0);
  });

  it("reads only the members it wrote: a stray one never becomes a worker or a port", async () => {
    const key = boardKey(prefix, "web");
    const alive = Date.now() + 60_000;
    const web = { host: "web-1", pid: 7, port: 3123 };
    await redis.zadd(
      key,
      alive,
      "not json",
      alive,
      JSON.stringify({ host: "x", pid: 1, port: "http://evil.example" }),
      alive,
      JSON.stringify({ host: "x", pid: 2, port: 70_000 }),
      alive,
      JSON.stringify({ pid: 3 }),
      alive,
      JSON.stringify(web),
    );

    expect(await liveEntries(redis, key)).toEqual([web]);
    await redis.del(key);
  });

  it("heartbeats renew an entry past its TTL", async () => {
    const key = boardKey(prefix, "workers");
    const beat = startBeating({
      redis,
      key,
      entry: thisProcess(),
      everyMs: 50,
      ttlMs: 200,
      onError,
    });
    await beat.ready;
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(await liveEntries(redis, key)).toHaveLength(1);
    await beat.stop();
    expect(await liveEntries(redis, key)).toEqual([]);
  });

  it("a Redis that does not answer: unknown, within a second or so", async () => {
    setEnv({ REDIS_URL: "redis://127.0.0.1:1" });
    const started = Date.now();

    expect(await workerPresence()).toEqual({ runsIn: "unknown" });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("a web process announces the port it serves the simulators on", async () => {
    setEnv({ REDIS_URL: TEST_REDIS_URL, PORT: "3123" });
    await startJobRunner({ worker: false, prefix });

    expect(await liveEntries(redis, boardKey(prefix, "web"))).toEqual([
      { ...thisProcess(), port: 3123 },
    ]);
  });

  it("`npm run worker` reaches the web process's simulators without PORT repeated", async () => {
    setEnv({ REDIS_URL: TEST_REDIS_URL, PORT: "3123" });
    const web = simulatorUrls();
    const stopWeb = await startWeb(prefix, 3123);
    // The worker's own environment names no PORT (or .env's 3000): before, its jobs went there.
    setEnv({ PORT: undefined });
    expect(simulatorUrls()).not.toEqual(web);

    await startJobRunner({ worker: true, standalone: true, prefix });

    expect(simulatorUrls()).toEqual(web);
    expect(await liveEntries(redis, boardKey(prefix, "web"))).toEqual([
      { host: "web", pid: 1, port: 3123 },
    ]);
    await stopWeb();
  });
});

const presenceErrors: unknown[] = [];
function onError(error: unknown) {
  presenceErrors.push(error);
}

/** Another web process on the board, as `npm start` in another terminal would be. */
async function startWeb(prefix: string, port: number) {
  const redis = new Redis(TEST_REDIS_URL);
  const beat = startBeating({
    redis,
    key: boardKey(prefix, "web"),
    entry: { host: "web", pid: 1, port },
    onError,
  });
  await beat.ready;
  return async () => {
    await beat.stop();
    await redis.quit();
  };
}
