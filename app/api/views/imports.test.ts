import { describe, expect, it } from "vitest";
import type { importJobs } from "~db/schema";
import { importStatusView } from "./imports";

type Job = typeof importJobs.$inferSelect;

const start = new Date("2024-05-10T13:00:00.000Z");

function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 3,
    kind: "fipe",
    status: "running",
    options: {},
    processedItems: 0,
    totalItems: 0,
    currentPage: 0,
    totalPages: 0,
    createdParts: 0,
    createdVehicles: 0,
    createdCompatibilities: 0,
    skippedParts: 0,
    skippedVehicles: 0,
    skippedCompatibilities: 0,
    updatedParts: 0,
    updatedVehicles: 0,
    updatedCompatibilities: 0,
    runId: null,
    errorCount: 0,
    startedById: null,
    startedAt: null,
    completedAt: null,
    lastActivityAt: null,
    createdAt: start,
    updatedAt: start,
    ...overrides,
  };
}

describe("importStatusView", () => {
  it("estimates the completion of a running import from its pace", () => {
    const now = new Date(start.getTime() + 10 * 60_000);
    const view = importStatusView(
      job({ startedAt: start, processedItems: 200, totalItems: 500 }),
      [],
      now,
    );
    expect(view.items_per_minute).toBe(20);
    // 300 items left at 20 a minute: 15 minutes from now.
    expect(view.estimated_completion).toBe("2024-05-10T13:25:00.000Z");
    expect(view.started_at).toBe("2024-05-10T13:00:00.000Z");
    expect(view.completed_at).toBeNull();
  });

  it("measures a finished import up to its end and estimates nothing", () => {
    const view = importStatusView(
      job({
        status: "completed",
        startedAt: start,
        completedAt: new Date(start.getTime() + 4 * 60_000),
        processedItems: 100,
        totalItems: 100,
      }),
      [],
      new Date(start.getTime() + 60 * 60_000),
    );
    expect(view.items_per_minute).toBe(25);
    expect(view.estimated_completion).toBeNull();
  });

  it("has no pace before it starts", () => {
    const view = importStatusView(job({ status: "idle", totalItems: 50 }), [], start);
    expect(view.items_per_minute).toBe(0);
    expect(view.estimated_completion).toBeNull();
    expect(view.last_activity).toBeNull();
  });

  it("writes the log lines with the São Paulo time", () => {
    const view = importStatusView(job(), [
      { message: "Marca Fiat importada", createdAt: new Date("2024-05-10T13:04:05.000Z") },
    ]);
    expect(view.logs).toEqual(["[10:04:05] Marca Fiat importada"]);
  });
});
