import { describe, expect, it } from "vitest";
import { requestStats } from "~db/schema";
import { serverErrorRate } from "~/models/dashboard/index.server";
import { db } from "~/utils/db.server";
import { countResponse, flushRequestCounts } from "./request-counter.server";

const NOW = new Date("2026-06-01T10:30:00Z");

describe("request counter", () => {
  it("the web process counts 5xx as server errors and writes its counts when flushed", () => {
    db().delete(requestStats).run();
    for (const status of [200, 304, 404, 403, 500, 503, 200]) countResponse(status, NOW);
    expect(serverErrorRate(NOW).requests).toBe(0);
    flushRequestCounts();
    flushRequestCounts();
    expect(serverErrorRate(NOW)).toEqual({ requests: 7, serverErrors: 2, percentage: 28.57 });
  });
});
