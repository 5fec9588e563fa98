import { describe, expect, it } from "vitest";
import { runWorker } from "../support/run-worker";

/**
 * The attack of issue #24: a 2 MB CSV of a million columns used to exhaust the heap of the web
 * process (dry run) and of the job process (import, then each automatic resume and "Reiniciar").
 * Here a real process with a smaller heap than production's meets it on every path and stays up,
 * answering in pt-BR (ADR 0030).
 */

const HEAP_MB = 96;
const MESSAGE = "Linha 1: o arquivo tem 1.000.000 colunas; o formato tem 17.";

describe(`a million-column CSV in a process with a ${HEAP_MB} MB heap`, () => {
  it("is refused on every path, in pt-BR, and the process stays up", async () => {
    const { code, stdout, stderr } = await runWorker("csv-bounds-worker.ts", {
      nodeArgs: [`--max-old-space-size=${HEAP_MB}`],
    });
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
