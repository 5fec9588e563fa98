import { Queue } from "bullmq";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCatalogueSimulator,
  expectedCatalogueTotals,
  type CatalogueSimulator,
} from "~/integrations/catalogue-source/simulator.server";
import { DEFAULT_IMPORT_SETTINGS, getImportJob } from "~/models/imports/index.server";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { QUEUE_NAME } from "./backends.server";
import { startCatalogueImport } from "./catalogue-import.server";
import "./index.server";
import { redisReachable, TEST_REDIS_URL } from "../../tests/support/redis";
import { pauseImport, resumeImportRun } from "./imports.server";
import { startJobRunner, stopJobRunner } from "./runner.server";

/**
 * The catalogue import on BullMQ: the same engine, queued in the real Redis (required when CI is
 * set), with a pause and a resume on the way — each resume is a new BullMQ job for the same import.
 */

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisReachable(REDIS_URL);
const prefix = `encaixa-import-test-${randomUUID()}`;
const ITEMS = 90;
let sim: CatalogueSimulator;

describe.skipIf(!redisUp && !process.env.CI)(`catalogue import on BullMQ (${REDIS_URL})`, () => {
  beforeAll(async () => {
    if (!redisUp) throw new Error(`CI está definido mas o Redis em ${REDIS_URL} não responde`);
    sim = createCatalogueSimulator({ items: ITEMS, delayMs: 20 });
    process.env.CATALOGUE_SOURCE_URL = await sim.start();
    process.env.REDIS_URL = REDIS_URL;
    resetEnvForTests();
    await startJobRunner({ worker: true, prefix, backoffMs: 10 });
  });

  afterAll(async () => {
    await stopJobRunner();
    const queue = new Queue(QUEUE_NAME, { connection: { url: REDIS_URL }, prefix });
    await queue.obliterate({ force: true }).finally(() => queue.close());
    await sim.stop();
    delete process.env.CATALOGUE_SOURCE_URL;
    delete process.env.REDIS_URL;
    resetEnvForTests();
  });

  async function until(id: number, done: (job: ReturnType<typeof getImportJob>) => boolean) {
    const deadline = Date.now() + 30_000;
    while (!done(getImportJob(id))) {
      if (Date.now() > deadline)
        throw new Error(`import ${id}: ${JSON.stringify(getImportJob(id))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return getImportJob(id)!;
  }

  it("imports through the queue, pauses, resumes as a new job and ends with exact counts", async () => {
    const started = await startCatalogueImport(
      {
        settings: { ...DEFAULT_IMPORT_SETTINGS, concurrentPages: 1, itemsPerBatch: 10 },
        source: { kind: "api" },
      },
      null,
    );
    if (!started.ok) throw new Error(started.message);
    const { job, runId } = started.value;
    await until(job.id, (j) => (j?.currentPage ?? 0) >= 2);
    expect(pauseImport(job.id).ok).toBe(true);
    const paused = await until(job.id, (j) => j?.status === "paused");
    expect(paused.currentPage).toBeLessThan(9);

    const resumed = await resumeImportRun(job.id);
    if (!resumed.ok) throw new Error(resumed.message);
    expect(resumed.value.runId).not.toBe(runId);
    const done = await until(job.id, (j) => j?.status === "completed");
    const expected = expectedCatalogueTotals(ITEMS);
    expect(done).toMatchObject({
      processedItems: ITEMS,
      currentPage: 9,
      createdParts: ITEMS,
      createdCompatibilities: expected.fitmentYears,
      skippedParts: 0,
    });
    const runs = db()
      .$client.prepare("select id, backend, status from job_runs where id in (?, ?)")
      .all(runId, resumed.value.runId);
    expect(runs).toEqual(
      expect.arrayContaining([
        { id: runId, backend: "bullmq", status: "completed" },
        { id: resumed.value.runId, backend: "bullmq", status: "completed" },
      ]),
    );
  });
});
