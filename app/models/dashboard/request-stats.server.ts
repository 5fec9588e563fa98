import { gte, lt, sql } from "drizzle-orm";
import { requestStats } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";

/** What one process counted in one UTC hour. */
export type HourCounts = { requests: number; serverErrors: number };

const HOUR_MS = 3_600_000;
/** How long the hourly counts are kept. */
const KEEP_DAYS = 90;

/** The UTC hour an instant falls in, as request_stats keys it: "2026-11-24T13". */
export function hourKey(at: Date): string {
  return at.toISOString().slice(0, 13);
}

/** Adds a process's counts to the shared ones, every hour in one transaction. */
export function addRequestCounts(counts: ReadonlyMap<string, HourCounts>): void {
  if (counts.size === 0) return;
  const database = db();
  immediateTransaction(database, () => {
    for (const [hour, { requests, serverErrors }] of counts)
      database
        .insert(requestStats)
        .values({ hour, requests, serverErrors })
        .onConflictDoUpdate({
          target: requestStats.hour,
          set: {
            requests: sql`${requestStats.requests} + ${requests}`,
            serverErrors: sql`${requestStats.serverErrors} + ${serverErrors}`,
          },
        })
        .run();
  });
}

export type ErrorRate = { requests: number; serverErrors: number; percentage: number };

/** Server errors among the answers of the last 24 hours (the current hour and the 23 before it). */
export function serverErrorRate(now = new Date()): ErrorRate {
  const since = hourKey(new Date(now.getTime() - 23 * HOUR_MS));
  const row = db()
    .select({
      requests: sql<number>`coalesce(sum(${requestStats.requests}), 0)`.mapWith(Number),
      serverErrors: sql<number>`coalesce(sum(${requestStats.serverErrors}), 0)`.mapWith(Number),
    })
    .from(requestStats)
    .where(gte(requestStats.hour, since))
    .get()!;
  const percentage =
    row.requests > 0 ? Math.round((row.serverErrors / row.requests) * 10_000) / 100 : 0;
  return { ...row, percentage };
}

/** Forgets hours older than the dashboard ever reads (and then some). */
export function purgeOldRequestStats(now = new Date()): number {
  const before = hourKey(new Date(now.getTime() - KEEP_DAYS * 24 * HOUR_MS));
  return db().delete(requestStats).where(lt(requestStats.hour, before)).run().changes;
}
