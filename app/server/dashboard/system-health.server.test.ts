import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { jobRuns } from "~db/schema";
import { startJobRunner, stopJobRunner } from "~/jobs/runner.server";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { insertJobRun } from "../../../tests/support/job-run-fixture";
import { redisReachable, TEST_REDIS_URL } from "../../../tests/support/redis";
import {
  checkDatabase,
  checkDisk,
  checkJobs,
  checkQueue,
  cpuUsagePercent,
  healthChecks,
  overallOf,
  systemResources,
  type HealthCheck,
} from "./system-health.server";

const redisUp = await redisReachable();
if (process.env.CI && !redisUp) throw new Error(`CI needs Redis at ${TEST_REDIS_URL}`);

const withRedis = (url: string | undefined) => {
  if (url) process.env.REDIS_URL = url;
  else delete process.env.REDIS_URL;
  resetEnvForTests();
};

afterEach(async () => {
  withRedis(undefined);
  await stopJobRunner();
  db().delete(jobRuns).run();
});
afterAll(() => withRedis(undefined));

describe("health checks", () => {
  // The thresholds are given, not timed: a busy CI machine must not turn a pass into a warning.
  it("the database answers", () => {
    const check = checkDatabase(60_000);
    expect(check).toMatchObject({ id: "database", status: "success" });
    expect(check.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("a database slower than the threshold is a warning", () => {
    const check = checkDatabase(-1);
    expect(check).toMatchObject({ id: "database", status: "warning" });
    expect(check.message).toMatch(/^Lento: respondeu em /);
  });

  it("without REDIS_URL the queue is the web process itself", async () => {
    expect(await checkQueue()).toMatchObject({ status: "success", latencyMs: null });
  });

  it.runIf(redisUp)("with REDIS_URL, the real Redis answers its PING", async () => {
    withRedis(TEST_REDIS_URL);
    const check = await checkQueue();
    expect(check.status).toBe("success");
    expect(check.message).toMatch(/^Redis respondeu em /);
  });

  it("a Redis that does not answer is an error, within a second or so", async () => {
    withRedis("redis://127.0.0.1:1");
    const started = Date.now();
    expect(await checkQueue()).toMatchObject({
      status: "error",
      message: "O Redis (REDIS_URL) não respondeu",
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("the job runner: stopped, working, with failures, with work nobody takes", async () => {
    const now = new Date();
    expect(checkJobs(now)).toMatchObject({ status: "error" });
    await startJobRunner({ worker: true });
    expect(checkJobs(now)).toMatchObject({
      status: "success",
      message: "0 tarefas concluídas nas últimas 24 horas (no próprio servidor)",
    });
    const run = (id: string, status: "failed" | "queued", at: Date) =>
      insertJobRun({ id, status, createdAt: at, finishedAt: status === "failed" ? at : null });
    run("falhou", "failed", new Date(now.getTime() - 60_000));
    expect(checkJobs(now)).toMatchObject({
      status: "warning",
      message: "1 tarefa falhou nas últimas 24 horas",
    });
    run("esperando", "queued", new Date(now.getTime() - 20 * 60_000));
    expect(checkJobs(now)).toMatchObject({
      status: "warning",
      message: expect.stringMatching(/^1 tarefa esperando há mais de 10 minutos/),
    });
  });

  it("the disk holding the data folder", async () => {
    const check = await checkDisk();
    expect(check.id).toBe("disk");
    expect(check.message).toMatch(/livres de/);
  });

  it("overall: the worst of the checks", () => {
    const check = (status: HealthCheck["status"]): HealthCheck => ({
      id: "database",
      status,
      message: "",
      latencyMs: null,
    });
    expect(overallOf([check("success"), check("success")])).toBe("healthy");
    expect(overallOf([check("success"), check("warning")])).toBe("warning");
    expect(overallOf([check("warning"), check("error")])).toBe("error");
  });
});

describe("resources", () => {
  it("CPU, memory and disk as percentages of what the machine has", async () => {
    const first = await cpuUsagePercent();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const second = await cpuUsagePercent();
    for (const value of [first, second]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    const resources = await systemResources();
    expect(resources.memoryTotalBytes).toBeGreaterThan(resources.memoryUsedBytes);
    expect(resources.memoryPercent).toBeCloseTo(
      (resources.memoryUsedBytes / resources.memoryTotalBytes) * 100,
      0,
    );
    expect(resources.disk!.totalBytes).toBeGreaterThan(resources.disk!.freeBytes);
    expect(resources.processRssBytes).toBeGreaterThan(10 * 1024 * 1024);
  });
});

describe.runIf(redisUp)("the job runner with REDIS_URL: is any worker alive? (ADR 0040)", () => {
  const prefix = `encaixa-health-test-${process.pid}-${Date.now()}`;
  const jobsCheck = async () => (await healthChecks()).checks.find((c) => c.id === "jobs");

  afterAll(async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("none alive: jobs wait in the queue until `npm run worker` starts, and the check says so", async () => {
    withRedis(TEST_REDIS_URL);
    await startJobRunner({ worker: false, prefix });

    expect(await jobsCheck()).toMatchObject({
      status: "error",
      message:
        "Nenhum processo de tarefas (worker) está rodando: as tarefas ficarão na fila até que um worker seja iniciado (npm run worker)",
    });
  });

  it("a worker alive: the usual count", async () => {
    withRedis(TEST_REDIS_URL);
    await startJobRunner({ worker: true, prefix });

    expect(await jobsCheck()).toMatchObject({
      status: "success",
      message: "0 tarefas concluídas nas últimas 24 horas (BullMQ)",
    });
  });
});
