/**
 * Files only this process's user may read: the database (and its -wal/-shm, which SQLite creates
 * with the database file's mode), the secrets in DATA_DIR and the backups are 0600, their folders
 * 0700 (ADR 0029). Set explicitly where each is created rather than by a process umask, so every
 * entry point (server, worker, scripts, tests) gets the same modes.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Takes group and other bits off a file or folder we own. Never touches a sticky folder (/tmp) or
 * one owned by someone else; a file system that refuses chmod is left as it is.
 */
export function tightenMode(target: string, mode: number): void {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return;
  }
  if ((stats.mode & 0o777 & ~mode) === 0) return;
  if (stats.mode & 0o1000) return;
  if (typeof process.getuid === "function" && stats.uid !== process.getuid()) return;
  try {
    chmodSync(target, stats.mode & 0o777 & mode);
  } catch {
    // Read-only or foreign file systems: nothing more we can do from here.
  }
}

/**
 * Creates `dir` (and any missing parents) as 0700. Folders that already exist keep their mode unless
 * `tightenExisting` (only for folders that are ours by definition: DATA_DIR, its backups).
 */
export function privateDirectory(dir: string, options: { tightenExisting?: boolean } = {}): void {
  if (existsSync(dir)) {
    if (options.tightenExisting) tightenMode(dir, PRIVATE_DIR_MODE);
    return;
  }
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Creates `file` empty as 0600 if it is missing, and tightens it if it was looser. */
export function privateFile(file: string): void {
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  tightenMode(file, PRIVATE_FILE_MODE);
}
