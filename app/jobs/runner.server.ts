import { randomUUID } from "node:crypto";
import * as messages from "~/messages";
import { env } from "~/utils/env.server";
import { createBullmqBackend, createInlineBackend, type JobBackend } from "./backends.server";
import { getJob, type JobDefinition } from "./registry.server";
import {
  claimRun,
  failInterruptedInlineRuns,
  getJobRun,
  markFailed,
  runSummary,
  type JobBackendKind,
  type JobRun,
} from "./runs.server";

export { getJobRun, type JobRun };

export type EnqueueOptions = {
  /** Makes enqueue idempotent: while a run with this id is queued or running, no second one starts. */
  jobId?: string;
  /** Total tries, the first included. */
  attempts?: number;
};

export type JobRunnerOptions = {
  /** With Redis, whether this process also runs the jobs; without Redis it always does. */
  worker: boolean;
  /** Redis key prefix of the queue; tests use their own so runs never meet. */
  prefix?: string;
  /** Delay before the first retry; each further retry waits twice as long. */
  backoffMs?: number;
};

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 1_000;
const DEFAULT_PREFIX = "bull";
const processStartedAt = new Date(Date.now() - process.uptime() * 1000);

let backend: JobBackend | undefined;

/** Picks the backend from REDIS_URL. Starting again stops the runner already started. */
export async function startJobRunner(options: JobRunnerOptions): Promise<void> {
  await stopJobRunner();
  backend = createBackend(options);
}

export async function stopJobRunner(): Promise<void> {
  const stopping = backend;
  backend = undefined;
  await stopping?.close();
}

function createBackend(options: JobRunnerOptions): JobBackend {
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const url = env().REDIS_URL;
  if (url) {
    return createBullmqBackend({
      url,
      prefix: options.prefix ?? DEFAULT_PREFIX,
      backoffMs,
      worker: options.worker,
    });
  }
  failInterruptedInlineRuns(processStartedAt);
  return createInlineBackend({ backoffMs });
}

/**
 * Records the run as queued and hands it to the backend. Inline, the job starts after the caller
 * has moved on; with Redis, whichever worker is listening picks it up.
 */
export async function enqueue<P>(
  job: string | JobDefinition<P, unknown>,
  payload: P,
  options: EnqueueOptions = {},
): Promise<{ id: string }> {
  const name = typeof job === "string" ? job : job.name;
  if (!getJob(name)) throw new Error(messages.jobs.unknownJob(name));
  // Enqueueing before startJobRunner (scripts, tests) gets a runner that only queues.
  backend ??= createBackend({ worker: false });

  const run = { id: options.jobId ?? randomUUID(), name, payload: payload ?? {} };
  const { created } = claimRun({ ...run, backend: backend.kind });
  if (created) {
    try {
      await backend.submit(run, Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS));
    } catch (error) {
      markFailed(run.id, error);
      throw error;
    }
  }
  return { id: run.id };
}

/** Polls job_runs until the run completes or fails; for tests and command-line tools. */
export async function waitForJob(id: string, timeoutMs = 10_000): Promise<JobRun> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = getJobRun(id);
    if (run?.status === "completed" || run?.status === "failed") return run;
    if (Date.now() >= deadline) {
      throw new Error(messages.jobs.waitTimedOut(id, timeoutMs, run?.status));
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export type JobRunnerStatus = {
  /** The backend this process hands jobs to; null before startJobRunner. */
  backend: JobBackendKind | null;
  queued: number;
  running: number;
  /** The oldest run still waiting for a worker. */
  oldestQueuedAt: Date | null;
  failedSince: number;
  completedSince: number;
  lastFinishedAt: Date | null;
};

/** What the job runner is doing, for the dashboard's health checks: from job_runs, whichever backend. */
export function jobRunnerStatus(since: Date): JobRunnerStatus {
  return { backend: backend?.kind ?? null, ...runSummary(since) };
}

/** Whether the Redis behind BullMQ answers a PING within `timeoutMs`. */
export { pingRedis } from "./backends.server";
