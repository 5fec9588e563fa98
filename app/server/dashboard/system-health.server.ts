import { statfs } from "node:fs/promises";
import os from "node:os";
import {
  jobRunnerStatus,
  pingRedis,
  workerPresence,
  type WorkerPresence,
} from "~/jobs/runner.server";
import { lastBackup } from "~/models/backups/index.server";
import { mailCatcherEnabled, outboxHealth } from "~/models/mail/index.server";
import type { SystemReading } from "~/models/dashboard/index.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { formatBytes, formatDateTime, formatDecimal } from "~/utils/format";
import * as messages from "~/messages";

/**
 * The dashboard's Sistema tab and /api/dashboard/health: real readings of this machine and of the
 * services the app depends on. Nothing here is stored; every call measures again.
 */

export type CheckStatus = "success" | "warning" | "error";
export type HealthCheck = {
  id: "database" | "queue" | "jobs" | "disk" | "mail";
  status: CheckStatus;
  message: string;
  latencyMs: number | null;
};
export type OverallHealth = "healthy" | "warning" | "error";

const h = messages.dashboard.health;

/** A database answer slower than this is reported as a warning. */
const SLOW_DATABASE_MS = 200;
/** A job waiting longer than this for a worker means no worker is taking jobs. */
const STUCK_QUEUE_MS = 10 * 60_000;
const DISK_WARNING_PERCENT = 80;
const DISK_ERROR_PERCENT = 90;
const DAY_MS = 86_400_000;

const since = (started: number) => Math.round((performance.now() - started) * 10) / 10;

export function checkDatabase(slowMs = SLOW_DATABASE_MS): HealthCheck {
  const started = performance.now();
  try {
    db().$client.prepare("select count(*) from sqlite_master").pluck().get();
    const latencyMs = since(started);
    return latencyMs > slowMs
      ? {
          id: "database",
          status: "warning",
          message: h.databaseSlow(formatDecimal(latencyMs)),
          latencyMs,
        }
      : {
          id: "database",
          status: "success",
          message: h.databaseOk(formatDecimal(latencyMs)),
          latencyMs,
        };
  } catch (error) {
    console.error(h.logDatabaseCheckFailed, error);
    return { id: "database", status: "error", message: h.databaseDown, latencyMs: null };
  }
}

export async function checkQueue(): Promise<HealthCheck> {
  const url = env().REDIS_URL;
  if (!url) return { id: "queue", status: "success", message: h.queueInline, latencyMs: null };
  const started = performance.now();
  const answered = await pingRedis(url);
  const latencyMs = since(started);
  return answered
    ? { id: "queue", status: "success", message: h.queueOk(formatDecimal(latencyMs)), latencyMs }
    : { id: "queue", status: "error", message: h.queueDown, latencyMs: null };
}

/**
 * `presence` says who takes the jobs (workerPresence()); with Redis and no worker alive, every job
 * waits in the queue for good, which the check says first.
 */
export function checkJobs(now = new Date(), presence?: WorkerPresence): HealthCheck {
  const status = jobRunnerStatus(new Date(now.getTime() - DAY_MS));
  const check = (state: CheckStatus, message: string): HealthCheck => ({
    id: "jobs",
    status: state,
    message,
    latencyMs: null,
  });
  if (!status.backend) return check("error", h.jobsStopped);
  if (presence?.runsIn === "workers" && presence.workers.length === 0)
    return check("error", h.jobsNoWorker);
  if (status.oldestQueuedAt && now.getTime() - status.oldestQueuedAt.getTime() > STUCK_QUEUE_MS)
    return check("warning", h.jobsStuck(status.queued));
  if (status.failedSince > 0) return check("warning", h.jobsFailed(status.failedSince));
  return check("success", h.jobsOk(status.completedSince, status.backend));
}

export type DiskUsage = { totalBytes: number; freeBytes: number; percent: number };

/** The file system holding the database and backups (DATA_DIR). */
export async function diskUsage(): Promise<DiskUsage> {
  const stats = await statfs(env().DATA_DIR);
  const totalBytes = stats.blocks * stats.bsize;
  const freeBytes = stats.bavail * stats.bsize;
  const percent = totalBytes > 0 ? ((totalBytes - freeBytes) / totalBytes) * 100 : 0;
  return { totalBytes, freeBytes, percent: Math.round(percent * 10) / 10 };
}

export async function checkDisk(): Promise<HealthCheck> {
  try {
    const disk = await diskUsage();
    const message = h.diskFree(formatBytes(disk.freeBytes), formatBytes(disk.totalBytes));
    const status: CheckStatus =
      disk.percent >= DISK_ERROR_PERCENT
        ? "error"
        : disk.percent >= DISK_WARNING_PERCENT
          ? "warning"
          : "success";
    return { id: "disk", status, message, latencyMs: null };
  } catch (error) {
    console.error(h.logDiskReadFailed, error);
    return { id: "disk", status: "error", message: h.diskUnreadable, latencyMs: null };
  }
}

/**
 * The mail outbox (ADR 0042): a message out of tries is an error until it is sent; messages being
 * retried are a warning, with the SMTP server's last answer, so a failing server is seen early.
 */
export function checkMail(): HealthCheck {
  const outbox = outboxHealth();
  const mail = messages.mail;
  const route = env().SMTP_URL
    ? mail.healthSmtp
    : mailCatcherEnabled()
      ? mail.healthCatcher
      : mail.noSmtpInProduction;
  const parts = [
    outbox.failed > 0 ? mail.healthFailed(outbox.failed) : null,
    outbox.queued > 0 ? mail.healthQueued(outbox.queued) : null,
    outbox.failed + outbox.queued === 0 ? mail.healthAllSent : null,
    outbox.lastFailure && outbox.failed + outbox.queued > 0
      ? mail.healthLastFailure(formatDateTime(outbox.lastFailure.at), outbox.lastFailure.error)
      : null,
    route,
  ];
  const status: CheckStatus =
    outbox.failed > 0 ? "error" : outbox.lastFailure && outbox.queued > 0 ? "warning" : "success";
  return {
    id: "mail",
    status,
    message: parts.filter((part) => part !== null).join(" · "),
    latencyMs: null,
  };
}

export function overallOf(checks: readonly HealthCheck[]): OverallHealth {
  if (checks.some((c) => c.status === "error")) return "error";
  if (checks.some((c) => c.status === "warning")) return "warning";
  return "healthy";
}

export async function healthChecks(now = new Date()) {
  const database = checkDatabase();
  const [queue, presence] = await Promise.all([checkQueue(), workerPresence()]);
  const checks = [database, queue, checkJobs(now, presence), await checkDisk(), checkMail()];
  return { status: overallOf(checks), checks };
}

// --- Resources ----------------------------------------------------------------------------------

type CpuSample = { at: number; idle: number; total: number };

function sampleCpu(): CpuSample {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, irq, idle: idleTime } = cpu.times;
    idle += idleTime;
    total += user + nice + sys + irq + idleTime;
  }
  return { at: Date.now(), idle, total };
}

let lastCpuSample: CpuSample | undefined;
const CPU_WINDOW_MIN_MS = 500;
const CPU_WINDOW_MAX_MS = 5 * 60_000;
const CPU_FRESH_SAMPLE_MS = 250;

/**
 * Busy share of every core since the previous reading (between half a second and five minutes
 * ago); without one, over a fresh quarter of a second.
 */
export async function cpuUsagePercent(): Promise<number> {
  let previous = lastCpuSample;
  const age = previous ? Date.now() - previous.at : Infinity;
  if (!previous || age < CPU_WINDOW_MIN_MS || age > CPU_WINDOW_MAX_MS) {
    previous = sampleCpu();
    await new Promise((resolve) => setTimeout(resolve, CPU_FRESH_SAMPLE_MS));
  }
  const current = sampleCpu();
  lastCpuSample = current;
  const total = current.total - previous.total;
  const busy = total - (current.idle - previous.idle);
  return total > 0 ? Math.round((busy / total) * 1000) / 10 : 0;
}

export type SystemResources = {
  cpuPercent: number;
  cores: number;
  memoryPercent: number;
  memoryUsedBytes: number;
  memoryTotalBytes: number;
  /** This web process's resident memory. */
  processRssBytes: number;
  disk: DiskUsage | null;
  /** Seconds since this web process started. */
  uptimeSeconds: number;
};

export async function systemResources(): Promise<SystemResources> {
  const memoryTotalBytes = os.totalmem();
  const memoryUsedBytes = memoryTotalBytes - os.freemem();
  const disk = await diskUsage().catch(() => null);
  return {
    cpuPercent: await cpuUsagePercent(),
    cores: os.cpus().length,
    memoryPercent: Math.round((memoryUsedBytes / memoryTotalBytes) * 1000) / 10,
    memoryUsedBytes,
    memoryTotalBytes,
    processRssBytes: process.memoryUsage.rss(),
    disk,
    uptimeSeconds: Math.floor(process.uptime()),
  };
}

/** The metrics' `system` group: this machine's readings, the database check and the last backup. */
export async function systemReading(): Promise<SystemReading> {
  const resources = await systemResources();
  const database = checkDatabase();
  return {
    uptimeSeconds: resources.uptimeSeconds,
    cpuPercent: resources.cpuPercent,
    memoryPercent: resources.memoryPercent,
    diskPercent: resources.disk?.percent ?? null,
    databaseStatus: overallOf([database]),
    lastBackupAt: lastBackup()?.createdAt ?? null,
  };
}
