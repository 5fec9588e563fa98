/**
 * Database backups: the online backup, retention, the list of backups made, and the restore that
 * `npm run db:restore` runs. ADR 0022 says why it is built this way.
 *
 * The folder is `DATA_DIR/backups`; the `backups` table indexes the files in it (its `path`
 * column holds the file name, so the folder can move with DATA_DIR).
 */
import Database from "better-sqlite3";
import { desc, inArray } from "drizzle-orm";
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import { hostname } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { backups } from "~db/schema";
import * as messages from "~/messages";
import { db, migrateDatabase, openDatabase, type Db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { PRIVATE_FILE_MODE, privateDirectory, privateFile } from "~/utils/private-files.server";
import { saoPauloClock } from "~/utils/format";
import { accept, refuse, type Outcome } from "../outcome";

const m = messages.backups;

export type BackupRecord = {
  id: number;
  /** Absolute path of the file. */
  path: string;
  fileName: string;
  sizeBytes: number;
  createdAt: Date;
};

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

/** A scheduled or "agora" backup: `encaixa-YYYYMMDD-HHMMSS.db`, `-2`… when a second falls in the same second. */
const BACKUP_FILE = /^encaixa-\d{8}-\d{6}(-\d+)?\.db$/;
/** Beside the backups while being written; never matches BACKUP_FILE, so never listed. */
const PARTIAL_SUFFIX = ".partial";
const LOCK_FILE = ".backup.lock";
/** A lock older than this is from a process that died without removing it. */
const STALE_LOCK_MS = 6 * 60 * 60_000;
/** The tables every Encaixa database has had since the first migration. */
const REQUIRED_TABLES = ["__drizzle_migrations", "users", "parts", "vehicles", "backups"];

export function backupsFolder(): string {
  return path.join(env().DATA_DIR, "backups");
}

function toRecord(row: typeof backups.$inferSelect, folder = backupsFolder()): BackupRecord {
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
    running: lockHolder() !== null,
  };
}

/** True when scheduled backups are on and the last one is at least BACKUP_INTERVAL_HOURS old. */
export function backupIsDue(now = new Date()): boolean {
  const hours = env().BACKUP_INTERVAL_HOURS;
  if (hours === 0) return false;
  const last = lastBackup();
  return !last || now.getTime() - last.createdAt.getTime() >= hours * 3_600_000;
}

// --- Making a backup ----------------------------------------------------------------------------

/** YYYYMMDD-HHMMSS in São Paulo time, the time the dashboard shows. */
export function backupStamp(at: Date): string {
  const part = saoPauloClock(at);
  return `${part.year}${part.month}${part.day}-${part.hour}${part.minute}${part.second}`;
}

function freeFileName(folder: string, stem: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${stem}.db` : `${stem}-${n}.db`;
    if (!existsSync(path.join(folder, name))) return name;
  }
}

type LockHolder = { pid: number; host: string; startedAt: number };

function lockHolder(folder = backupsFolder()): LockHolder | null {
  try {
    return JSON.parse(readFileSync(path.join(folder, LOCK_FILE), "utf8")) as LockHolder;
  } catch {
    return null;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One backup at a time across every process on the machine: the lock is a file created with
 * O_EXCL. A process that died holding it (its pid is gone, or the lock is hours old) loses it.
 */
function takeLock(folder: string): (() => void) | null {
  const file = path.join(folder, LOCK_FILE);
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(file, "wx", PRIVATE_FILE_MODE);
      writeFileSync(
        fd,
        JSON.stringify({ pid: process.pid, host: hostname(), startedAt: Date.now() }),
      );
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder(folder);
      // A lock being written this very moment reads as unparseable: it belongs to someone alive.
      if (holder === null) return null;
      const dead =
        (holder.host === hostname() && !processIsAlive(holder.pid)) ||
        Date.now() - holder.startedAt > STALE_LOCK_MS;
      if (!dead) return null;
      rmSync(file, { force: true });
    }
  }
  return null;
}

/**
 * Run in a worker thread, with connections of its own (the driver by its path): copies `source`
 * (when given) to `file` with SQLite's online backup API, then leaves `file` as one
 * self-contained file (no -wal beside it) and checks it page by page. The copy is one read
 * transaction after a first small step: a snapshot, whatever the other connections write
 * meanwhile (a write restarts the copy, which then takes the rest in one step and never loops).
 */
const COPY_AND_CHECK = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
(async () => {
  if (workerData.source) {
    const source = new Database(workerData.source, { readonly: true, fileMustExist: true });
    try {
      // All that is left in one step, however much the file grew since the last one.
      await source.backup(workerData.file, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
  }
  const copy = new Database(workerData.file);
  try {
    copy.pragma("journal_mode = DELETE");
    parentPort.postMessage(String(copy.pragma("quick_check", { simple: true })));
  } finally {
    copy.close();
  }
})();`;
const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");

/**
 * COPY_AND_CHECK off the event loop: on the 1M catalogue (1.5 GB) the copy takes ~3 s and the
 * check ~4 s, and the process that makes backups also answers requests (ADR 0022, 0024).
 * Null when the copy is sound, else SQLite's words; a failure to copy rejects.
 */
function copyAndCheck(source: string | null, file: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(COPY_AND_CHECK, {
      eval: true,
      workerData: { source, file, driver: driverPath },
    });
    let answer: string | undefined;
    worker.once("message", (result: string) => (answer = result));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (answer === undefined) reject(new Error(`backup: worker exited with ${code}`));
      else resolve(answer === "ok" ? null : answer);
    });
  });
}

/** Leaves a copy as one self-contained file and checks it, in a worker thread (see above). */
export function sealAndCheck(file: string): Promise<string | null> {
  return copyAndCheck(null, file);
}

/** Flushes the copy to disk, awaited: no file operation of a backup runs on the event loop. */
async function fsyncFile(file: string) {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export type CreatedBackup = { backup: BackupRecord; deleted: BackupRecord[] };

/**
 * A consistent copy of the live database in the backups folder, checked, recorded, then
 * retention applied. Refused (already_current) while another backup runs; a disk or SQLite
 * failure throws, and leaves no file and no row behind.
 */
export async function createBackup(now = new Date()): Promise<Outcome<CreatedBackup>> {
  const folder = backupsFolder();
  privateDirectory(folder, { tightenExisting: true });
  const releaseLock = takeLock(folder);
  if (!releaseLock) return refuse("already_current", m.alreadyRunning);
  try {
    removePartialFiles(folder);
    const fileName = freeFileName(folder, `encaixa-${backupStamp(now)}`);
    const partial = path.join(folder, `.${fileName}${PARTIAL_SUFFIX}`);
    const final = path.join(folder, fileName);
    try {
      // Created 0600 before SQLite writes into it (its journal takes the same mode; ADR 0029).
      privateFile(partial);
      const problem = await copyAndCheck(db().$client.name, partial);
      if (problem) throw new Error(m.copyCorrupted(problem));
      await fsyncFile(partial);
      renameSync(partial, final);
    } finally {
      rmSync(partial, { force: true });
    }
    const row = db()
      .insert(backups)
      .values({ path: fileName, sizeBytes: statSync(final).size, createdAt: now })
      .returning()
      .get();
    const backup = toRecord(row, folder);
    const deleted = applyRetention(env().BACKUP_KEEP, backup.id);
    return accept({ backup, deleted });
  } finally {
    releaseLock();
  }
}

/** What a process killed mid-copy left; only called with the lock held. */
function removePartialFiles(folder: string) {
  for (const name of readdirSync(folder))
    if (name.endsWith(PARTIAL_SUFFIX)) rmSync(path.join(folder, name), { force: true });
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

// --- Restoring ----------------------------------------------------------------------------------

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
