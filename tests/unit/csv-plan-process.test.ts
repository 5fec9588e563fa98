import { describe, expect, it } from "vitest";
import { runWorker } from "../support/run-worker";

/**
 * Issue #24: "Apenas simular" runs in the web process (a 128 MB heap, ADR 0024), and the dry run
 * used to remember every part, vehicle and fitment it would create in memory — about 750 MB for
 * the bench's 170 MB file. Here a real process with half that heap dry-runs a valid file of
 * 100,000 rows (1,200,000 fitments to create: the old planner died of heap exhaustion at about
 * 1,000,000) and must answer its exact counts, with the event loop turning meanwhile and no
 * temporary file left behind (ADR 0030).
 */

const HEAP_MB = 64;
const PARTS = 5000;
const ROWS_PER_PART = 20;
const YEARS = 12;

describe(`a dry run of a large valid CSV in a process with a ${HEAP_MB} MB heap`, () => {
  it("answers the exact counts, keeps its heap bounded, yields, and leaves no file", async () => {
    const { code, stdout, stderr } = await runWorker("csv-plan-worker.ts", {
      nodeArgs: [`--max-old-space-size=${HEAP_MB}`, "--expose-gc"],
      args: [String(PARTS), String(ROWS_PER_PART), String(YEARS)],
    });
    expect(code, stderr.slice(-2000)).toBe(0);
    const result = JSON.parse(stdout.trim().split("\n").at(-1)!);
    // Every row is valid; each part has 20 rows, all in one batch; models are shared by parts.
    expect(result.plan).toEqual({
      ok: true,
      rows: PARTS * ROWS_PER_PART,
      bad: 0,
      counts: {
        createdParts: PARTS,
        updatedParts: 0,
        skippedParts: 0,
        createdVehicles: 2000 * YEARS,
        updatedVehicles: 0,
        skippedVehicles: 0,
        createdCompatibilities: PARTS * ROWS_PER_PART * YEARS,
        updatedCompatibilities: 0,
        skippedCompatibilities: 0,
        createdCategories: 50,
        createdAlternativeCodes: PARTS,
      },
    });
    // What it would create went to a temporary file, which is gone.
    expect(result.spillFiles).toEqual([expect.stringMatching(/^plano-[0-9a-f-]+\.sqlite$/)]);
    expect(result.leftInUploads).toEqual([]);
    expect(result.heapGrowthMb).toBeLessThan(40);
    // The event loop turned every 20 ms or so (about 10 ms measured on a quiet machine); the bound
    // leaves room for a machine busy with other work, and the average must stay under 100 ms.
    expect(result.longestWaitMs).toBeLessThan(500);
    expect(result.ticks).toBeGreaterThan(result.seconds * 10);
  }, 180_000);
});
