import {
  catalogueSourceClient,
  defaultCatalogueSourceUrl,
} from "~/integrations/catalogue-source/client.server";
import { apiBatchSource } from "~/models/catalogue-import/api-source.server";
import {
  cancelCatalogueImport,
  catalogueImportView,
  createCatalogueImport,
  interruptedCatalogueImports,
  pauseCatalogueImport,
  restartCatalogueImport,
  resumeCatalogueImport,
  type ClaimedRun,
} from "~/models/catalogue-import/control.server";
import { csvBatchSource } from "~/models/catalogue-import/csv-source.server";
import {
  countImportError,
  runCatalogueImport,
  type BatchSource,
} from "~/models/catalogue-import/engine.server";
import {
  catalogueImportOptions,
  type CatalogueImportOptions,
} from "~/models/catalogue-import/options.server";
import { failImport, getImportJob } from "~/models/fipe-import/progress.server";
import { refuse, type Outcome } from "~/models/outcome";
import * as messages from "~/messages";
import { defineJob } from "./registry.server";
import { enqueue, getJobRun } from "./runner.server";

const m = messages.catalogueImport;

export const CATALOGUE_IMPORT_JOB_NAME = "catalogue.import";

type RunPayload = { importJobId: number; runId: string };

/** Stops every import of this process at its next batch, leaving it to be resumed (shutdown). */
const shutdown = new AbortController();

function sourceFor(importJobId: number, options: CatalogueImportOptions): BatchSource {
  if (options.source.kind === "csv") return csvBatchSource(options.source);
  const client = catalogueSourceClient({
    onRetry: ({ attempt, reason, delayMs }) =>
      countImportError(importJobId, m.retryLog(attempt, reason, delayMs / 1000)),
  });
  return apiBatchSource(client, options.settings);
}

export const importCatalogue = defineJob(
  CATALOGUE_IMPORT_JOB_NAME,
  async ({ importJobId, runId }: RunPayload, ctx) => {
    const job = getImportJob(importJobId);
    if (!job) return { status: "missing" };
    const outcome = await runCatalogueImport(
      importJobId,
      runId,
      sourceFor(importJobId, catalogueImportOptions(job)),
      shutdown.signal,
    );
    ctx.log(outcome.message);
    return outcome;
  },
);

export function isRunAlive(runId: string): boolean {
  const status = getJobRun(runId)?.status;
  return status === "queued" || status === "running";
}

async function launch(claimed: Outcome<ClaimedRun>): Promise<Outcome<ClaimedRun>> {
  if (!claimed.ok) return claimed;
  const { job, runId } = claimed.value;
  try {
    // One try: the engine records its own errors, and a retry is a resume an admin asks for.
    await enqueue(
      CATALOGUE_IMPORT_JOB_NAME,
      { importJobId: job.id, runId },
      { jobId: runId, attempts: 1 },
    );
  } catch (error) {
    failImport(job.id, error instanceof Error ? error.message : String(error));
    throw error;
  }
  return claimed;
}

export async function startCatalogueImport(
  options: CatalogueImportOptions,
  actorId: number | null,
): Promise<Outcome<ClaimedRun>> {
  if (options.source.kind === "api" && !sourceConfigured())
    return refuse("not_configured", m.sourceNotConfigured);
  return launch(createCatalogueImport(options, actorId));
}

function sourceConfigured(): boolean {
  try {
    defaultCatalogueSourceUrl();
    return true;
  } catch {
    return false;
  }
}

export function resumeCatalogueImportRun(importJobId: number) {
  return launch(resumeCatalogueImport(importJobId, isRunAlive));
}

export function restartCatalogueImportRun(importJobId: number, actorId: number | null) {
  return launch(restartCatalogueImport(importJobId, actorId));
}

export { pauseCatalogueImport, cancelCatalogueImport };

export function catalogueImportStatus(importJobId: number) {
  return catalogueImportView(importJobId, isRunAlive);
}

/** Resumes, from their checkpoints, the imports whose run died with an earlier process. */
export async function resumeInterruptedCatalogueImports(): Promise<number> {
  let resumed = 0;
  for (const job of interruptedCatalogueImports(isRunAlive)) {
    const outcome = await resumeCatalogueImportRun(job.id).catch(() => null);
    if (outcome?.ok) resumed++;
  }
  return resumed;
}

/** Asks the imports of this process to stop after their current batch; they resume on the next start. */
export function stopCatalogueImports(): void {
  shutdown.abort();
}
