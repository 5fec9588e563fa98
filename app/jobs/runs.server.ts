import { and, eq, inArray, sql } from "drizzle-orm";
import { UnrecoverableError } from "bullmq";
import { hostname } from "node:os";
import { jobRuns } from "~db/schema";
import * as messages from "~/messages";
import { db, immediateTransaction } from "~/utils/db.server";
import { getJob, type JobContext } from "./registry.server";

/** The `job_runs` table is the one place both backends report to; the UI only ever reads it. */
export type JobRun = typeof jobRuns.$inferSelect;
export type JobBackendKind = JobRun["backend"];

export function getJobRun(id: string): JobRun | undefined {
  return db().select().from(jobRuns).where(eq(jobRuns.id, id)).get();
}

/**
 * Records a run as queued unless one with the same id is still queued or running. A finished run
 * with that id is reset and run again.
 */
export function claimRun(run: {
  id: string;
  name: string;
  payload: unknown;
  backend: JobBackendKind;
}): { created: boolean } {
  const database = db();
  return immediateTransaction(database, () => {
    const existing = getJobRun(run.id);
    if (existing && (existing.status === "queued" || existing.status === "running")) {
      return { created: false };
    }
    const fresh = {
      ...run,
      // Inline, the process that queues a run is the one that runs it.
      owner: run.backend === "inline" ? THIS_PROCESS : null,
      status: "queued" as const,
      attempts: 0,
      result: null,
      error: null,
      startedAt: null,
      finishedAt: null,
    };
    if (existing) {
      database
        .update(jobRuns)
        .set({ ...fresh, createdAt: new Date() })
        .where(eq(jobRuns.id, run.id))
        .run();
    } else {
      database.insert(jobRuns).values(fresh).run();
    }
    return { created: true };
  });
}

export function markFailed(id: string, error: unknown): void {
  db()
    .update(jobRuns)
    .set({ status: "failed", error: errorMessage(error), finishedAt: new Date() })
    .where(eq(jobRuns.id, id))
    .run();
}

/**
 * Runs one attempt of a run and records its outcome. A failure that will be retried leaves the
 * run queued with the error so far; the error is rethrown for the backend to schedule the retry.
 * An unknown job name throws UnrecoverableError so no backend retries it.
 */
export async function runAttempt(
  run: { id: string; name: string; payload: unknown },
  attempt: number,
  finalAttempt: boolean,
): Promise<unknown> {
  const job = getJob(run.name);
  if (!job) {
    const error = new UnrecoverableError(messages.jobs.unknownJob(run.name));
    markFailed(run.id, error);
    throw error;
  }
  db()
    .update(jobRuns)
    .set({
      status: "running",
      attempts: attempt,
      startedAt: new Date(),
      error: null,
      owner: THIS_PROCESS,
    })
    .where(eq(jobRuns.id, run.id))
    .run();
  const ctx: JobContext = {
    jobId: run.id,
    attempt,
    log: (message) => console.info(`[job ${run.name} ${run.id}] ${message}`),
  };
  try {
    const result = (await job.handler(run.payload, ctx)) ?? null;
    db()
      .update(jobRuns)
      .set({ status: "completed", result, finishedAt: new Date() })
      .where(eq(jobRuns.id, run.id))
      .run();
    return result;
  } catch (error) {
    if (finalAttempt) {
      markFailed(run.id, error);
    } else {
      db()
        .update(jobRuns)
        .set({ status: "queued", error: errorMessage(error) })
        .where(eq(jobRuns.id, run.id))
        .run();
    }
    throw error;
  }
}

/**
 * Inline runs live only in the process that queued them: rows left queued or running by an
 * earlier process will never finish, and would block their jobId forever.
 */
/**
 * Inline runs die with their process. Marks as failed the queued or running inline runs whose
 * owner is a process of this host that no longer exists (or, for runs from before owners were
 * kept, that were queued before `queuedBefore`). Runs of live processes — the other web processes
 * of a cluster — are left alone, so any process may call this when it starts.
 */
export function failInterruptedInlineRuns(queuedBefore: Date): number {
  const open = db()
    .select({ id: jobRuns.id, owner: jobRuns.owner, createdAt: jobRuns.createdAt })
    .from(jobRuns)
    .where(and(eq(jobRuns.backend, "inline"), inArray(jobRuns.status, ["queued", "running"])))
    .all();
  const dead = open
    .filter((run) => (run.owner === null ? run.createdAt < queuedBefore : ownerIsGone(run.owner)))
    .map((run) => run.id);
  if (dead.length === 0) return 0;
  return db()
    .update(jobRuns)
    .set({
      status: "failed",
      error: messages.jobs.interruptedByRestart,
      finishedAt: new Date(),
    })
    .where(and(inArray(jobRuns.id, dead), inArray(jobRuns.status, ["queued", "running"])))
    .run().changes;
}

const HOST = hostname();
/** "host:pid" of this process, as job_runs.owner keeps it. */
export const THIS_PROCESS = `${HOST}:${process.pid}`;

/** A process of this host that no longer runs; another host's processes cannot be checked. */
function ownerIsGone(owner: string): boolean {
  const separator = owner.lastIndexOf(":");
  if (owner.slice(0, separator) !== HOST) return false;
  const pid = Number(owner.slice(separator + 1));
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Counts of job_runs for the health checks: what waits and runs now, what ended since `since`. */
export function runSummary(since: Date) {
  const row = db()
    .select({
      queued: sql<number>`coalesce(sum(${jobRuns.status} = 'queued'), 0)`.mapWith(Number),
      running: sql<number>`coalesce(sum(${jobRuns.status} = 'running'), 0)`.mapWith(Number),
      oldestQueuedMs: sql<
        number | null
      >`min(case when ${jobRuns.status} = 'queued' then ${jobRuns.createdAt} end)`,
      failedSince:
        sql<number>`coalesce(sum(${jobRuns.status} = 'failed' and ${jobRuns.finishedAt} >= ${since.getTime()}), 0)`.mapWith(
          Number,
        ),
      completedSince:
        sql<number>`coalesce(sum(${jobRuns.status} = 'completed' and ${jobRuns.finishedAt} >= ${since.getTime()}), 0)`.mapWith(
          Number,
        ),
      lastFinishedMs: sql<number | null>`max(${jobRuns.finishedAt})`,
    })
    .from(jobRuns)
    .get()!;
  return {
    queued: row.queued,
    running: row.running,
    oldestQueuedAt: row.oldestQueuedMs === null ? null : new Date(row.oldestQueuedMs),
    failedSince: row.failedSince,
    completedSince: row.completedSince,
    lastFinishedAt: row.lastFinishedMs === null ? null : new Date(row.lastFinishedMs),
  };
}
