import { z } from "zod";
import * as messages from "~/messages";
import { jsonObject } from "../json-body";

/**
 * The import settings (the spec's names: concurrentPages, itemsPerBatch and the three skip flags),
 * one schema for the settings form, the start form and `POST /api/import/start {options}`.
 */

const m = messages.catalogueImport;

export const IMPORT_LIMITS = {
  concurrentPages: { min: 1, max: 20 },
  itemsPerBatch: { min: 1, max: 100 },
} as const;

export type CatalogueImportSettings = {
  concurrentPages: number;
  itemsPerBatch: number;
  skipExistingParts: boolean;
  skipExistingVehicles: boolean;
  skipExistingCompatibilities: boolean;
};

export const DEFAULT_IMPORT_SETTINGS: CatalogueImportSettings = {
  concurrentPages: 10,
  itemsPerBatch: 20,
  skipExistingParts: false,
  skipExistingVehicles: false,
  skipExistingCompatibilities: false,
};

/** The spec's throughput factor: each parallel page of each batch size is worth 30 items a minute. */
export const THROUGHPUT_ITEMS_PER_MINUTE = 30;

export function estimatedThroughput(settings: CatalogueImportSettings): number {
  return settings.concurrentPages * settings.itemsPerBatch * THROUGHPUT_ITEMS_PER_MINUTE;
}

export function skipModeOn(settings: CatalogueImportSettings): boolean {
  return (
    settings.skipExistingParts ||
    settings.skipExistingVehicles ||
    settings.skipExistingCompatibilities
  );
}

const wholeNumber = (limits: { min: number; max: number }, message: string, fallback: number) =>
  z
    .union([z.string(), z.number()], { error: message })
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || (typeof raw === "string" && raw.trim() === "")) return fallback;
      const value = typeof raw === "number" ? raw : /^\s*\d{1,6}\s*$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(value) || value < limits.min || value > limits.max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });

/** A checkbox ("on") in a form, a boolean in JSON; absent is false. */
const flag = z
  .union([z.boolean(), z.enum(["on", "true", "false"])], { error: m.invalidFlag })
  .optional()
  .transform((raw) => raw === true || raw === "on" || raw === "true");

export const importSettingsSchema = z.object({
  concurrentPages: wholeNumber(
    IMPORT_LIMITS.concurrentPages,
    m.invalidConcurrentPages,
    DEFAULT_IMPORT_SETTINGS.concurrentPages,
  ),
  itemsPerBatch: wholeNumber(
    IMPORT_LIMITS.itemsPerBatch,
    m.invalidItemsPerBatch,
    DEFAULT_IMPORT_SETTINGS.itemsPerBatch,
  ),
  skipExistingParts: flag,
  skipExistingVehicles: flag,
  skipExistingCompatibilities: flag,
}) satisfies z.ZodType<CatalogueImportSettings, unknown>;

/** `POST /api/import/start` takes `{ options: {...} }`; a missing `options` means the defaults. */
export const importStartBodySchema = z.preprocess(
  (body) => jsonObject(jsonObject(body).options),
  importSettingsSchema,
);

/** A yes/no flag of a query string: "true" or "1" is yes, anything else (or none) no. */
const queryFlag = z
  .string()
  .optional()
  .transform((raw) => raw === "true" || raw === "1");

/** POST /api/import/csv?dry_run=true: read the file and say what an import would do, writing nothing. */
export const csvUploadQuerySchema = z.object({ dry_run: queryFlag });
