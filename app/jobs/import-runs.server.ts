import { type ClaimedRun, errorReason, failImport, type ImportJob } from "~/models/imports/index.server";
import type { Outcome } from "~/models/outcome";
import { enqueue, getJobRun } from "./runner.server";

/**
 * What every kind of import (catalogue, FIPE) shares in the job layer: an import is worked on by
 * one run at a time, named by `import_jobs.run_id` and queued under that same id.
 */

/** An import whose run is not recorded yet is being started, for this long at most. */
const STARTING_GRACE_MS = 60_000;

export function isRunAlive(job: ImportJob): boolean {
  const run = job.runId ? getJobRun(job.runId) : undefined;
  if (!run) return Date.now() - (job.lastActivityAt ?? job.createdAt).getTime() < STARTING_GRACE_MS;
  return run.status === "queued" || run.status === "running";
}

/** Stops every import of this process at its next batch, leaving it to be resumed (shutdown). */
const shutdown = new AbortController();
export const importShutdownSignal = shutdown.signal;

export function stopImports(): void {
  shutdown.abort();
}

export type ImportRunPayload = { importJobId: number; runId: string };

/** Queues the claimed run; an import whose run cannot be queued ends in error, saying why. */
export async function launchImportRun(
  jobName: string,
  claimed: Outcome<ClaimedRun>,
): Promise<Outcome<ClaimedRun>> {
  if (!claimed.ok) return claimed;
  const { job, runId } = claimed.value;
  try {
    // One try: the engine records its own errors, and a retry is a resume an admin asks for.
    await enqueue(jobName, { importJobId: job.id, runId } satisfies ImportRunPayload, {
      jobId: runId,
      attempts: 1,
    });
  } catch (error) {
    failImport(job.id, errorReason(error));
    throw error;
  }
  return claimed;
}
