import { backupIsDue } from "~/models/backups/index.server";
import * as messages from "~/messages";
import { backupDatabase } from "./backup.server";
import { hasStrandedMail, sweepMail } from "./mail.server";
import { hasPaymentsToCheck, reconcilePayments } from "./payments.server";
import { applyScheduledPlanChanges, hasScheduledPlanChangesDue } from "./plan-changes.server";
import { hasPlanEndingNotices, notifyPlansEnding } from "./notifications.server";
import { purgeExpiredSessions } from "./maintenance.server";
import { enqueue } from "./runner.server";
import type { JobDefinition } from "./registry.server";

/**
 * Recurring jobs. The process that runs jobs ticks; each tick enqueues with a job id made of the
 * job's name and its time slot, so two processes ticking in the same slot start one run
 * (enqueue is idempotent per id), and a slot with nothing to do enqueues nothing.
 */

type Schedule = {
  job: JobDefinition<Record<string, never>, unknown>;
  everyMs: number;
  /** Checked before enqueueing, so idle slots leave no trace in job_runs. */
  due?: () => boolean;
};

export const SCHEDULES: Schedule[] = [
  { job: reconcilePayments, everyMs: 15_000, due: () => hasPaymentsToCheck() },
  { job: purgeExpiredSessions, everyMs: 6 * 60 * 60_000 },
  // Ticks often and checks the last backup's age, so BACKUP_INTERVAL_HOURS is honoured within ten
  // minutes whatever it is, and a process started late still backs up on time.
  { job: backupDatabase, everyMs: 10 * 60_000, due: () => backupIsDue() },
  // A message whose job was lost (Redis down when it was queued) is handed over again.
  { job: sweepMail, everyMs: 60_000, due: () => hasStrandedMail() },
  // A downgrade takes effect when its paid period ends: within a minute of it (ADR 0046).
  { job: applyScheduledPlanChanges, everyMs: 60_000, due: hasScheduledPlanChangesDue },
  // The daily notices "your plan ends in 7 days / 1 day": checked hourly, so a process restarted
  // more often than daily still sends them; each notice's event key sends it once (ADR 0047).
  { job: notifyPlansEnding, everyMs: 60 * 60_000, due: () => hasPlanEndingNotices() },
];

let timers: NodeJS.Timeout[] = [];

export async function runScheduleSlot(
  schedule: Schedule,
  now = Date.now(),
): Promise<string | null> {
  if (schedule.due && !schedule.due()) return null;
  const slot = Math.floor(now / schedule.everyMs);
  const { id } = await enqueue(
    schedule.job,
    {},
    { jobId: `${schedule.job.name}:${slot}`, attempts: 1 },
  );
  return id;
}

export function startSchedules(schedules: Schedule[] = SCHEDULES): void {
  stopSchedules();
  timers = schedules.map((schedule) => {
    const timer = setInterval(() => {
      runScheduleSlot(schedule).catch((error: unknown) =>
        console.error(messages.jobs.scheduleFailed(schedule.job.name), error),
      );
    }, schedule.everyMs);
    timer.unref();
    return timer;
  });
}

export function stopSchedules(): void {
  for (const timer of timers) clearInterval(timer);
  timers = [];
}
