import { importStatusView } from "~/api/views/imports";
import { catalogueImportStatus } from "~/jobs/catalogue-import.server";
import { latestCatalogueImport } from "~/models/imports/index.server";
import {
  importSuggestions,
  remainingTime,
  SUGGESTIONS_AFTER_ITEMS,
} from "~/models/imports/catalogue/suggestions";
import {
  estimatedThroughput,
  skipModeOn,
  type CatalogueImportSettings,
} from "~/schemas/imports/catalogue-import";
import { formatDateTime } from "~/utils/format";
import * as messages from "~/messages";

const m = messages.catalogueImport;

export type ImportPageStatus = ReturnType<typeof importPageStatus>;

/** The latest catalogue import as the page shows it: the API's figures plus the page's words. */
export function importPageStatus(jobId?: number) {
  const id = jobId ?? latestCatalogueImport()?.id;
  const status = id === undefined ? undefined : catalogueImportStatus(id);
  if (!status) return null;
  const { job, logs, interrupted, options } = status;
  const view = importStatusView(job, logs, new Date(), { interrupted });
  const percent = (done: number, total: number) =>
    total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const running = job.status === "running" && !interrupted;
  const remaining = running
    ? remainingTime(job.totalItems, job.processedItems, view.items_per_minute)
    : null;
  const durationMs =
    (job.completedAt?.getTime() ?? Date.now()) - (job.startedAt?.getTime() ?? Date.now());
  const skipped = job.skippedParts + job.skippedVehicles + job.skippedCompatibilities;
  return {
    view,
    id: job.id,
    status: interrupted ? ("interrupted" as const) : job.status,
    running,
    polling: job.status === "running" || job.status === "paused",
    source: options.source.kind === "csv" ? m.sourceCsv(options.source.fileName) : m.sourceApi,
    itemsPercent: percent(job.processedItems, job.totalItems),
    pagesPercent: percent(job.currentPage, job.totalPages),
    duration: m.duration(Math.max(0, Math.round(durationMs / 1000))),
    remaining: remaining ? m.remaining(remaining.hours, remaining.minutes) : null,
    lastActivity: job.lastActivityAt ? formatDateTime(job.lastActivityAt) : null,
    suggestions:
      job.processedItems > SUGGESTIONS_AFTER_ITEMS
        ? importSuggestions({
            running,
            processedItems: job.processedItems,
            itemsPerMinute: view.items_per_minute,
            skipped,
            errorCount: job.errorCount,
          })
        : null,
  };
}

export function settingsSummary(settings: CatalogueImportSettings) {
  return {
    estimate: m.throughputEstimate(estimatedThroughput(settings)),
    skipMode: skipModeOn(settings) ? m.skipModeOn : m.skipModeOff,
  };
}
