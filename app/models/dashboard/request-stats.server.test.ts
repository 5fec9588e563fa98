import { describe, expect, it } from "vitest";
import { requestStats } from "~db/schema";
import { db } from "~/utils/db.server";
import {
  addRequestCounts,
  hourKey,
  purgeOldRequestStats,
  serverErrorRate,
} from "./request-stats.server";

const NOW = new Date("2026-06-01T10:30:00Z");
const HOUR = 3_600_000;
const hoursAgo = (n: number) => hourKey(new Date(NOW.getTime() - n * HOUR));

describe("request stats", () => {
  it("keys hours in UTC", () => {
    expect(hourKey(NOW)).toBe("2026-06-01T10");
    expect(hourKey(new Date("2026-06-01T00:00:00Z"))).toBe("2026-06-01T00");
  });

  it("adds each process's counts to the hour's, and reads the last 24 hours only", () => {
    db().delete(requestStats).run();
    addRequestCounts(new Map([[hoursAgo(0), { requests: 10, serverErrors: 1 }]]));
    addRequestCounts(
      new Map([
        [hoursAgo(0), { requests: 30, serverErrors: 0 }],
        [hoursAgo(23), { requests: 60, serverErrors: 3 }],
        [hoursAgo(24), { requests: 900, serverErrors: 900 }],
      ]),
    );
    expect(db().select().from(requestStats).all()).toHaveLength(3);
    expect(serverErrorRate(NOW)).toEqual({ requests: 100, serverErrors: 4, percentage: 4 });
  });

  it("a quiet day has a 0% error rate, not a division by zero", () => {
    db().delete(requestStats).run();
    expect(serverErrorRate(NOW)).toEqual({ requests: 0, serverErrors: 0, percentage: 0 });
  });

  it("forgets hours older than 90 days", () => {
    db().delete(requestStats).run();
    addRequestCounts(
      new Map([
        [hoursAgo(91 * 24), { requests: 1, serverErrors: 0 }],
        [hoursAgo(89 * 24), { requests: 2, serverErrors: 0 }],
      ]),
    );
    expect(purgeOldRequestStats(NOW)).toBe(1);
    expect(db().select({ requests: requestStats.requests }).from(requestStats).all()).toEqual([
      { requests: 2 },
    ]);
  });
});
