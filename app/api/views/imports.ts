import type { ImportJob } from "~/models/imports/index.server";
import { LOCALE, TIME_ZONE } from "~/utils/format";

type ImportLogRow = { message: string; createdAt: Date };

const logTime = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, timeStyle: "medium" });

/** The spec's "Import status": counters, timing and the log as text lines ("[hh:mm:ss] ..."). */
export function importStatusView(
  job: ImportJob,
  logs: ImportLogRow[],
  now: Date = new Date(),
  extra: { interrupted?: boolean } = {},
) {
  const started = job.startedAt?.getTime();
  const end = job.completedAt?.getTime() ?? now.getTime();
  const minutes = started ? Math.max((end - started) / 60_000, 1 / 60) : 0;
  const itemsPerMinute = minutes > 0 ? Math.round(job.processedItems / minutes) : 0;
  const running = job.status === "running";
  const remainingItems = Math.max(job.totalItems - job.processedItems, 0);
  return {
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    processed_items: job.processedItems,
    total_items: job.totalItems,
    current_page: job.currentPage,
    total_pages: job.totalPages,
    created_parts: job.createdParts,
    created_vehicles: job.createdVehicles,
    created_compatibilities: job.createdCompatibilities,
    skipped_parts: job.skippedParts,
    skipped_vehicles: job.skippedVehicles,
    skipped_compatibilities: job.skippedCompatibilities,
    updated_parts: job.updatedParts,
    updated_vehicles: job.updatedVehicles,
    updated_compatibilities: job.updatedCompatibilities,
    interrupted: extra.interrupted ?? false,
    items_per_minute: itemsPerMinute,
    error_count: job.errorCount,
    started_at: job.startedAt?.toISOString() ?? null,
    completed_at: job.completedAt?.toISOString() ?? null,
    estimated_completion:
      running && itemsPerMinute > 0 && remainingItems > 0
        ? new Date(now.getTime() + (remainingItems / itemsPerMinute) * 60_000).toISOString()
        : null,
    last_activity: job.lastActivityAt?.toISOString() ?? null,
    logs: logs.map((line) => `[${logTime.format(line.createdAt)}] ${line.message}`),
  };
}
