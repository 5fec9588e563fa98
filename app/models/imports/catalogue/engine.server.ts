import { eq } from "drizzle-orm";
import { importJobs } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../../activity/activity.server";
import { appendImportLog, errorReason, getImportJob, type ImportJob } from "../jobs.server";
import type { CatalogueItemInput } from "./items";
import { catalogueImportOptions, CATALOGUE_IMPORT_KIND } from "./options.server";
import type { WriteCounts } from "./write-counts.server";
import { createCatalogueWriter, type CatalogueWriter } from "./writer.server";

const m = messages.catalogueImport;

/**
 * The import engine. A source hands over batches in order; each batch is written in one write
 * transaction together with its checkpoint (the batch number in `current_page`, the source
 * records it consumed in `processed_items`, and the counters). A process killed at any moment
 * therefore leaves the database at the end of some batch, and the next run starts at the batch
 * after it: nothing lost, nothing written twice.
 *
 * Only the run named in `run_id` may write: a resume names a new run, so a run that outlived a
 * pause (or a duplicate delivery of the queue) stops at its next batch instead of racing it.
 * Pause and cancel are a status change that the run sees at its next batch boundary.
 */

export type SourceBatch = {
  /** 1-based; batch n may only follow batch n - 1. */
  number: number;
  items: CatalogueItemInput[];
  /** How far this batch moves the source cursor (items of a page, rows of a file, bad ones included). */
  consumed: number;
  /** Records the source could not turn into items: the log line that says where and why. */
  rejected: string[];
};

export type OpenedSource = {
  totalItems: number;
  totalBatches: number;
  batches: AsyncIterable<SourceBatch>;
  startLog: string;
};

export type BatchSource = {
  /** Opens the source at the checkpoint: the first batch it yields is `afterBatch + 1`. */
  open(checkpoint: { afterBatch: number; processedItems: number }): Promise<OpenedSource>;
  /** Asks the source to stop fetching ahead (pause, cancel, error). */
  close?(): void;
};

export type RunOutcome = { status: ImportJob["status"]; message: string };

type BatchResult = "written" | "stopped";

function commitBatch(
  importJobId: number,
  runId: string,
  batch: SourceBatch,
  writer: CatalogueWriter,
): BatchResult {
  const database = db();
  try {
    return immediateTransaction(database, () => {
      const job = getImportJob(importJobId);
      if (!job || job.status !== "running" || job.runId !== runId) return "stopped";
      if (job.currentPage !== batch.number - 1) return "stopped";
      const counts = writer.write(batch.items);
      recordBatch(importJobId, batch, counts);
      return "written";
    });
  } catch (error) {
    // The transaction rolled back: ids the writer cached from it may not exist.
    writer.forget();
    throw error;
  }
}

function recordBatch(importJobId: number, batch: SourceBatch, counts: WriteCounts) {
  db()
    .$client.prepare(
      `update import_jobs set
         current_page = ?, processed_items = processed_items + ?,
         created_parts = created_parts + ?, created_vehicles = created_vehicles + ?,
         created_compatibilities = created_compatibilities + ?,
         updated_parts = updated_parts + ?, updated_vehicles = updated_vehicles + ?,
         updated_compatibilities = updated_compatibilities + ?,
         skipped_parts = skipped_parts + ?, skipped_vehicles = skipped_vehicles + ?,
         skipped_compatibilities = skipped_compatibilities + ?,
         error_count = error_count + ?,
         last_activity_at = ?, updated_at = ?
       where id = ?`,
    )
    .run(
      batch.number,
      batch.consumed,
      counts.createdParts,
      counts.createdVehicles,
      counts.createdCompatibilities,
      counts.updatedParts,
      counts.updatedVehicles,
      counts.updatedCompatibilities,
      counts.skippedParts,
      counts.skippedVehicles,
      counts.skippedCompatibilities,
      batch.rejected.length,
      Date.now(),
      Date.now(),
      importJobId,
    );
  for (const line of batch.rejected.slice(0, 20)) appendImportLog(importJobId, line, "warn");
}

/** Counts one error that did not stop the import (a retried request). */
export function countImportError(importJobId: number, logLine: string) {
  db()
    .$client.prepare("update import_jobs set error_count = error_count + 1 where id = ?")
    .run(importJobId);
  appendImportLog(importJobId, logLine, "warn");
}

/** Writes the end of a run only if this run still owns the import and it is still running. */
function finish(
  importJobId: number,
  runId: string,
  status: "completed" | "error",
  logLine: string,
): boolean {
  const database = db();
  const ended = immediateTransaction(database, () => {
    const job = getImportJob(importJobId);
    if (!job || job.status !== "running" || job.runId !== runId) return false;
    database
      .update(importJobs)
      .set({ status, completedAt: new Date(), lastActivityAt: new Date() })
      .where(eq(importJobs.id, importJobId))
      .run();
    return true;
  });
  if (ended) appendImportLog(importJobId, logLine, status === "error" ? "error" : "info");
  return ended;
}

function describeStop(importJobId: number): RunOutcome {
  const job = getImportJob(importJobId);
  const status = job?.status ?? "cancelled";
  return { status, message: m.status[status] };
}

/** How often a batch writes a progress line: every batch of a short import, one in ten of a long one. */
function logsBatch(number: number, total: number) {
  return total <= 100 || number % 10 === 0 || number === total;
}

/**
 * The job's work for one run: takes the import over (when `runId` is its current run), reads the
 * source from the checkpoint and writes batch after batch until the source ends, a control
 * stops it, or an error does. Safe to call again after any interruption.
 */
export async function runCatalogueImport(
  importJobId: number,
  runId: string,
  source: BatchSource,
  /** Aborted when the process shuts down: the import stops after its batch and stays "running", to be resumed. */
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const job = getImportJob(importJobId);
  if (!job || job.kind !== CATALOGUE_IMPORT_KIND) throw new Error(m.importNotFound);
  if (job.runId !== runId || job.status !== "running") return describeStop(importJobId);

  const options = catalogueImportOptions(job);
  const writer = createCatalogueWriter(options.settings);
  try {
    const opened = await source.open({
      afterBatch: job.currentPage,
      processedItems: job.processedItems,
    });
    db()
      .update(importJobs)
      .set({
        totalItems: opened.totalItems,
        totalPages: opened.totalBatches,
        startedAt: job.startedAt ?? new Date(),
        lastActivityAt: new Date(),
      })
      .where(eq(importJobs.id, importJobId))
      .run();
    appendImportLog(
      importJobId,
      job.currentPage > 0 ? m.resumedLog(job.currentPage) : opened.startLog,
    );

    for await (const batch of opened.batches) {
      if (signal?.aborted) {
        source.close?.();
        // An orderly stop: the next process resumes it, however often this happens.
        appendImportLog(importJobId, m.shutdownLog(getImportJob(importJobId)!.currentPage));
        return { status: "running", message: m.interrupted };
      }
      if (commitBatch(importJobId, runId, batch, writer) === "stopped") {
        source.close?.();
        return describeStop(importJobId);
      }
      if (logsBatch(batch.number, opened.totalBatches)) {
        const now = getImportJob(importJobId)!;
        appendImportLog(
          importJobId,
          m.pageLog(
            batch.number,
            opened.totalBatches,
            batch.items.length,
            now.createdParts,
            now.createdVehicles,
            now.createdCompatibilities,
          ),
        );
      }
    }

    const done = getImportJob(importJobId)!;
    const line = m.completedLog(
      done.processedItems,
      done.createdParts,
      done.createdVehicles,
      done.createdCompatibilities,
    );
    if (finish(importJobId, runId, "completed", line)) {
      logActivity({
        actorId: done.startedById,
        type: "import",
        action: m.completedActivity(done.processedItems),
        entity: "import_job",
        entityId: importJobId,
      });
      return { status: "completed", message: line };
    }
    return describeStop(importJobId);
  } catch (error) {
    source.close?.();
    const line = m.failedLog(errorReason(error));
    if (finish(importJobId, runId, "error", line)) return { status: "error", message: line };
    return describeStop(importJobId);
  }
}
