import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { importJobs, importLogs } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../../activity/activity.server";
import { appendImportLog, getImportJob, importLogLines, type ImportJob } from "../jobs.server";
import { accept, refuse, type Outcome } from "../../outcome";
import {
  CATALOGUE_IMPORT_KIND,
  catalogueImportOptions,
  type CatalogueImportOptions,
} from "./options.server";

const m = messages.catalogueImport;

/** Statuses in which an import still holds the catalogue: no second one, no clearing. */
const ACTIVE_STATUSES = ["idle", "running", "paused"] as const;

/** Tells whether the import's current run is still queued or running; the job layer knows. */
export type RunAliveCheck = (job: ImportJob) => boolean;

export type ClaimedRun = { job: ImportJob; runId: string };

function catalogueImport(id: number): ImportJob | undefined {
  const job = getImportJob(id);
  return job?.kind === CATALOGUE_IMPORT_KIND ? job : undefined;
}

export function latestCatalogueImport(): ImportJob | undefined {
  return db()
    .select()
    .from(importJobs)
    .where(eq(importJobs.kind, CATALOGUE_IMPORT_KIND))
    .orderBy(desc(importJobs.id))
    .get();
}

/** Imports of a kind (every kind when none is given) that still hold the catalogue. */
export function activeImports(kind: string | null = CATALOGUE_IMPORT_KIND): ImportJob[] {
  return db()
    .select()
    .from(importJobs)
    .where(
      and(
        kind === null ? undefined : eq(importJobs.kind, kind),
        inArray(importJobs.status, [...ACTIVE_STATUSES]),
      ),
    )
    .all();
}

/** A running import whose run died with its process: it can only go on through a resume. */
export function isInterrupted(job: ImportJob, isRunAlive: RunAliveCheck): boolean {
  return job.status === "running" && !isRunAlive(job);
}

function setStatus(id: number, values: Partial<typeof importJobs.$inferInsert>) {
  db()
    .update(importJobs)
    .set({ ...values, lastActivityAt: new Date() })
    .where(eq(importJobs.id, id))
    .run();
}

/** Records a new import of `kind`, running under a new run id, with its options. */
export function insertImport(
  kind: string,
  options: Record<string, unknown>,
  actorId: number | null,
): ClaimedRun {
  const runId = randomUUID();
  const job = db()
    .insert(importJobs)
    .values({
      kind,
      status: "running",
      options,
      runId,
      startedById: actorId,
      startedAt: new Date(),
      lastActivityAt: new Date(),
    })
    .returning()
    .get();
  return { job, runId };
}

/** Every run alive: callers that do not know (scripts, tests) never retire an import. */
const everyRunAlive: RunAliveCheck = () => true;

/** Ends in error a running import whose run died, keeping its checkpoint for a "Retomar". */
function failInterrupted(job: ImportJob, reason: string) {
  setStatus(job.id, { status: "error", completedAt: new Date() });
  appendImportLog(job.id, m.failedLog(reason), "error");
}

/**
 * Catalogue imports whose run died (a crashed process) no longer hold the catalogue once someone
 * starts another: they end in error with their checkpoint, to be resumed later.
 */
function retireInterrupted(isRunAlive: RunAliveCheck) {
  for (const job of activeImports()) {
    if (isInterrupted(job, isRunAlive)) failInterrupted(job, m.interrupted);
  }
}

/**
 * Records a new import, unless another one still holds the catalogue: a running, queued or
 * paused one; one whose run died (`isRunAlive` says so) is ended in error first.
 */
export function createCatalogueImport(
  options: CatalogueImportOptions,
  actorId: number | null,
  isRunAlive: RunAliveCheck = everyRunAlive,
): Outcome<ClaimedRun> {
  return immediateTransaction(db(), () => {
    retireInterrupted(isRunAlive);
    if (activeImports().length > 0) return refuse("already_current", m.alreadyRunning);
    const claimed = insertImport(CATALOGUE_IMPORT_KIND, options, actorId);
    logActivity({
      actorId,
      type: "import",
      action: m.startedActivity(options.source.kind === "csv" ? options.source.fileName : "API"),
      entity: "import_job",
      entityId: claimed.job.id,
    });
    return accept(claimed);
  });
}

/** Pausing, resuming and cancelling work the same on every kind of import (catalogue, FIPE). */
export function pauseImport(id: number): Outcome<ImportJob> {
  return immediateTransaction(db(), () => {
    const job = getImportJob(id);
    if (!job) return refuse("not_found", m.importNotFound);
    if (job.status !== "running" && job.status !== "idle")
      return refuse("not_active", m.notRunning);
    setStatus(id, { status: "paused" });
    appendImportLog(id, m.pausedLog);
    return accept(getImportJob(id)!);
  });
}

/**
 * Hands the import to a new run: a paused one, one stopped by an error, or one whose run died
 * (interrupted). The old run, if it still lives, stops at its next batch.
 */
export function resumeImport(id: number, isRunAlive: RunAliveCheck): Outcome<ClaimedRun> {
  return immediateTransaction(db(), () => {
    const job = getImportJob(id);
    if (!job) return refuse("not_found", m.importNotFound);
    const resumable =
      job.status === "paused" || job.status === "error" || isInterrupted(job, isRunAlive);
    if (!resumable) return refuse("not_active", m.notPaused);
    if (job.status === "error" && activeImports(job.kind).length > 0)
      return refuse("already_current", m.alreadyRunning);
    const runId = randomUUID();
    setStatus(id, { status: "running", runId, completedAt: null });
    return accept({ job: getImportJob(id)!, runId });
  });
}

export function cancelImport(id: number): Outcome<ImportJob> {
  return immediateTransaction(db(), () => {
    const job = getImportJob(id);
    if (!job) return refuse("not_found", m.importNotFound);
    if (!(ACTIVE_STATUSES as readonly string[]).includes(job.status))
      return refuse("not_active", m.notActive);
    setStatus(id, { status: "cancelled", completedAt: new Date() });
    appendImportLog(id, m.cancelledLog);
    return accept(getImportJob(id)!);
  });
}

/** Cancels the import if it is still active and starts a new one with the same options. */
export function restartCatalogueImport(
  id: number,
  actorId: number | null,
  isRunAlive: RunAliveCheck = everyRunAlive,
): Outcome<ClaimedRun> {
  return immediateTransaction(db(), () => {
    const job = catalogueImport(id);
    if (!job) return refuse("not_found", m.importNotFound);
    if ((ACTIVE_STATUSES as readonly string[]).includes(job.status)) {
      setStatus(id, { status: "cancelled", completedAt: new Date() });
      appendImportLog(id, m.cancelledLog);
    }
    retireInterrupted(isRunAlive);
    if (activeImports().length > 0) return refuse("already_current", m.alreadyRunning);
    const claimed = insertImport(CATALOGUE_IMPORT_KIND, catalogueImportOptions(job), actorId);
    return accept(claimed);
  });
}

/** The newest of these log lines the import has, if any. */
function latestOfLines(importJobId: number, lines: string[]): string | undefined {
  return db()
    .select({ message: importLogs.message })
    .from(importLogs)
    .where(and(eq(importLogs.importJobId, importJobId), inArray(importLogs.message, lines)))
    .orderBy(desc(importLogs.id))
    .limit(1)
    .get()?.message;
}

/**
 * The job process resuming, as it starts, a catalogue import whose run died. A run that dies
 * once (a kill, a power cut) is resumed from its checkpoint; one whose last automatic resume
 * died too, at the same checkpoint and without an orderly shutdown in between, is taking each
 * new process down with it (a file that exhausts memory): it ends in error with its checkpoint
 * instead, and "Retomar" remains.
 */
export function resumeInterruptedCatalogueImport(
  id: number,
  isRunAlive: RunAliveCheck,
): Outcome<ClaimedRun> {
  return immediateTransaction(db(), () => {
    const job = catalogueImport(id);
    if (!job) return refuse("not_found", m.importNotFound);
    if (!isInterrupted(job, isRunAlive)) return refuse("not_active", m.notPaused);
    const resumedHere = m.autoResumedLog(job.currentPage);
    const latest = latestOfLines(id, [resumedHere, m.shutdownLog(job.currentPage)]);
    if (latest === resumedHere) {
      const reason = m.crashedAgain(job.currentPage);
      failInterrupted(job, reason);
      return refuse("unreadable", reason);
    }
    const resumed = resumeImport(id, isRunAlive);
    if (resumed.ok) appendImportLog(id, resumedHere);
    return resumed;
  });
}

/** Running imports of every kind whose run died; the job layer resumes them when it starts. */
export function interruptedImports(isRunAlive: RunAliveCheck): ImportJob[] {
  return activeImports(null).filter((job) => isInterrupted(job, isRunAlive));
}

export type ClearedCatalogue = { parts: number; vehicles: number; fitments: number };

/** Removes every part (with its codes and fitments) and every vehicle; refused while an import runs. */
export function clearCatalogue(actorId: number | null): Outcome<ClearedCatalogue> {
  const database = db();
  return immediateTransaction(database, () => {
    if (activeImports(null).length > 0) return refuse("in_use", m.clearRefusedRunning);
    const client = database.$client;
    const fitments = client.prepare("delete from part_vehicles").run().changes;
    client.prepare("delete from part_alternative_codes").run();
    const parts = client.prepare("delete from parts").run().changes;
    const vehicles = client.prepare("delete from vehicles").run().changes;
    logActivity({
      actorId,
      type: "import",
      action: m.clearedActivity,
      entity: "catalogue",
    });
    return accept({ parts, vehicles, fitments });
  });
}

export type ImportView = {
  job: ImportJob;
  options: CatalogueImportOptions;
  interrupted: boolean;
  logs: { level: string; message: string; createdAt: Date }[];
};

export function catalogueImportView(id: number, isRunAlive: RunAliveCheck): ImportView | undefined {
  const job = catalogueImport(id);
  if (!job) return undefined;
  return {
    job,
    options: catalogueImportOptions(job),
    interrupted: isInterrupted(job, isRunAlive),
    logs: importLogLines(id, 200),
  };
}
