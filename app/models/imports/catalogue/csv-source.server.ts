import { createReadStream } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import { desc, eq } from "drizzle-orm";
import { importJobs } from "~db/schema";
import { db } from "~/utils/db.server";
import path from "node:path";
import { env } from "~/utils/env.server";
import { privateDirectory } from "~/utils/private-files.server";
import * as messages from "~/messages";
import { readCatalogueCsv } from "../csv/parse.server";
import { groupCsvRows, type ParsedCsvRow } from "../csv/rows.server";
import { accept, refuse, type Outcome } from "../../outcome";
import type { BatchSource, SourceBatch } from "./engine.server";
import {
  CATALOGUE_IMPORT_KIND,
  catalogueImportOptions,
  CSV_ROWS_PER_BATCH,
  type CatalogueImportSource,
} from "./options.server";
import { addCounts, noCounts, type WriteCounts } from "./write-counts.server";
import { createCatalogueWriter } from "./writer.server";

const m = messages.catalogueImport;

/** How many bad rows a dry run lists one by one; the rest are counted. */
const LISTED_BAD_ROWS = 200;

/** Where uploaded CSV files wait for their import: inside the data folder, never the web root. */
export function csvUploadDirectory(): string {
  const directory = path.join(env().DATA_DIR, "imports");
  // Uploaded catalogues are ours alone, like the database they go into (ADR 0029).
  privateDirectory(directory, { tightenExisting: true });
  return directory;
}

export async function removeCsvFile(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** The uploads a "Reiniciar" may still need: those of the latest CSV imports. */
const KEPT_CSV_IMPORTS = 5;
/** A younger file may be an upload or a dry run still in progress. */
const UPLOAD_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes uploaded files that no recent CSV import refers to and that are over an hour old (dry
 * runs delete their own at once), so the data folder does not grow with every upload. Returns
 * how many went.
 */
export async function pruneCsvUploads(): Promise<number> {
  const recent = db()
    .select({ options: importJobs.options })
    .from(importJobs)
    .where(eq(importJobs.kind, CATALOGUE_IMPORT_KIND))
    .orderBy(desc(importJobs.id))
    .limit(50)
    .all()
    .map((job) => catalogueImportOptions(job).source)
    .filter((source) => source.kind === "csv")
    .slice(0, KEPT_CSV_IMPORTS)
    .map((source) => path.resolve(source.file));
  const directory = csvUploadDirectory();
  let removed = 0;
  for (const name of await readdir(directory)) {
    const file = path.resolve(directory, name);
    if (recent.includes(file)) continue;
    const modified = await stat(file).then(
      (info) => info.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified < UPLOAD_GRACE_MS) continue;
    await removeCsvFile(file);
    removed++;
  }
  return removed;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type CsvBatch = {
  rows: ParsedCsvRow[];
  bad: { line: number; message: string }[];
  consumed: number;
};

/** The file's records in batches of CSV_ROWS_PER_BATCH, bad ones included, after `skipRows`. */
async function* csvBatches(file: string, skipRows: number): AsyncGenerator<CsvBatch> {
  let batch: CsvBatch = { rows: [], bad: [], consumed: 0 };
  for await (const record of readCatalogueCsv(createReadStream(file), { skipRows })) {
    if ("error" in record) batch.bad.push({ line: record.line, message: record.error });
    else batch.rows.push(record.row);
    batch.consumed++;
    if (batch.consumed === CSV_ROWS_PER_BATCH) {
      yield batch;
      batch = { rows: [], bad: [], consumed: 0 };
    }
  }
  if (batch.consumed > 0) yield batch;
}

export type CsvPlanReport = {
  rows: number;
  badRowCount: number;
  badRows: { line: number; message: string }[];
  counts: WriteCounts;
};

/** The longest a dry run works before it lets the web process answer others. */
const PLAN_SLICE_MS = 20;

export type PlanCsvOptions = {
  /** The heap the plan's state may take before it moves to a temporary file (tests lower it). */
  memoryBytes?: number;
};

/**
 * The dry run: reads the whole file through the same batches and writer the import uses, in plan
 * mode, so the counts are those the real run will report; nothing is written. It runs in a web
 * process, so its memory is bounded whatever the file's size (what it would create moves to a
 * temporary SQLite file in the uploads folder once it outgrows a few MB, deleted at the end) and
 * it gives the event loop its turn every PLAN_SLICE_MS (ADR 0030).
 */
export async function planCsvFile(
  file: string,
  options: PlanCsvOptions = {},
): Promise<Outcome<CsvPlanReport>> {
  const writer = createCatalogueWriter(
    { skipExistingParts: false, skipExistingVehicles: false, skipExistingCompatibilities: false },
    "plan",
    db(),
    { spillDirectory: csvUploadDirectory(), memoryBytes: options.memoryBytes },
  );
  const report: CsvPlanReport = { rows: 0, badRowCount: 0, badRows: [], counts: noCounts() };
  let sliceStart = performance.now();
  const pause = async () => {
    if (performance.now() - sliceStart < PLAN_SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
  try {
    for await (const batch of csvBatches(file, 0)) {
      report.rows += batch.consumed;
      report.badRowCount += batch.bad.length;
      report.badRows.push(...batch.bad.slice(0, LISTED_BAD_ROWS - report.badRows.length));
      const counts = await writer.writeInSteps(groupCsvRows(batch.rows), pause);
      report.counts = addCounts(report.counts, counts);
      await pause();
    }
  } catch (error) {
    return refuse("unreadable", errorMessage(error));
  } finally {
    writer.close();
  }
  return accept(report);
}

/**
 * Reads only as far as the header (bounded as the dry run bounds it: ADR 0030) and says what is
 * wrong with it, so an import is refused up front instead of ending in "Erro".
 */
export async function checkCsvHeader(file: string): Promise<Outcome<null>> {
  try {
    for await (const _record of readCatalogueCsv(createReadStream(file), { headerOnly: true })) {
      break;
    }
  } catch (error) {
    return refuse("unreadable", errorMessage(error));
  }
  return accept(null);
}

async function countRecords(file: string): Promise<number> {
  let rows = 0;
  for await (const _record of readCatalogueCsv(createReadStream(file))) rows++;
  return rows;
}

/** A CSV file as import batches: batch n is rows (n-1)·1000+1 to n·1000 of the file. */
export function csvBatchSource(
  source: Extract<CatalogueImportSource, { kind: "csv" }>,
): BatchSource {
  return {
    async open({ afterBatch }) {
      let totalItems: number;
      try {
        totalItems = await countRecords(source.file);
      } catch (error) {
        const missing = (error as NodeJS.ErrnoException)?.code === "ENOENT";
        throw new Error(missing ? m.csvFileGone : errorMessage(error), { cause: error });
      }
      const totalBatches = Math.ceil(totalItems / CSV_ROWS_PER_BATCH);
      async function* batches(): AsyncGenerator<SourceBatch> {
        let number = afterBatch;
        for await (const batch of csvBatches(source.file, afterBatch * CSV_ROWS_PER_BATCH)) {
          number++;
          yield {
            number,
            items: groupCsvRows(batch.rows),
            consumed: batch.consumed,
            rejected: batch.bad.map((bad) => bad.message),
          };
        }
      }
      return {
        totalItems,
        totalBatches,
        batches: batches(),
        startLog: m.csvStartedLog(source.fileName, totalItems),
      };
    },
  };
}
