import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { accepted } from "../../../tests/support/factories";
import { getImportJob } from "../fipe-import/progress.server";
import {
  cancelImport,
  clearCatalogue,
  createCatalogueImport,
  pauseImport,
  restartCatalogueImport,
  resumeImport,
} from "./control.server";
import { runCatalogueImport, type BatchSource, type SourceBatch } from "./engine.server";
import type { CatalogueItemInput } from "./items";
import { DEFAULT_IMPORT_SETTINGS, type CatalogueImportOptions } from "./options.server";

const sqlCount = (sql: string) => (db().$client.prepare(sql).get() as { n: number }).n;
const counts = () => ({
  parts: sqlCount("select count(*) as n from parts"),
  vehicles: sqlCount("select count(*) as n from vehicles"),
  fitments: sqlCount("select count(*) as n from part_vehicles"),
});

function makeItems(n: number): CatalogueItemInput[] {
  return Array.from({ length: n }, (_, i) => ({
    code: `ENG-${i}`,
    name: `Peça ${i}`,
    manufacturer: "Motorcraft",
    category: `Categoria ${i % 3}`,
    description: null,
    alternativeCodes: [`ALT-${i}`],
    fitments: [
      {
        brand: "Ford",
        model: i % 2 ? "Ka" : "Fiesta",
        yearStart: 2010 + (i % 4),
        yearEnd: 2012 + (i % 4),
        version: "1.0",
        engine: null,
        fuel: "Flex",
        position: null,
        notes: null,
      },
    ],
  }));
}

type TestSourceOptions = {
  perBatch: number;
  /** Called before batch n is handed over; may throw, wait or change the import's state. */
  beforeBatch?: (n: number) => Promise<void> | void;
};

/** A source over a fixed list, in batches, as the API source pages it. */
function listSource(items: CatalogueItemInput[], options: TestSourceOptions): BatchSource {
  const totalBatches = Math.ceil(items.length / options.perBatch);
  return {
    async open({ afterBatch }) {
      async function* batches(): AsyncGenerator<SourceBatch> {
        for (let n = afterBatch + 1; n <= totalBatches; n++) {
          await options.beforeBatch?.(n);
          const slice = items.slice((n - 1) * options.perBatch, n * options.perBatch);
          yield { number: n, items: slice, consumed: slice.length, rejected: [] };
        }
      }
      return { totalItems: items.length, totalBatches, batches: batches(), startLog: "início" };
    },
  };
}

const apiOptions = (settings = {}): CatalogueImportOptions => ({
  settings: { ...DEFAULT_IMPORT_SETTINGS, ...settings },
  source: { kind: "api" },
});

const alive = () => true;
const dead = () => false;

beforeEach(() => {
  // Each test starts with no import holding the catalogue and an empty catalogue.
  db().$client.exec(
    "update import_jobs set status = 'cancelled' where status in ('idle','running','paused')",
  );
  accepted(clearCatalogue(null));
});

describe("catalogue import engine", () => {
  it("imports every batch, counts exactly and completes", async () => {
    const items = makeItems(25);
    const { job, runId } = accepted(createCatalogueImport(apiOptions(), null));
    const outcome = await runCatalogueImport(job.id, runId, listSource(items, { perBatch: 10 }));
    expect(outcome.status).toBe("completed");
    const done = getImportJob(job.id)!;
    expect(done).toMatchObject({
      status: "completed",
      processedItems: 25,
      totalItems: 25,
      currentPage: 3,
      totalPages: 3,
      createdParts: 25,
    });
    expect(counts().parts).toBe(25);
    expect(done.createdCompatibilities).toBe(counts().fitments);
    expect(done.createdVehicles).toBe(counts().vehicles);
  });

  it("pauses at a batch boundary and resumes from the checkpoint to the same result", async () => {
    const items = makeItems(40);
    const { job, runId } = accepted(createCatalogueImport(apiOptions(), null));
    const paused = await runCatalogueImport(
      job.id,
      runId,
      listSource(items, {
        perBatch: 10,
        beforeBatch: (n) => {
          if (n === 3) accepted(pauseImport(job.id));
        },
      }),
    );
    expect(paused.status).toBe("paused");
    expect(getImportJob(job.id)).toMatchObject({
      status: "paused",
      currentPage: 2,
      processedItems: 20,
    });
    expect(counts().parts).toBe(20);

    const resumed = accepted(resumeImport(job.id, alive));
    expect(resumed.runId).not.toBe(runId);
    const outcome = await runCatalogueImport(
      job.id,
      resumed.runId,
      listSource(items, { perBatch: 10 }),
    );
    expect(outcome.status).toBe("completed");
    expect(getImportJob(job.id)).toMatchObject({
      processedItems: 40,
      createdParts: 40,
      skippedParts: 0,
    });
    expect(counts().parts).toBe(40);
  });

  it("a crash inside a batch loses nothing and writes nothing twice", async () => {
    const items = makeItems(30);
    const { job, runId } = accepted(createCatalogueImport(apiOptions(), null));
    // The third batch carries an item the database refuses mid-transaction (a NOT NULL name).
    const poisoned = items.map((item, i) =>
      i === 25 ? { ...item, name: null as unknown as string } : item,
    );
    const failed = await runCatalogueImport(job.id, runId, listSource(poisoned, { perBatch: 10 }));
    expect(failed.status).toBe("error");
    const afterCrash = getImportJob(job.id)!;
    expect(afterCrash).toMatchObject({ currentPage: 2, processedItems: 20, createdParts: 20 });
    expect(counts().parts).toBe(20);

    const resumed = accepted(resumeImport(job.id, alive));
    await runCatalogueImport(job.id, resumed.runId, listSource(items, { perBatch: 10 }));
    const done = getImportJob(job.id)!;
    expect(done).toMatchObject({
      status: "completed",
      processedItems: 30,
      createdParts: 30,
      skippedParts: 0,
    });
    expect(counts()).toMatchObject({ parts: 30, fitments: done.createdCompatibilities });
  });

  it("an old run that outlives a resume stops instead of racing the new one", async () => {
    const items = makeItems(30);
    const { job, runId } = accepted(createCatalogueImport(apiOptions(), null));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const oldRun = runCatalogueImport(
      job.id,
      runId,
      listSource(items, { perBatch: 10, beforeBatch: (n) => (n === 2 ? gate : undefined) }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The old run is stuck before batch 2, as a process that froze would be; an admin resumes.
    const takeover = accepted(resumeImport(job.id, dead));
    const newRun = await runCatalogueImport(
      job.id,
      takeover.runId,
      listSource(items, { perBatch: 10 }),
    );
    release();
    expect((await oldRun).status).toBe("completed");
    expect(newRun.status).toBe("completed");
    expect(getImportJob(job.id)).toMatchObject({ processedItems: 30, createdParts: 30 });
    expect(counts().parts).toBe(30);
  });

  it("cancel stops the run; restart starts again with the same options and creates nothing new", async () => {
    const items = makeItems(20);
    const { job, runId } = accepted(createCatalogueImport(apiOptions({ itemsPerBatch: 10 }), null));
    const cancelled = await runCatalogueImport(
      job.id,
      runId,
      listSource(items, {
        perBatch: 10,
        beforeBatch: (n) => {
          if (n === 2) accepted(cancelImport(job.id));
        },
      }),
    );
    expect(cancelled.status).toBe("cancelled");
    expect(counts().parts).toBe(10);

    const again = accepted(restartCatalogueImport(job.id, null));
    expect(again.job.id).not.toBe(job.id);
    expect(again.job.options).toMatchObject({ settings: { itemsPerBatch: 10 } });
    await runCatalogueImport(again.job.id, again.runId, listSource(items, { perBatch: 10 }));
    expect(getImportJob(again.job.id)).toMatchObject({
      status: "completed",
      createdParts: 10,
      skippedParts: 10,
    });
  });

  it("skip flags leave existing rows as they are", async () => {
    const items = makeItems(10);
    const first = accepted(createCatalogueImport(apiOptions(), null));
    await runCatalogueImport(first.job.id, first.runId, listSource(items, { perBatch: 5 }));
    const renamed = items.map((item) => ({ ...item, name: `${item.name} (nova)` }));
    const second = accepted(
      createCatalogueImport(
        apiOptions({
          skipExistingParts: true,
          skipExistingVehicles: true,
          skipExistingCompatibilities: true,
        }),
        null,
      ),
    );
    await runCatalogueImport(second.job.id, second.runId, listSource(renamed, { perBatch: 5 }));
    expect(getImportJob(second.job.id)).toMatchObject({
      skippedParts: 10,
      updatedParts: 0,
      createdParts: 0,
    });
    expect(sqlCount("select count(*) as n from parts where name like '%(nova)'")).toBe(0);
  });

  it("refuses a second import while one holds the catalogue, and refuses to clear it", () => {
    const { job } = accepted(createCatalogueImport(apiOptions(), null));
    expect(createCatalogueImport(apiOptions(), null)).toMatchObject({
      ok: false,
      reason: "already_current",
    });
    expect(clearCatalogue(null)).toMatchObject({ ok: false, reason: "in_use" });
    expect(resumeImport(job.id, alive)).toMatchObject({ ok: false, reason: "not_active" });
    accepted(cancelImport(job.id));
    expect(pauseImport(job.id)).toMatchObject({ ok: false, reason: "not_active" });
    expect(clearCatalogue(null).ok).toBe(true);
  });
});

describe("uploaded CSV files", () => {
  it("keep those of the latest CSV imports and young ones; older strays go", async () => {
    const { utimesSync, writeFileSync, existsSync } = await import("node:fs");
    const path = await import("node:path");
    const { csvUploadDirectory, pruneCsvUploads } = await import("./csv-source.server");
    const directory = csvUploadDirectory();
    const old = Date.now() / 1000 - 2 * 3600;
    const file = (name: string, aged: boolean) => {
      const full = path.join(directory, name);
      writeFileSync(full, "code\n");
      if (aged) utimesSync(full, old, old);
      return full;
    };
    const inUse = file("in-use.csv", true);
    const stray = file("stray.csv", true);
    const fresh = file("fresh.csv", false);
    accepted(
      createCatalogueImport(
        {
          settings: DEFAULT_IMPORT_SETTINGS,
          source: { kind: "csv", file: inUse, fileName: "a.csv" },
        },
        null,
      ),
    );
    expect(await pruneCsvUploads()).toBe(1);
    expect([existsSync(inUse), existsSync(stray), existsSync(fresh)]).toEqual([true, false, true]);
  });
});
