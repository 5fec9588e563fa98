import { randomUUID } from "node:crypto";
import * as messages from "~/messages";
import { env, followWebProcessPort } from "~/utils/env.server";
import { createBullmqBackend, createInlineBackend, type JobBackend } from "./backends.server";
import { createRedisPresence, type PresenceEntry, type RedisPresence } from "./presence.server";
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

export { getJobRun };

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
  /**
   * `npm run worker`: a process that serves no HTTP. With Redis, it follows the port the web
   * process announces instead of announcing its own.
   */
  standalone?: boolean;
};

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 1_000;
const DEFAULT_PREFIX = "bull";
const processStartedAt = new Date(Date.now() - process.uptime() * 1000);

let backend: JobBackend | undefined;
/** With Redis, this process on the queue's presence boards (ADR 0040). */
let presence: RedisPresence | undefined;

/** Picks the backend from REDIS_URL. Starting again stops the runner already started. */
export async function startJobRunner(options: JobRunnerOptions): Promise<void> {
  await stopJobRunner();
  backend = createBackend(options);
  presence = createPresence(options);
  await presence?.ready;
}

export async function stopJobRunner(): Promise<void> {
  const stopping = backend;
  const leaving = presence;
  backend = undefined;
  presence = undefined;
  await leaving?.close();
  await stopping?.close();
}

/**
 * A worker says it is alive; a web process says which port serves the simulators; `npm run
 * worker` follows that port. Without `options`, a process that only reads (a runner never started).
 */
function createPresence(options?: JobRunnerOptions): RedisPresence | undefined {
  const url = env().REDIS_URL;
  if (!url) return undefined;
  const standalone = options?.standalone ?? false;
  return createRedisPresence({
    url,
    prefix: options?.prefix ?? DEFAULT_PREFIX,
    worker: options?.worker ?? false,
    webPort: options && !standalone ? env().PORT : undefined,
    onWebPort: standalone ? followWebProcess : undefined,
    onError: (error) =>
      console.error(messages.jobs.presenceFailed, error instanceof Error ? error.message : error),
  });
}

function followWebProcess(port: number | undefined) {
  const before = env().PORT;
  followWebProcessPort(port);
  if (port !== undefined && port !== before) console.log(messages.jobs.followingWebProcess(port));
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

/**
 * Polls job_runs until the run completes or fails; for tests and command-line tools.
 * @internal
 */
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

/** Where a job started now would run. */
export type WorkerPresence =
  | { runsIn: "web-process" }
  /** With Redis: the workers alive behind the queue, none when nobody will take the job. */
  | { runsIn: "workers"; workers: PresenceEntry[] }
  /** With Redis, when it did not answer in time. */
  | { runsIn: "unknown" };

/** Inline, the web process runs every job; with Redis, the workers alive say so themselves. */
export async function workerPresence(): Promise<WorkerPresence> {
  if (!env().REDIS_URL) return { runsIn: "web-process" };
  presence ??= createPresence();
  try {
    return { runsIn: "workers", workers: (await presence?.workers()) ?? [] };
  } catch {
    return { runsIn: "unknown" };
  }
}

/** Whether the Redis behind BullMQ answers a PING within `timeoutMs`. */
export { pingRedis } from "./backends.server";
