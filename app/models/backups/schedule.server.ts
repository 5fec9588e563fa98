/** When backups are due, and what the dashboard's Sistema tab shows about them. */
import { env } from "~/utils/env.server";
import { backupsFolder, lastBackup, listBackups, type BackupRecord } from "./backup-records.server";
import { backupRunning } from "./backup.server";

/** What the dashboard's Sistema tab shows about backups. */
export type BackupStatus = {
  last: BackupRecord | null;
  /** Backups kept in the folder now. */
  count: number;
  totalBytes: number;
  folder: string;
  /** BACKUP_KEEP. */
  keep: number;
  /** BACKUP_INTERVAL_HOURS; 0 = scheduled backups off. */
  intervalHours: number;
  /** When the next scheduled backup is due (null when they are off); in the past = at the next tick. */
  nextDueAt: Date | null;
  /** A backup is being made right now (by this or another process). */
  running: boolean;
};

export function backupStatus(now = new Date()): BackupStatus {
  const kept = listBackups();
  const last = kept[0] ?? null;
  const { BACKUP_KEEP, BACKUP_INTERVAL_HOURS } = env();
  return {
    last,
    count: kept.length,
    totalBytes: kept.reduce((sum, backup) => sum + backup.sizeBytes, 0),
    folder: backupsFolder(),
    keep: BACKUP_KEEP,
    intervalHours: BACKUP_INTERVAL_HOURS,
    nextDueAt:
      BACKUP_INTERVAL_HOURS === 0
        ? null
        : last
          ? new Date(last.createdAt.getTime() + BACKUP_INTERVAL_HOURS * 3_600_000)
          : now,
    running: backupRunning(),
  };
}

/** True when scheduled backups are on and the last one is at least BACKUP_INTERVAL_HOURS old. */
export function backupIsDue(now = new Date()): boolean {
  const hours = env().BACKUP_INTERVAL_HOURS;
  if (hours === 0) return false;
  const last = lastBackup();
  return !last || now.getTime() - last.createdAt.getTime() >= hours * 3_600_000;
}
