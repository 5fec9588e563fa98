import { spawn } from "node:child_process";
import path from "node:path";

export type WebProcess = {
  /** Where it serves, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  /** Ends the process (SIGTERM, as the cluster's primary does) and waits for it. */
  stop: () => Promise<void>;
};

// Loading the whole app through tsx takes ~15 s on an idle machine, minutes on a busy one.
const START_TIMEOUT_MS = 240_000;

/**
 * A web process of its own (an OS process, its own connection to the test file's database): the
 * app served as server.mjs serves it — express, the security headers, compression, the origin
 * check and `createEdgeHandler` — over the server build of the real route manifest, on a free
 * port. DATABASE_PATH, DATA_DIR and SESSION_SECRET are the test file's (tests/setup/per-worker.ts);
 * jobs run inline. For what only holds across processes: limits, revocations, races.
 */
export function startWebProcess(env: Record<string, string> = {}): Promise<WebProcess> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--import",
      path.resolve("tests/support/web-process-assets.mjs"),
      path.resolve("tests/support/web-process-main.ts"),
    ],
    {
      env: { ...process.env, REDIS_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`web process did not start in time\n${stderr}`));
    }, START_TIMEOUT_MS);
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const port = /listening (\d+)/.exec(stdout)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({ url: `http://127.0.0.1:${port}`, stop });
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`web process ended before serving (${signal ?? code})\n${stderr}`));
    });
  });
}
