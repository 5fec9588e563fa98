/** A copy of a database checked page by page and left as one self-contained file, off the event loop. */
import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

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
export function copyAndCheck(source: string | null, file: string): Promise<string | null> {
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
export async function fsyncFile(file: string) {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
