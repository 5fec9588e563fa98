import { beforeEach, describe, expect, it } from "vitest";
import { backups } from "~db/schema";
import "~/jobs/index.server";
import { waitForJob } from "~/jobs/runner.server";
import { runScheduleSlot, SCHEDULES } from "~/jobs/schedules.server";
import { listBackups } from "~/models/backups/backup-records.server";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";

/** The scheduled backup: one run per slot however many processes tick, then nothing until due. */

const schedule = SCHEDULES.find((s) => s.job.name === "backup.database")!;

beforeEach(() => {
  db().delete(backups).run();
  delete process.env.BACKUP_INTERVAL_HOURS;
  resetEnvForTests();
});

describe("the backup schedule", () => {
  it("makes one backup when due, whatever the number of ticks in the slot", async () => {
    const now = Date.now();
    const ids = await Promise.all([runScheduleSlot(schedule, now), runScheduleSlot(schedule, now)]);
    expect(ids[0]).toBe(`backup.database:${Math.floor(now / schedule.everyMs)}`);
    expect(ids[1]).toBe(ids[0]);
    const run = await waitForJob(ids[0]!, 15_000);
    expect(run.status).toBe("completed");
    expect(listBackups()).toHaveLength(1);
    // The next slot finds a fresh backup: nothing is enqueued.
    expect(await runScheduleSlot(schedule, now + schedule.everyMs)).toBeNull();
  });

  it("enqueues nothing with BACKUP_INTERVAL_HOURS=0", async () => {
    process.env.BACKUP_INTERVAL_HOURS = "0";
    resetEnvForTests();
    expect(await runScheduleSlot(schedule)).toBeNull();
    expect(listBackups()).toEqual([]);
  });
});
