import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { accepted } from "../../../../tests/support/factories";
import { getImportJob, importLogLines } from "../jobs.server";
import {
  cancelImport,
  clearCatalogue,
  createCatalogueImport,
  pauseImport,
  restartCatalogueImport,
  resumeImport,
  resumeInterruptedCatalogueImport,
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

describe("an import whose process died (ADR 0030)", () => {
  const lastLog = (id: number) => importLogLines(id).at(-1)?.message;

  it("holds the catalogue no longer once another import starts: it ends in Erro with its checkpoint", async () => {
    const items = makeItems(20);
    const { job, runId } = accepted(createCatalogueImport(apiOptions(), null));
    const controller = new AbortController();
    // One batch written, then the process goes (its run stops where a crash would leave it).
    await runCatalogueImport(
      job.id,
      runId,
      listSource(items, {
        perBatch: 10,
        beforeBatch: (n) => (n === 2 ? controller.abort() : undefined),
      }),
      controller.signal,
    );
    expect(getImportJob(job.id)).toMatchObject({ status: "running", currentPage: 1 });
    // While its run lives, it holds the catalogue; once the run is dead, a new import retires it.
    expect(createCatalogueImport(apiOptions(), null, alive)).toMatchObject({
      ok: false,
      reason: "already_current",
    });
    const next = accepted(createCatalogueImport(apiOptions(), null, dead));
    expect(getImportJob(job.id)).toMatchObject({ status: "error", currentPage: 1 });
    expect(lastLog(job.id)).toBe(
      "Importação interrompida por erro: a importação foi interrompida antes de terminar",
    );
    accepted(cancelImport(next.job.id));
    // "Retomar" goes on from its checkpoint.
    const resumed = accepted(resumeImport(job.id, dead));
    await runCatalogueImport(job.id, resumed.runId, listSource(items, { perBatch: 10 }));
    expect(getImportJob(job.id)).toMatchObject({ status: "completed", processedItems: 20 });
  });

  it("is resumed by the next process once; dying again at the same checkpoint, it ends in Erro", async () => {
    const { job } = accepted(createCatalogueImport(apiOptions(), null));
    // The first process died before any batch: the next one resumes it.
    const first = accepted(resumeInterruptedCatalogueImport(job.id, dead));
    expect(first.job.status).toBe("running");
    expect(lastLog(job.id)).toBe("Retomada automática após a página 0, ao reiniciar o servidor.");
    // That run died too, without a batch: the third process does not take it up again.
    expect(resumeInterruptedCatalogueImport(job.id, dead)).toMatchObject({
      ok: false,
      reason: "unreadable",
    });
    expect(getImportJob(job.id)).toMatchObject({ status: "error", currentPage: 0 });
    expect(lastLog(job.id)).toMatch(
      /^Importação interrompida por erro: o servidor parou duas vezes durante esta importação sem avançar da página 0/,
    );
    // It holds nothing: another import starts; and an admin's "Retomar" is still there.
    const other = accepted(createCatalogueImport(apiOptions(), null, dead));
    accepted(cancelImport(other.job.id));
    expect(resumeImport(job.id, dead).ok).toBe(true);
  });

  it("an orderly shutdown, or progress since the last automatic resume, is resumed again", async () => {
    const items = makeItems(30);
    const { job } = accepted(createCatalogueImport(apiOptions(), null));
    const run = (runId: string, stopAtBatch: number) => {
      const controller = new AbortController();
      return runCatalogueImport(
        job.id,
        runId,
        listSource(items, {
          perBatch: 10,
          beforeBatch: (n) => (n === stopAtBatch ? controller.abort() : undefined),
        }),
        controller.signal,
      );
    };
    // Resumed, then stopped by a shutdown before its first batch: resumed again.
    const first = accepted(resumeInterruptedCatalogueImport(job.id, dead));
    await run(first.runId, 1);
    expect(lastLog(job.id)).toBe(
      "Servidor desligado: a importação continua após a página 0 quando ele voltar.",
    );
    const second = accepted(resumeInterruptedCatalogueImport(job.id, dead));
    // Then it dies after a batch (no orderly stop): the checkpoint moved, so it is resumed again.
    await run(second.runId, 2);
    db()
      .$client.prepare(
        "delete from import_logs where import_job_id = ? and message like 'Servidor%'",
      )
      .run(job.id);
    const third = accepted(resumeInterruptedCatalogueImport(job.id, dead));
    await runCatalogueImport(job.id, third.runId, listSource(items, { perBatch: 10 }));
    expect(getImportJob(job.id)).toMatchObject({ status: "completed", processedItems: 30 });
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
