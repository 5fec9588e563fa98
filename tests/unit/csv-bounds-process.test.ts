import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The attack of issue #24: a 2 MB CSV of a million columns used to exhaust the heap of the web
 * process (dry run) and of the job process (import, then each automatic resume and "Reiniciar").
 * Here a real process with a smaller heap than production's meets it on every path and stays up,
 * answering in pt-BR (ADR 0030).
 */

const HEAP_MB = 96;
const MESSAGE = "Linha 1: o arquivo tem 1.000.000 colunas; o formato tem 14.";

function runWorker(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = path.resolve("tests/support/csv-bounds-worker.ts");
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, "--import", "tsx", script],
    { env: { ...process.env, REDIS_URL: "" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

describe(`a million-column CSV in a process with a ${HEAP_MB} MB heap`, () => {
  it("is refused on every path, in pt-BR, and the process stays up", async () => {
    const { code, stdout, stderr } = await runWorker();
    expect(code, stderr.slice(-2000)).toBe(0);
    const result = JSON.parse(stdout.trim().split("\n").at(-1)!);
    expect(result.plan).toEqual({ ok: false, reason: "unreadable", message: MESSAGE });
    expect(result.route).toEqual({
      status: 400,
      body: expect.objectContaining({ success: false, message: MESSAGE }),
    });
    for (const run of [result.job, result.afterResume, result.afterRestart]) {
      expect(run.status).toBe("error");
      expect(run.log).toBe(`Importação interrompida por erro: ${MESSAGE}`);
    }
  }, 90_000);
});
