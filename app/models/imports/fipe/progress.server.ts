import { and, desc, eq } from "drizzle-orm";
import { importJobs, importLogs } from "~db/schema";
import type { FipeVehicleType } from "~/integrations/fipe/types";
import { db } from "~/utils/db.server";
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

export type ImportJob = typeof importJobs.$inferSelect;
type ImportLogLevel = (typeof importLogs.$inferInsert)["level"];

export type FipeImportSummary = {
  importJobId: number;
  status: ImportJob["status"];
  brands: number;
  created: number;
  skipped: number;
  errors: number;
  message: string;
};

export function getImportJob(id: number): ImportJob | undefined {
  return db().select().from(importJobs).where(eq(importJobs.id, id)).get();
}

export function importLogLines(importJobId: number, limit = 500) {
  const newest = db()
    .select({
      id: importLogs.id,
      level: importLogs.level,
      message: importLogs.message,
      createdAt: importLogs.createdAt,
    })
    .from(importLogs)
    .where(eq(importLogs.importJobId, importJobId))
    .orderBy(desc(importLogs.id))
    .limit(limit)
    .all();
  return newest.reverse();
}

export function appendImportLog(
  importJobId: number,
  message: string,
  level: ImportLogLevel = "info",
) {
  db().insert(importLogs).values({ importJobId, message, level }).run();
}

export function updateImportJob(id: number, values: Partial<typeof importJobs.$inferInsert>) {
  db()
    .update(importJobs)
    .set({ ...values, lastActivityAt: new Date() })
    .where(eq(importJobs.id, id))
    .run();
}

export function errorReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Ends an import in error; returns the line its log now ends with. */
export function failImport(
  importJobId: number,
  reason: string,
  counters: Partial<typeof importJobs.$inferInsert> = {},
): string {
  const message = m.failed(reason);
  updateImportJob(importJobId, { ...counters, status: "error", completedAt: new Date() });
  appendImportLog(importJobId, message, "error");
  return message;
}

export function fipeImportOptions(job: ImportJob): FipeImportOptions {
  const raw = job.options as Partial<FipeImportOptions>;
  return {
    type: raw.type ?? "carros",
    brandCode: typeof raw.brandCode === "string" ? raw.brandCode : undefined,
    maxBrands: typeof raw.maxBrands === "number" ? raw.maxBrands : undefined,
    brandName: typeof raw.brandName === "string" ? raw.brandName : undefined,
  };
}

export function isImportActive(job: Pick<ImportJob, "status">): boolean {
  return job.status === "idle" || job.status === "running";
}

/** Everything the progress page and the status API show about one import. */
export function importProgress(id: number) {
  const job = getImportJob(id);
  if (!job) return null;
  return { job, logs: importLogLines(id) };
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
