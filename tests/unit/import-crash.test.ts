import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCatalogueSimulator,
  expectedCatalogueTotals,
  type CatalogueSimulator,
} from "~/integrations/catalogue-source/simulator.server";
import { latestCatalogueImport } from "~/models/imports/catalogue/control.server";
import { DEFAULT_IMPORT_SETTINGS } from "~/models/imports/catalogue/options.server";
import { getImportJob } from "~/models/imports/jobs.server";
import { db } from "~/utils/db.server";

/**
 * The engine's promise, tested with a real process and a real SIGKILL: wherever the kill lands,
 * the next process resumes from the last written batch and ends with the exact catalogue — every
 * part, vehicle and fitment once, and counters that match the rows.
 */

const ITEMS = 900;
let sim: CatalogueSimulator;
let simUrl: string;

beforeAll(async () => {
  // Slow pages, so the kill lands mid-import and not after it.
  sim = createCatalogueSimulator({ items: ITEMS, delayMs: 40 });
  simUrl = await sim.start();
});

afterAll(async () => {
  await sim.stop();
});

/** Node itself with tsx loaded, not the tsx wrapper: a SIGKILL must reach the worker, not a parent. */
function startWorker(...args: string[]): ChildProcess {
  const script = path.resolve("tests/support/import-worker.ts");
  return spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, CATALOGUE_SOURCE_URL: simUrl, REDIS_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function until<T>(read: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const count = (table: string) =>
  (db().$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("a worker killed with SIGKILL mid-import", () => {
  it("resumes in the next process and ends with exact counts", async () => {
    const settings = { ...DEFAULT_IMPORT_SETTINGS, concurrentPages: 3, itemsPerBatch: 15 };
    const expected = expectedCatalogueTotals(ITEMS);
    const totalBatches = Math.ceil(ITEMS / 15);
    const before = {
      parts: count("parts"),
      vehicles: count("vehicles"),
      fitments: count("part_vehicles"),
      codes: count("part_alternative_codes"),
    };

    let job: { id: number } | undefined;
    for (const killAfterBatches of [7, 23]) {
      // The first process starts the import, as the admin's button does; the next one resumes it.
      const worker = job ? startWorker() : startWorker("--start", JSON.stringify(settings));
      job ??= await until(() => latestCatalogueImport(), 20_000, "the import to start");
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      await until(
        () => ((getImportJob(job!.id)?.currentPage ?? 0) >= killAfterBatches ? true : undefined),
        60_000,
        `batch ${killAfterBatches}`,
      );
      worker.kill("SIGKILL");
      await exited;
      const atKill = getImportJob(job.id)!;
      expect(atKill.status).toBe("running");
      expect(atKill.currentPage).toBeLessThan(totalBatches);
      // The checkpoint and the rows agree at the moment of death.
      expect(count("parts") - before.parts).toBe(atKill.createdParts);
      expect(count("part_vehicles") - before.fitments).toBe(atKill.createdCompatibilities);
      expect(atKill.processedItems).toBe(atKill.currentPage * 15);
    }

    const importId = job!.id;
    const last = startWorker();
    const done = await until(
      () => {
        const current = getImportJob(importId)!;
        return current.status === "running" ? undefined : current;
      },
      90_000,
      "the import to end",
    );
    last.kill("SIGKILL");
    expect(done).toMatchObject({
      status: "completed",
      processedItems: ITEMS,
      currentPage: totalBatches,
      createdParts: expected.items,
      createdCompatibilities: expected.fitmentYears,
      createdVehicles: expected.vehicles,
      skippedParts: 0,
      skippedCompatibilities: 0,
    });
    expect(count("parts") - before.parts).toBe(expected.items);
    expect(count("part_vehicles") - before.fitments).toBe(expected.fitmentYears);
    expect(count("vehicles") - before.vehicles).toBe(expected.vehicles);
    expect(count("part_alternative_codes") - before.codes).toBe(expected.alternativeCodes);
  }, 150_000);
});
