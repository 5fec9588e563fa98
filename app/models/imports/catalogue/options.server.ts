import type { ImportJob } from "../jobs.server";
import {
  DEFAULT_IMPORT_SETTINGS,
  type CatalogueImportSettings,
} from "~/schemas/imports/catalogue-import";

export const CATALOGUE_IMPORT_KIND = "catalogue";

export {
  /** @internal The tests build their settings from it; the app reads it from the schema. */
  DEFAULT_IMPORT_SETTINGS,
  type CatalogueImportSettings,
} from "~/schemas/imports/catalogue-import";

/** Where the items come from: the catalogue source API, or a CSV file an admin sent. */
export type CatalogueImportSource =
  { kind: "api" } | { kind: "csv"; file: string; fileName: string };

export type CatalogueImportOptions = {
  settings: CatalogueImportSettings;
  source: CatalogueImportSource;
};

/** Rows of a CSV file written per batch: the file has no pages, and small batches only cost commits. */
export const CSV_ROWS_PER_BATCH = 1000;

export function catalogueImportOptions(job: Pick<ImportJob, "options">): CatalogueImportOptions {
  const raw = job.options as Partial<CatalogueImportOptions>;
  const settings: CatalogueImportSettings = { ...DEFAULT_IMPORT_SETTINGS, ...(raw.settings ?? {}) };
  const source: CatalogueImportSource = raw.source?.kind === "csv" ? raw.source : { kind: "api" };
  return { settings, source };
}
