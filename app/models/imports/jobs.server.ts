import { desc, eq } from "drizzle-orm";
import { importJobs, importLogs } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";

/**
 * The import job every kind of import runs as (FIPE, the catalogue API, a CSV file): its row in
 * import_jobs, its log lines, its progress and how it ends in error.
 */

export type ImportJob = typeof importJobs.$inferSelect;
type ImportLogLevel = (typeof importLogs.$inferInsert)["level"];

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
  const message = messages.fipe.failed(reason);
  updateImportJob(importJobId, { ...counters, status: "error", completedAt: new Date() });
  appendImportLog(importJobId, message, "error");
  return message;
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
