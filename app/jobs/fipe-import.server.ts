import type { ImportJob } from "~/models/fipe-import/progress.server";
import { errorReason, failImport } from "~/models/fipe-import/progress.server";
import { runFipeImport } from "~/models/fipe-import/import.server";
import {
  claimFipeImport as claimImport,
  type FipeImportRequest,
} from "~/models/fipe-import/claim.server";
import { logActivity } from "~/models/activity.server";
import * as messages from "~/messages";
import { defineJob } from "./registry.server";
import { enqueue, getJobRun } from "./runner.server";

export const FIPE_IMPORT_JOB_NAME = "vehicles.import-fipe";
/** The runner's job id: the public API's daily quota is per address, so one FIPE import at a time. */
export const FIPE_IMPORT_JOB_ID = "vehicles.import-fipe";
/** A queued import whose runner entry has not appeared yet is still being started. */
const STARTING_GRACE_MS = 60_000;

/** Imports brands, models and years from FIPE into vehicles; progress lives in import_jobs. */
export const importFipeVehicles = defineJob(
  FIPE_IMPORT_JOB_NAME,
  async (payload: { importJobId: number }, ctx) => {
    const result = await runFipeImport(payload.importJobId);
    ctx.log(result.message);
    return result;
  },
);

/** A FIPE import of which the runner knows nothing alive any more (its process died). */
function isOrphaned(job: ImportJob, now: number): boolean {
  const run = getJobRun(FIPE_IMPORT_JOB_ID);
  const runIsThisJob =
    (run?.payload as { importJobId?: number } | undefined)?.importJobId === job.id;
  if (runIsThisJob) return run!.status === "completed" || run!.status === "failed";
  return now - job.createdAt.getTime() > STARTING_GRACE_MS;
}

export function claimFipeImport(input: FipeImportRequest, actorId: number | null) {
  return claimImport(input, actorId, isOrphaned);
}

/** Starts a FIPE import in the background (or finds the one running) and logs who asked for it. */
export async function startFipeImport(
  input: FipeImportRequest,
  actorId: number | null,
): Promise<{ job: ImportJob; jobId: string; alreadyRunning: boolean }> {
  const { job, created } = claimFipeImport(input, actorId);
  if (!created) return { job, jobId: FIPE_IMPORT_JOB_ID, alreadyRunning: true };
  try {
    await enqueue(
      FIPE_IMPORT_JOB_NAME,
      { importJobId: job.id },
      { jobId: FIPE_IMPORT_JOB_ID, attempts: 1 },
    );
  } catch (error) {
    failImport(job.id, errorReason(error));
    throw error;
  }
  logActivity({
    actorId,
    type: "import",
    action: messages.fipe.startedActivity(input.type),
    entity: "import_job",
    entityId: job.id,
  });
  return { job, jobId: FIPE_IMPORT_JOB_ID, alreadyRunning: false };
}
