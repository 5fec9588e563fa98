import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Races between OS processes (each its own connection to the shared database): the test starts
 * one process per argument list, waits until every one stands at its start line, then lets them
 * all go at once. The barrier is a folder named in RACE_BARRIER: "ready-<pid>" files, then "go".
 */

const run = promisify(execFile);
const WORKER_TIMEOUT_MS = 60_000;

/** Runs `worker` (a file in tests/support) once per argument list, all released together; their stdout. */
export async function race(worker: string, runs: string[][]): Promise<string[]> {
  const barrier = mkdtempSync(path.join(tmpdir(), "encaixa-race-"));
  const tsx = path.resolve("node_modules/.bin/tsx");
  const script = path.resolve("tests/support", worker);
  let failed: unknown;
  const running = runs.map((args) =>
    run(tsx, ["--tsconfig", "tsconfig.json", script, ...args], {
      env: { ...process.env, RACE_BARRIER: barrier },
      timeout: WORKER_TIMEOUT_MS,
    }).catch((error: unknown) => {
      failed = error;
      throw error;
    }),
  );
  const deadline = Date.now() + WORKER_TIMEOUT_MS;
  while (readdirSync(barrier).filter((f) => f.startsWith("ready-")).length < runs.length) {
    // A process that died before its start line would leave the others spinning forever.
    if (failed || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  writeFileSync(path.join(barrier, "go"), "");
  return (await Promise.all(running)).map((result) => result.stdout);
}

/** In a worker: says it is ready, then spins until the test says go (no await: the same instant). */
export function atStartLine(): void {
  const barrier = process.env.RACE_BARRIER;
  if (!barrier) throw new Error("RACE_BARRIER is not set: start this worker with race()");
  writeFileSync(path.join(barrier, `ready-${process.pid}`), "");
  while (!existsSync(path.join(barrier, "go"))) {
    /* spin: every process must start at the same instant */
  }
}
