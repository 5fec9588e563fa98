import { claimFipeImport as claimImport, type FipeImportRequest, type ImportJob, runFipeImport } from "~/models/imports/index.server";
import { logActivity } from "~/models/activity/index.server";
import { accept } from "~/models/outcome";
import * as messages from "~/messages";
import {
  importShutdownSignal,
  isRunAlive,
  launchImportRun,
  type ImportRunPayload,
} from "./import-runs.server";
import { defineJob } from "./registry.server";

export const FIPE_IMPORT_JOB_NAME = "vehicles.import-fipe";

/** Imports brands, models and years from FIPE into vehicles; progress lives in import_jobs. */
export const importFipeVehicles = defineJob(
  FIPE_IMPORT_JOB_NAME,
  async ({ importJobId, runId }: ImportRunPayload, ctx) => {
    const result = await runFipeImport(importJobId, runId, undefined, importShutdownSignal);
    ctx.log(result.message);
    return result;
  },
);

export function claimFipeImport(input: FipeImportRequest, actorId: number | null) {
  return claimImport(input, actorId, isRunAlive);
}

/** Starts a FIPE import in the background (or finds the one in progress) and logs who asked for it. */
export async function startFipeImport(
  input: FipeImportRequest,
  actorId: number | null,
): Promise<{ job: ImportJob; jobId: string; alreadyRunning: boolean }> {
  const claimed = claimFipeImport(input, actorId);
  const { job, runId } = claimed;
  if (!claimed.created) return { job, jobId: runId, alreadyRunning: true };
  await launchImportRun(FIPE_IMPORT_JOB_NAME, accept({ job, runId }));
  logActivity({
    actorId,
    type: "import",
    action: messages.fipe.startedActivity(input.type),
    entity: "import_job",
    entityId: job.id,
  });
  return { job, jobId: runId, alreadyRunning: false };
}
