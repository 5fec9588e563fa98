import { and, desc, eq } from "drizzle-orm";
import { importLogs } from "~db/schema";
import type { FipeVehicleType } from "~/integrations/fipe/types";
import { db } from "~/utils/db.server";
import { getImportJob, importProgress, isImportActive, type ImportJob } from "../jobs.server";
import * as messages from "~/messages";

const m = messages.fipe;

export const FIPE_IMPORT_KIND = "fipe";

export type FipeImportOptions = {
  type: FipeVehicleType;
  brandCode?: string;
  maxBrands?: number;
  /** Filled in by the job once the brand list is read. */
  brandName?: string;
};

export type FipeImportSummary = {
  importJobId: number;
  status: ImportJob["status"];
  brands: number;
  created: number;
  skipped: number;
  errors: number;
  message: string;
};

export function fipeImportOptions(job: ImportJob): FipeImportOptions {
  const raw = job.options as Partial<FipeImportOptions>;
  return {
    type: raw.type ?? "carros",
    brandCode: typeof raw.brandCode === "string" ? raw.brandCode : undefined,
    maxBrands: typeof raw.maxBrands === "number" ? raw.maxBrands : undefined,
    brandName: typeof raw.brandName === "string" ? raw.brandName : undefined,
  };
}

/** The FIPE import page needs its options too; other kinds of import are not its business. */
export function fipeImportProgress(id: number) {
  const progress = importProgress(id);
  if (!progress || progress.job.kind !== FIPE_IMPORT_KIND) return null;
  return { ...progress, options: fipeImportOptions(progress.job) };
}

export function importSummary(job: ImportJob, message: string): FipeImportSummary {
  return {
    importJobId: job.id,
    status: job.status,
    brands: job.currentPage,
    created: job.createdVehicles,
    skipped: job.skippedVehicles,
    errors: job.errorCount,
    message,
  };
}

/** The import's outcome in words: the completion line, or the error that stopped it. */
export function importOutcome(job: ImportJob): FipeImportSummary {
  if (job.status === "completed")
    return importSummary(job, m.completed(job.currentPage, job.createdVehicles));
  if (job.status === "error") {
    const lastError = db()
      .select({ message: importLogs.message })
      .from(importLogs)
      .where(and(eq(importLogs.importJobId, job.id), eq(importLogs.level, "error")))
      .orderBy(desc(importLogs.id))
      .get();
    return importSummary(job, lastError?.message ?? m.importFailed);
  }
  return importSummary(job, m.status[job.status]);
}

/** Waits (polling import_jobs) until the import ends, the time is up or the caller goes away. */
export async function waitForFipeImport(
  importJobId: number,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<FipeImportSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = getImportJob(importJobId);
    if (!job) throw new Error(m.importNotFound);
    if (!isImportActive(job) || Date.now() >= deadline || signal?.aborted)
      return importOutcome(job);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
