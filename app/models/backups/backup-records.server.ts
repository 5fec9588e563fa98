/**
 * The backups folder and the table that indexes it: the list of backups made, retention, and
 * agreeing with the folder after a restore. ADR 0022 says why backups are built this way.
 *
 * The folder is `DATA_DIR/backups`; the `backups` table indexes the files in it (its `path`
 * column holds the file name, so the folder can move with DATA_DIR).
 */
import { desc, inArray } from "drizzle-orm";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { backups } from "~db/schema";
import { db, type Db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { saoPauloClock } from "~/utils/format";

export type BackupRecord = {
  id: number;
  /** Absolute path of the file. */
  path: string;
  fileName: string;
  sizeBytes: number;
  createdAt: Date;
};

/** A scheduled or "agora" backup: `encaixa-YYYYMMDD-HHMMSS.db`, `-2`… when a second falls in the same second. */
const BACKUP_FILE = /^encaixa-\d{8}-\d{6}(-\d+)?\.db$/;

export function backupsFolder(): string {
  return path.join(env().DATA_DIR, "backups");
}

export function toRecord(row: typeof backups.$inferSelect, folder = backupsFolder()): BackupRecord {
  const fileName = path.basename(row.path);
  return {
    id: row.id,
    path: path.join(folder, fileName),
    fileName,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt,
  };
}

/** Every backup kept, newest first. */
export function listBackups(database: Db = db()): BackupRecord[] {
  return database
    .select()
    .from(backups)
    .orderBy(desc(backups.createdAt), desc(backups.id))
    .all()
    .map((row) => toRecord(row));
}

/** The newest backup made, or null when none was. */
export function lastBackup(): BackupRecord | null {
  const row = db()
    .select()
    .from(backups)
    .orderBy(desc(backups.createdAt), desc(backups.id))
    .limit(1)
    .get();
  return row ? toRecord(row) : null;
}

/** YYYYMMDD-HHMMSS in São Paulo time, the time the dashboard shows. */
export function backupStamp(at: Date): string {
  const part = saoPauloClock(at);
  return `${part.year}${part.month}${part.day}-${part.hour}${part.minute}${part.second}`;
}

export function freeFileName(folder: string, stem: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${stem}.db` : `${stem}-${n}.db`;
    if (!existsSync(path.join(folder, name))) return name;
  }
}

/** Keeps the newest `keep` backups (always `keepId`, the one just made); deletes the rest, files and rows. */
export function applyRetention(keep: number, keepId: number): BackupRecord[] {
  const others = listBackups().filter((backup) => backup.id !== keepId);
  const doomed = others.slice(Math.max(0, keep - 1));
  for (const backup of doomed) rmSync(backup.path, { force: true });
  if (doomed.length > 0)
    db()
      .delete(backups)
      .where(
        inArray(
          backups.id,
          doomed.map((backup) => backup.id),
        ),
      )
      .run();
  return doomed;
}

/**
 * Makes the table agree with the folder: rows for files that are gone go, files without a row
 * (made after the backup that was just restored) get one, so retention sees them again.
 */
export function reconcileBackupRecords(database: Db, folder: string): void {
  const files = existsSync(folder) ? readdirSync(folder).filter((n) => BACKUP_FILE.test(n)) : [];
  const rows = database.select().from(backups).all();
  const recorded = new Set(rows.map((row) => path.basename(row.path)));
  const gone = rows.filter((row) => !files.includes(path.basename(row.path))).map((r) => r.id);
  if (gone.length > 0) database.delete(backups).where(inArray(backups.id, gone)).run();
  for (const name of files.filter((n) => !recorded.has(n))) {
    const stat = statSync(path.join(folder, name));
    database
      .insert(backups)
      .values({ path: name, sizeBytes: stat.size, createdAt: stat.mtime })
      .run();
  }
}
