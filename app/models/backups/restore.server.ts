/** Restoring a backup over the database (`npm run db:restore`; ADR 0022). */
import Database from "better-sqlite3";
import {
  closeSync,
  existsSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from "node:fs";
import path from "node:path";
import * as messages from "~/messages";
import { migrateDatabase, openDatabase } from "~/utils/db.server";
import { privateDirectory, privateFile } from "~/utils/private-files.server";
import { accept, refuse, type Outcome } from "../outcome";
import { backupStamp, freeFileName, reconcileBackupRecords } from "./backup-records.server";
import { fsyncFile, sealAndCheck } from "./sealed-copy.server";

const m = messages.backups;

/** The tables every Encaixa database has had since the first migration. */
const REQUIRED_TABLES = ["__drizzle_migrations", "users", "parts", "vehicles", "backups"];

export type Restored = { target: string; safetyCopy: string | null };

function isSqliteFile(file: string): boolean {
  const header = Buffer.alloc(16);
  const fd = openSync(file, "r");
  try {
    return (
      readSync(fd, header, 0, 16, 0) === 16 && header.toString("latin1") === "SQLite format 3\0"
    );
  } finally {
    closeSync(fd);
  }
}

/** Why `file` is not an Encaixa database one may restore, or null when it is one. */
function refusalOfSource(file: string): Outcome<never> | null {
  if (!existsSync(file) || !statSync(file).isFile())
    return refuse("not_found", m.restoreMissing(file));
  if (!isSqliteFile(file)) return refuse("unreadable", m.restoreNotSqlite(file));
  let source: Database.Database | undefined;
  try {
    source = new Database(file, { readonly: true, fileMustExist: true });
    const check = source.pragma("integrity_check", { simple: true });
    if (check !== "ok") return refuse("unreadable", m.restoreCorrupted(file, String(check)));
    const tables = new Set(
      (
        source.prepare("select name from sqlite_master where type = 'table'").all() as {
          name: string;
        }[]
      ).map((t) => t.name),
    );
    const missing = REQUIRED_TABLES.filter((name) => !tables.has(name));
    if (missing.length > 0) return refuse("unreadable", m.restoreForeign(file, missing));
    return null;
  } catch (error) {
    return refuse("unreadable", m.restoreCorrupted(file, (error as Error).message));
  } finally {
    source?.close();
  }
}

/**
 * The current database, opened so that nobody else has it: in WAL mode every open connection
 * holds a shared lock for as long as it is open, so an exclusive lock is refused while the server
 * or a worker runs. Null when it is in use.
 */
function openAlone(target: string): Database.Database | null {
  const current = new Database(target, { fileMustExist: true });
  try {
    current.pragma("busy_timeout = 0");
    current.pragma("locking_mode = EXCLUSIVE");
    current.exec("BEGIN EXCLUSIVE");
    current.prepare("select count(*) from sqlite_master").get();
    current.exec("COMMIT");
    return current;
  } catch (error) {
    current.close();
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return null;
    throw error;
  }
}

/**
 * Replaces the database at `target` with the backup `source` (`npm run db:restore`). Refused
 * without changing anything when the source is not a sound Encaixa database or the database is
 * open elsewhere. Otherwise: a safety copy of the current database goes into the backups folder,
 * the backup is copied beside the target and renamed over it (stale -wal/-shm removed first), and
 * migrations bring an older backup up to the current schema.
 */
export async function restoreDatabase(
  source: string,
  target: string,
  folder: string,
  now = new Date(),
): Promise<Outcome<Restored>> {
  source = path.resolve(source);
  target = path.resolve(target);
  if (source === target) return refuse("already_current", m.restoreSameFile);
  const refused = refusalOfSource(source);
  if (refused) return refused;

  privateDirectory(folder, { tightenExisting: true });
  privateDirectory(path.dirname(target));
  let safetyCopy: string | null = null;
  if (existsSync(target)) {
    const current = openAlone(target);
    if (!current) return refuse("in_use", m.restoreServerRunning);
    try {
      safetyCopy = path.join(
        folder,
        freeFileName(folder, `encaixa-before-restore-${backupStamp(now)}`),
      );
      privateFile(safetyCopy);
      await current.backup(safetyCopy);
    } finally {
      current.close();
    }
    await sealAndCheck(safetyCopy);
  }

  const incoming = `${target}.restore-${process.pid}`;
  try {
    privateFile(incoming);
    const reader = new Database(source, { readonly: true, fileMustExist: true });
    try {
      await reader.backup(incoming);
    } finally {
      reader.close();
    }
    await sealAndCheck(incoming);
    await fsyncFile(incoming);
    for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
    renameSync(incoming, target);
  } finally {
    if (existsSync(incoming)) unlinkSync(incoming);
  }

  const restored = openDatabase(target);
  try {
    migrateDatabase(restored);
    reconcileBackupRecords(restored, folder);
  } finally {
    restored.$client.close();
  }
  return accept({ target, safetyCopy });
}
