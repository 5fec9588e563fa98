/**
 * Making a backup: a consistent copy of the live database in the backups folder, one at a time
 * across every process on the machine (ADR 0022).
 */
import {
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { backups } from "~db/schema";
import * as messages from "~/messages";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { PRIVATE_FILE_MODE, privateDirectory, privateFile } from "~/utils/private-files.server";
import { accept, refuse, type Outcome } from "../outcome";
import {
  applyRetention,
  backupsFolder,
  backupStamp,
  freeFileName,
  toRecord,
  type BackupRecord,
} from "./backup-records.server";
import { copyAndCheck, fsyncFile } from "./sealed-copy.server";

const m = messages.backups;

/** Beside the backups while being written; never matches BACKUP_FILE, so never listed. */
const PARTIAL_SUFFIX = ".partial";
const LOCK_FILE = ".backup.lock";
/** A lock older than this is from a process that died without removing it. */
const STALE_LOCK_MS = 6 * 60 * 60_000;

type LockHolder = { pid: number; host: string; startedAt: number };

function lockHolder(folder = backupsFolder()): LockHolder | null {
  try {
    return JSON.parse(readFileSync(path.join(folder, LOCK_FILE), "utf8")) as LockHolder;
  } catch {
    return null;
  }
}

/** A backup is being made right now (by this or another process). */
export function backupRunning(folder = backupsFolder()): boolean {
  return lockHolder(folder) !== null;
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
