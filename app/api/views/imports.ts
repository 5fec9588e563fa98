import { z } from "zod";
import type { ImportJob } from "~/models/imports/index.server";
import { LOCALE, TIME_ZONE } from "~/utils/format";
import type { IMPORT_STATUSES as DB_IMPORT_STATUSES } from "~db/schema";

export const IMPORT_STATUSES = [
  "idle",
  "running",
  "paused",
  "completed",
  "error",
  "cancelled",
] as const satisfies typeof DB_IMPORT_STATUSES;

type ImportLogRow = { message: string; createdAt: Date };

const logTime = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, timeStyle: "medium" });

const isoOrNull = z.iso.datetime().nullable();

export const importStatusViewSchema = z.object({
  job_id: z.int(),
  /** "fipe" or "catalogue". */
  kind: z.string(),
  status: z.enum(IMPORT_STATUSES),
  processed_items: z.int(),
  total_items: z.int(),
  current_page: z.int(),
  total_pages: z.int(),
  created_parts: z.int(),
  created_vehicles: z.int(),
  created_compatibilities: z.int(),
  skipped_parts: z.int(),
  skipped_vehicles: z.int(),
  skipped_compatibilities: z.int(),
  updated_parts: z.int(),
  updated_vehicles: z.int(),
  updated_compatibilities: z.int(),
  /** A catalogue import whose worker stopped without ending it. */
  interrupted: z.boolean(),
  items_per_minute: z.int(),
  error_count: z.int(),
  started_at: isoOrNull,
  completed_at: isoOrNull,
  estimated_completion: isoOrNull,
  last_activity: isoOrNull,
  /** "[hh:mm:ss] mensagem", São Paulo time. */
  logs: z.array(z.string()),
});
export type ImportStatusView = z.infer<typeof importStatusViewSchema>;

/** The spec's "Import status": counters, timing and the log as text lines ("[hh:mm:ss] ..."). */
export function importStatusView(
  job: ImportJob,
  logs: ImportLogRow[],
  now: Date = new Date(),
  extra: { interrupted?: boolean } = {},
): ImportStatusView {
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

/** An import started or controlled: its id twice (the spec's clients read `job_id`) and its status. */
export const importJobViewSchema = z.object({ job_id: z.int(), job: importStatusViewSchema });
export type ImportJobView = z.infer<typeof importJobViewSchema>;

const csvCounts = { parts: z.int(), vehicles: z.int(), compatibilities: z.int() };

/** POST /api/import/csv?dry_run=true: what an import of the file would do, and its bad rows. */
export const csvDryRunViewSchema = z.object({
  dry_run: z.literal(true),
  rows: z.int(),
  bad_row_count: z.int(),
  bad_rows: z.array(z.object({ line: z.int(), message: z.string() })),
  to_create: z.object({
    ...csvCounts,
    categories: z.int(),
    alternative_codes: z.int(),
  }),
  to_update: z.object(csvCounts),
  to_skip: z.object(csvCounts),
});
export type CsvDryRunView = z.infer<typeof csvDryRunViewSchema>;

/** DELETE /api/import/clear-all: what was removed. */
export const clearedCatalogueViewSchema = z.object(csvCounts);

/** GET /api/vehicles/fipe/brands: FIPE's brands as FIPE names them. */
export const fipeBrandViewSchema = z.object({ codigo: z.string(), nome: z.string() });

const fipeIds = {
  job_id: z.string(),
  import_id: z.int(),
  already_running: z.boolean(),
};

/** POST /api/vehicles/import/fipe: the import started (or the one already running). */
export const fipeImportStartedViewSchema = z.object({
  ...fipeIds,
  status: z.enum(IMPORT_STATUSES),
});

/** POST /api/vehicles/import/fipe?wait=true, once the import ends. */
export const fipeImportDoneViewSchema = z.object({
  ...fipeIds,
  created: z.int(),
  brands: z.int(),
  skipped: z.int(),
  errors: z.int(),
  status: z.literal("completed"),
});
