import { Queue, UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import * as messages from "~/messages";
import { runAttempt, type JobBackendKind } from "./runs.server";

export type QueuedRun = { id: string; name: string; payload: unknown };

export type JobBackend = {
  kind: JobBackendKind;
  /** Hands a run that is already recorded as queued to the backend. */
  submit(run: QueuedRun, attempts: number): Promise<void>;
  /** Lets runs in progress finish, then releases timers and connections. */
  close(): Promise<void>;
};

/** Runs each job on this process, after the current request has had its turn. */
export function createInlineBackend({ backoffMs }: { backoffMs: number }): JobBackend {
  const inFlight = new Set<Promise<void>>();

  async function execute(run: QueuedRun, attempts: number) {
    for (let attempt = 1; ; attempt++) {
      const finalAttempt = attempt >= attempts;
      try {
        await runAttempt(run, attempt, finalAttempt);
        return;
      } catch (error) {
        if (finalAttempt || error instanceof UnrecoverableError) return;
        await sleep(backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  return {
    kind: "inline",
    async submit(run, attempts) {
      const execution = new Promise((resolve) => setImmediate(resolve))
        .then(() => execute(run, attempts))
        .catch((error) => console.error(messages.jobs.submitFailed(run.name, run.id), error))
        .finally(() => inFlight.delete(execution));
      inFlight.add(execution);
    },
    async close() {
      await Promise.allSettled([...inFlight]);
    },
  };
}

export const QUEUE_NAME = "encaixa";
/** Without Redis, BullMQ waits for it indefinitely; a request should get an error instead. */
const SUBMIT_TIMEOUT_MS = 5_000;

type QueuedData = { runId: string; payload: unknown };

/**
 * One BullMQ queue carries every job, told apart by job name. Connections are given as options,
 * not ioredis instances, so BullMQ owns them and closes them with the queue and workers.
 */
export function createBullmqBackend(options: {
  url: string;
  prefix: string;
  backoffMs: number;
  worker: boolean;
}): JobBackend {
  const { url, prefix, backoffMs } = options;
  const queue = new Queue<QueuedData>(QUEUE_NAME, { connection: { url }, prefix });
  queue.on("error", (error) => console.error(messages.jobs.queueError, error.message));
  const workers = options.worker ? [startWorker(url, prefix)] : [];

  return {
    kind: "bullmq",
    async submit(run, attempts) {
      const added = queue.add(
        run.name,
        { runId: run.id, payload: run.payload },
        {
          attempts,
          backoff: { type: "exponential", delay: backoffMs },
          // job_runs keeps the history; Redis only needs what is still pending.
          removeOnComplete: true,
          removeOnFail: 1000,
        },
      );
      await withTimeout(added, SUBMIT_TIMEOUT_MS, messages.jobs.queueTimedOut);
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await queue.close();
    },
  };
}

function startWorker(url: string, prefix: string): Worker<QueuedData> {
  const worker = new Worker<QueuedData>(
    QUEUE_NAME,
    (job) => {
      const attempt = job.attemptsMade + 1;
      const run = { id: job.data.runId, name: job.name, payload: job.data.payload };
      return runAttempt(run, attempt, attempt >= (job.opts.attempts ?? 1));
    },
    { connection: { url, maxRetriesPerRequest: null }, prefix },
  );
  worker.on("error", (error) => console.error(messages.jobs.workerError, error.message));
  return worker;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Whether the Redis at `url` answers a PING within `timeoutMs` (one short-lived connection). */
export async function pingRedis(url: string, timeoutMs = 1_000): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await withTimeout(
      client.connect().then(() => client.ping()),
      timeoutMs,
      messages.jobs.redisTimedOut,
    );
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
