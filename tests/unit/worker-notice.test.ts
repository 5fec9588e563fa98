import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WorkerNotice } from "~/components/worker-notice";
import { createFipeSimulator, type FipeSimulator } from "~/integrations/fipe/simulator.server";
import "~/jobs/index.server";
import { startJobRunner, stopJobRunner } from "~/jobs/runner.server";
import type { User } from "~/models/accounts/user.server";
import * as importPage from "~/routes/imports/_app.admin_.import/route";
import * as fipeProgressPage from "~/routes/imports/_app.vehicles_.import-fipe.$jobId";
import * as fipeStartPage from "~/routes/imports/_app.vehicles_.import-fipe._index";
import { resetEnvForTests } from "~/utils/env.server";
import { createUser, invoke, postHeaders, sessionHeaders } from "../support/factories";
import { redisReachable, TEST_REDIS_URL } from "../support/redis";

/**
 * ADR 0040: with REDIS_URL set and no worker alive, an import would wait at 0 % for good; the
 * import pages say so. Inline (no REDIS_URL) or with a worker alive they say nothing new.
 */

const redisUp = await redisReachable();
if (process.env.CI && !redisUp) throw new Error(`CI needs Redis at ${TEST_REDIS_URL}`);

const NO_WORKER =
  "Nenhum processo de tarefas (worker) está rodando: a importação ficará na fila, sem começar, até que um worker seja iniciado (npm run worker).";

let admin: User;
let fipe: FipeSimulator;
const prefix = `encaixa-notice-test-${process.pid}-${randomUUID()}`;

const useRedis = (url: string | undefined) => {
  if (url) process.env.REDIS_URL = url;
  else delete process.env.REDIS_URL;
  resetEnvForTests();
};

beforeAll(async () => {
  admin = (await createUser({ role: "admin" })).user;
  fipe = createFipeSimulator();
  process.env.FIPE_BASE_URL = await fipe.start();
  process.env.FIPE_MIN_INTERVAL_MS = "0";
  resetEnvForTests();
});

afterEach(async () => {
  await stopJobRunner();
  useRedis(undefined);
});

afterAll(async () => {
  await fipe.stop();
  delete process.env.FIPE_BASE_URL;
  delete process.env.FIPE_MIN_INTERVAL_MS;
  resetEnvForTests();
  if (redisUp) {
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

const load = async <T>(loader: (args: never) => Promise<T>, path: string, jobId?: number) => {
  const response = await invoke(loader as never, path, {
    headers: await sessionHeaders(admin, "web"),
    params: jobId === undefined ? undefined : { jobId: String(jobId) },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { workerNotice: string | null };
};

describe("the notice", () => {
  it("says that no worker is running, or that Redis did not answer, and nothing otherwise", () => {
    const render = (notice: "no-worker" | "unknown" | null) =>
      renderToStaticMarkup(createElement(WorkerNotice, { notice }));

    expect(render("no-worker")).toContain(NO_WORKER);
    expect(render("no-worker")).toContain('role="alert"');
    expect(render("unknown")).toContain("A fila de tarefas (Redis) não respondeu");
    expect(render(null)).toBe("");
  });
});

describe("without REDIS_URL: jobs run in the web process", () => {
  it("the import pages show no notice", async () => {
    expect((await load(importPage.loader, "/admin/import")).workerNotice).toBeNull();
    expect((await load(fipeStartPage.loader, "/vehicles/import-fipe")).workerNotice).toBeNull();
  });
});

describe.skipIf(!redisUp && !process.env.CI)(`with REDIS_URL (${TEST_REDIS_URL})`, () => {
  it("a worker alive: no notice", async () => {
    useRedis(TEST_REDIS_URL);
    await startJobRunner({ worker: true, prefix });

    expect((await load(importPage.loader, "/admin/import")).workerNotice).toBeNull();
  });

  it("no worker alive: the catalogue and FIPE pages say so, and a FIPE import started waits with the notice", async () => {
    useRedis(TEST_REDIS_URL);
    await startJobRunner({ worker: false, prefix });

    expect((await load(importPage.loader, "/admin/import")).workerNotice).toBe("no-worker");
    expect((await load(fipeStartPage.loader, "/vehicles/import-fipe")).workerNotice).toBe(
      "no-worker",
    );

    const started = await invoke(fipeStartPage.action, "/vehicles/import-fipe", {
      method: "POST",
      body: new URLSearchParams({ type: "carros", max_brands: "1" }).toString(),
      headers: await postHeaders(admin),
    });
    expect(started.status).toBe(302);
    const jobId = Number(started.headers.get("Location")!.split("/").at(-1));
    const progress = await load(fipeProgressPage.loader, `/vehicles/import-fipe/${jobId}`, jobId);
    expect(progress).toMatchObject({ workerNotice: "no-worker", brandsDone: 0 });
  });
});
