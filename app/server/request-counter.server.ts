import { addRequestCounts, type HourCounts, hourKey } from "~/models/dashboard/index.server";
import * as messages from "~/messages";

/**
 * Counts the answers this process gives, per hour, and adds them to the database once a minute
 * (and when asked, before the dashboard reads them): one write a minute, not one per request.
 */
const FLUSH_EVERY_MS = 60_000;

let pending = new Map<string, HourCounts>();
let timer: NodeJS.Timeout | undefined;

export function countResponse(status: number, at = new Date()): void {
  const hour = hourKey(at);
  const counts = pending.get(hour) ?? { requests: 0, serverErrors: 0 };
  counts.requests += 1;
  if (status >= 500) counts.serverErrors += 1;
  pending.set(hour, counts);
  if (!timer) {
    timer = setInterval(flushRequestCounts, FLUSH_EVERY_MS);
    timer.unref();
  }
}

/** Writes what was counted since the last flush; on failure keeps it for the next one. */
export function flushRequestCounts(): void {
  if (pending.size === 0) return;
  const counted = pending;
  pending = new Map();
  try {
    addRequestCounts(counted);
  } catch (error) {
    for (const [hour, counts] of counted) {
      const later = pending.get(hour);
      pending.set(
        hour,
        later
          ? {
              requests: later.requests + counts.requests,
              serverErrors: later.serverErrors + counts.serverErrors,
            }
          : counts,
      );
    }
    console.error(messages.dashboard.health.logRequestCountsFailed, error);
  }
}
