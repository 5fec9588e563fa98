import { workerPresence } from "~/jobs/runner.server";

/**
 * What an import page tells the admin about where its job will run (ADR 0040): nothing when the
 * web process runs it (no REDIS_URL) or a worker is alive; "no-worker" when jobs go to Redis and
 * no worker said it is alive in the last 30 seconds, so an import would wait at 0 % for good;
 * "unknown" when Redis did not answer.
 */
export type WorkerNotice = "no-worker" | "unknown" | null;

export async function readWorkerNotice(): Promise<WorkerNotice> {
  const presence = await workerPresence();
  if (presence.runsIn === "unknown") return "unknown";
  if (presence.runsIn === "workers" && presence.workers.length === 0) return "no-worker";
  return null;
}
