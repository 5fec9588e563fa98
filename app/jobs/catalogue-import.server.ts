import {
  catalogueSourceClient,
  defaultCatalogueSourceUrl,
} from "~/integrations/catalogue-source/client.server";
import { apiBatchSource, type BatchSource, catalogueImportOptions, type CatalogueImportOptions, catalogueImportView, type ClaimedRun, countImportError, createCatalogueImport, csvBatchSource, getImportJob, pruneCsvUploads, restartCatalogueImport, runCatalogueImport } from "~/models/imports/index.server";
import { refuse, type Outcome } from "~/models/outcome";
import * as messages from "~/messages";
import {
  importShutdownSignal,
  isRunAlive,
  launchImportRun,
  type ImportRunPayload,
} from "./import-runs.server";
import { defineJob } from "./registry.server";

const m = messages.catalogueImport;

export const CATALOGUE_IMPORT_JOB_NAME = "catalogue.import";

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
  async ({ importJobId, runId }: ImportRunPayload, ctx) => {
    const job = getImportJob(importJobId);
    if (!job) return { status: "missing" };
    const outcome = await runCatalogueImport(
      importJobId,
      runId,
      sourceFor(importJobId, catalogueImportOptions(job)),
      importShutdownSignal,
    );
    ctx.log(outcome.message);
    return outcome;
  },
);

function sourceConfigured(): boolean {
  try {
    defaultCatalogueSourceUrl();
    return true;
  } catch {
    return false;
  }
}

export async function startCatalogueImport(
  options: CatalogueImportOptions,
  actorId: number | null,
): Promise<Outcome<ClaimedRun>> {
  if (options.source.kind === "api" && !sourceConfigured())
    return refuse("not_configured", m.sourceNotConfigured);
  const started = await launchImportRun(
    CATALOGUE_IMPORT_JOB_NAME,
    createCatalogueImport(options, actorId, isRunAlive),
  );
  if (started.ok && options.source.kind === "csv") {
    await pruneCsvUploads().catch((error: unknown) => console.error(m.logCsvPruneFailed, error));
  }
  return started;
}

export function restartCatalogueImportRun(importJobId: number, actorId: number | null) {
  return launchImportRun(
    CATALOGUE_IMPORT_JOB_NAME,
    restartCatalogueImport(importJobId, actorId, isRunAlive),
  );
}

export function catalogueImportStatus(importJobId: number) {
  return catalogueImportView(importJobId, isRunAlive);
}
