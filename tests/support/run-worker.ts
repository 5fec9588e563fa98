import { spawn } from "node:child_process";
import path from "node:path";

export type WorkerRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs a TypeScript worker of tests/support in its own Node process (through tsx, jobs inline),
 * with `nodeArgs` such as a heap limit, and gives back its exit code and output.
 */
export function runWorker(
  worker: string,
  { nodeArgs = [], args = [] }: { nodeArgs?: string[]; args?: string[] } = {},
): Promise<WorkerRun> {
  const script = path.resolve("tests/support", worker);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script, ...args], {
    env: { ...process.env, REDIS_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}
