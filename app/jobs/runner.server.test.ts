import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { redisReachable, TEST_REDIS_URL } from "../../tests/support/redis";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobRuns, loginAttempts, requestStats, sessions, users } from "~db/schema";
import { hourKey } from "~/models/dashboard/index.server";
import { closeDb, db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { QUEUE_NAME } from "./backends.server";
import { purgeExpiredSessions } from "./index.server";
import { defineJob, registerJob } from "./registry.server";
import { enqueue, getJobRun, startJobRunner, stopJobRunner, waitForJob } from "./runner.server";
import type { JobRun } from "./runs.server";

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisReachable(REDIS_URL);
const runPrefix = `encaixa-test-${process.pid}-${Date.now()}`;

const echo = defineJob("test.echo", async (payload: { text: string }, ctx) => ({
  echoed: payload.text.toUpperCase(),
  jobId: ctx.jobId,
  attempt: ctx.attempt,
}));

let flakyCalls = 0;
const flaky = defineJob("test.flaky", async (payload: { failures: number }, ctx) => {
  flakyCalls++;
  if (ctx.attempt <= payload.failures) throw new Error(`falhou na tentativa ${ctx.attempt}`);
  return "ok";
});

let gatedCalls = 0;
let openGate = () => {};
let gate = Promise.resolve();
const gated = defineJob("test.gated", async () => {
  gatedCalls++;
  await gate;
  return gatedCalls;
});

[echo, flaky, gated].forEach(registerJob);

function runnerContract(backend: "inline" | "bullmq") {
  let dataDir: string;
  let prefix: string;

  beforeEach(async () => {
    dataDir = useFreshDatabase();
    if (backend === "bullmq") process.env.REDIS_URL = REDIS_URL;
    else delete process.env.REDIS_URL;
    resetEnvForTests();
    prefix = `${runPrefix}-${randomUUID()}`;
    flakyCalls = 0;
    gatedCalls = 0;
    gate = new Promise((resolve) => (openGate = resolve));
    await startJobRunner({ worker: true, prefix, backoffMs: 10 });
  });

  afterEach(async () => {
    openGate();
    await stopJobRunner();
    if (backend === "bullmq") await obliterateQueue(prefix);
    closeDb();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores the handler's result and the payload in job_runs", async () => {
    const { id } = await enqueue(echo, { text: "pastilha" });

    const run = await waitForJob(id, 10_000);

    expect(run).toMatchObject({
      status: "completed",
      backend,
      name: "test.echo",
      attempts: 1,
      payload: { text: "pastilha" },
      result: { echoed: "PASTILHA", jobId: id, attempt: 1 },
      error: null,
    });
    expect(run.finishedAt).toBeInstanceOf(Date);
  });

  it("retries a failing job and records it as failed with the last error after N attempts", async () => {
    const { id } = await enqueue(flaky, { failures: 99 }, { attempts: 3 });

    const run = await waitForJob(id, 10_000);

    expect(run).toMatchObject({ status: "failed", attempts: 3, error: "falhou na tentativa 3" });
    expect(flakyCalls).toBe(3);
  });

  it("records success on a retry and clears the earlier error", async () => {
    const { id } = await enqueue(flaky, { failures: 1 }, { attempts: 3 });

    const run = await waitForJob(id, 10_000);

    expect(run).toMatchObject({ status: "completed", attempts: 2, result: "ok", error: null });
  });

  it("runs a given jobId once while it is queued or running, and again once it has finished", async () => {
    const first = await enqueue(gated, {}, { jobId: "importacao-diaria" });
    const whileQueued = await enqueue(gated, {}, { jobId: "importacao-diaria" });
    await waitForStatus(first.id, "running");
    const whileRunning = await enqueue(gated, {}, { jobId: "importacao-diaria" });
    openGate();

    expect(await waitForJob(first.id, 10_000)).toMatchObject({ status: "completed", result: 1 });
    expect([whileQueued.id, whileRunning.id]).toEqual([first.id, first.id]);
    expect(gatedCalls).toBe(1);

    await enqueue(gated, {}, { jobId: "importacao-diaria" });
    expect(await waitForJob(first.id, 10_000)).toMatchObject({ status: "completed", result: 2 });
    expect(db().select().from(jobRuns).all()).toHaveLength(1);
  });

  it("refuses a job name nobody registered", async () => {
    await expect(enqueue("nao.existe", {})).rejects.toThrow("Tarefa desconhecida: nao.existe");
  });

  return { prefix: () => prefix };
}

describe("inline runner (no REDIS_URL)", () => {
  runnerContract("inline");

  it("returns from enqueue before the handler starts", async () => {
    const { id } = await enqueue(gated, {});

    expect(getJobRun(id)?.status).toBe("queued");
    expect(gatedCalls).toBe(0);
  });

  it("fails runs an earlier process left queued, so their jobId is free again", async () => {
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    db()
      .insert(jobRuns)
      .values({
        id: "orfa",
        name: "test.echo",
        payload: { text: "x" },
        backend: "inline",
        status: "running",
        createdAt: hourAgo,
      })
      .run();

    await startJobRunner({ worker: true, backoffMs: 10 });

    expect(getJobRun("orfa")).toMatchObject({
      status: "failed",
      error: expect.stringContaining("Interrompida"),
    });
    await enqueue(echo, { text: "de novo" }, { jobId: "orfa" });
    expect(await waitForJob("orfa", 10_000)).toMatchObject({ status: "completed" });
  });

  it("purges expired sessions and day-old login attempts", async () => {
    const now = Date.now();
    const hour = 60 * 60 * 1000;
    const [user] = db()
      .insert(users)
      .values({ name: "Ana", email: "ana@example.com", passwordHash: "x" })
      .returning()
      .all();
    db()
      .insert(sessions)
      .values([
        { id: "expirada", userId: user.id, expiresAt: new Date(now - hour) },
        { id: "valida", userId: user.id, expiresAt: new Date(now + hour) },
      ])
      .run();
    db()
      .insert(loginAttempts)
      .values([
        { ip: "10.0.0.1", email: "ana@example.com", createdAt: new Date(now - 25 * hour) },
        { ip: "10.0.0.1", email: "ana@example.com", createdAt: new Date(now - hour) },
      ])
      .run();
    db()
      .insert(requestStats)
      .values([
        { hour: hourKey(new Date(now - 100 * 24 * hour)), requests: 5, serverErrors: 1 },
        { hour: hourKey(new Date(now - hour)), requests: 7, serverErrors: 0 },
      ])
      .run();

    const { id } = await enqueue(purgeExpiredSessions, {});

    expect(await waitForJob(id, 10_000)).toMatchObject({
      status: "completed",
      result: { sessionsDeleted: 1, loginAttemptsDeleted: 1, requestHoursDeleted: 1 },
    });
    expect(db().select({ id: sessions.id }).from(sessions).all()).toEqual([{ id: "valida" }]);
    expect(db().select().from(loginAttempts).all()).toHaveLength(1);
    expect(db().select({ requests: requestStats.requests }).from(requestStats).all()).toEqual([
      { requests: 7 },
    ]);
  });
});

// CI must prove the BullMQ path; a laptop without Redis may skip it.
describe.skipIf(!redisUp && !process.env.CI)(`BullMQ runner (${REDIS_URL})`, () => {
  beforeAll(() => {
    if (!redisUp) throw new Error(`CI está definido mas o Redis em ${REDIS_URL} não responde`);
  });

  const bullmq = runnerContract("bullmq");

  it("leaves no keys in Redis once the queue is obliterated", async () => {
    await waitForJob((await enqueue(echo, { text: "limpeza" })).id, 10_000);
    await stopJobRunner();

    await obliterateQueue(bullmq.prefix());

    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.keys(`${bullmq.prefix()}:*`)).toEqual([]);
    } finally {
      await redis.quit();
    }
  });
});

function useFreshDatabase(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "encaixa-jobs-"));
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_PATH = path.join(dataDir, "encaixa.db");
  resetEnvForTests();
  closeDb();
  return dataDir;
}

async function waitForStatus(id: string, status: JobRun["status"]) {
  const deadline = Date.now() + 10_000;
  while (getJobRun(id)?.status !== status) {
    if (Date.now() > deadline) throw new Error(`a tarefa ${id} não chegou a ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function obliterateQueue(prefix: string) {
  const queue = new Queue(QUEUE_NAME, { connection: { url: REDIS_URL }, prefix });
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
  }
}
