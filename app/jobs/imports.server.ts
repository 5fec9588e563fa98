import { cancelImport, CATALOGUE_IMPORT_KIND, getImportJob, interruptedImports, pauseImport, resumeImport, resumeInterruptedCatalogueImport } from "~/models/imports/index.server";
import { refuse } from "~/models/outcome";
import * as messages from "~/messages";
import { CATALOGUE_IMPORT_JOB_NAME } from "./catalogue-import.server";
import { FIPE_IMPORT_JOB_NAME } from "./fipe-import.server";
import { isRunAlive, launchImportRun } from "./import-runs.server";

/** The controls every kind of import shares: pause, cancel, and resume on the kind's own job. */

const JOB_BY_KIND: Record<string, string> = {
  [CATALOGUE_IMPORT_KIND]: CATALOGUE_IMPORT_JOB_NAME,
  fipe: FIPE_IMPORT_JOB_NAME,
};

export async function resumeImportRun(importJobId: number) {
  const jobName = JOB_BY_KIND[getImportJob(importJobId)?.kind ?? ""];
  if (!jobName) return refuse("not_found", messages.catalogueImport.importNotFound);
  return launchImportRun(jobName, resumeImport(importJobId, isRunAlive));
}

/**
 * Resumes, from their checkpoints, the imports whose run died with an earlier process; a
 * catalogue import that died again where its last automatic resume did ends in error instead.
 */
export async function resumeInterruptedImports(): Promise<number> {
  let resumed = 0;
  for (const job of interruptedImports(isRunAlive)) {
    const outcome = await (
      job.kind === CATALOGUE_IMPORT_KIND
        ? launchImportRun(
            CATALOGUE_IMPORT_JOB_NAME,
            resumeInterruptedCatalogueImport(job.id, isRunAlive),
          )
        : resumeImportRun(job.id)
    ).catch(() => null);
    if (outcome?.ok) resumed++;
  }
  return resumed;
}

export { pauseImport, cancelImport };
export { stopImports } from "./import-runs.server";
