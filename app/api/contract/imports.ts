import { z } from "zod";
import {
  clearedCatalogueViewSchema,
  csvDryRunViewSchema,
  fipeBrandViewSchema,
  fipeImportDoneViewSchema,
  fipeImportStartedViewSchema,
  importJobViewSchema,
  importStatusViewSchema,
} from "~/api/views/imports";
import { csvUploadQuerySchema, importStartBodySchema } from "~/schemas/imports/catalogue-import";
import {
  fipeImportApiSchema,
  fipeImportQuerySchema,
  fipeTypeQuerySchema,
} from "~/schemas/imports/fipe-import";
import * as messages from "~/messages";
import { pathIdSchema, sample } from "./catalogue-shared";
import { endpoint, type Endpoint } from "./endpoint";
import { sampleCsvBadRow, sampleFipeDoneMessage, sampleImport } from "./examples/sample-data";

/** The imports' /api operations (app/routes/imports/api.*.ts; the catalogue's CSV export aside). */

const t = messages.contractAccounts;
const i = t.imports;
const ADMIN = ["admin"] as const;
const IMPORT_COMMANDS = ["pause", "resume", "cancel", "restart"] as const;

const startedJob = sample({ job_id: 58, job: sampleImport }, messages.catalogueImport.started);

const csvFile = z.object({
  file: z.string().meta({ format: "binary", description: i.csvFile }),
});

export const importsEndpoints: readonly Endpoint[] = [
  endpoint({
    method: "post",
    path: "/api/import/csv",
    summary: i.csv,
    description: i.csvDescription,
    tag: t.tags.imports,
    access: ADMIN,
    query: csvUploadQuerySchema,
    multipart: csvFile,
    answers: {
      200: {
        description: i.csvDryRun,
        data: csvDryRunViewSchema,
        example: sample({
          dry_run: true,
          rows: 3,
          bad_row_count: 1,
          bad_rows: [sampleCsvBadRow],
          to_create: {
            parts: 1,
            vehicles: 1,
            compatibilities: 2,
            categories: 0,
            alternative_codes: 1,
          },
          to_update: { parts: 1, vehicles: 0, compatibilities: 0 },
          to_skip: { parts: 0, vehicles: 1, compatibilities: 0 },
        }),
      },
      202: { description: i.csvStarted, data: importJobViewSchema, example: startedJob },
      409: { description: i.busy },
      503: { description: i.unavailable },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/import/start",
    summary: i.start,
    description: i.startDescription,
    tag: t.tags.imports,
    access: ADMIN,
    body: importStartBodySchema,
    bodyExample: { options: { concurrentPages: 2, itemsPerBatch: 100, skipExistingParts: true } },
    answers: {
      202: { description: i.started, data: importJobViewSchema, example: startedJob },
      409: { description: i.busy },
      503: { description: i.unavailable },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/import/{command}/{id}",
    summary: i.command,
    description: i.commandDescription,
    tag: t.tags.imports,
    access: ADMIN,
    params: z.object({ command: z.enum(IMPORT_COMMANDS), id: pathIdSchema }),
    answers: {
      200: {
        description: i.commanded,
        data: importJobViewSchema,
        example: sample(
          { job_id: 58, job: { ...sampleImport, status: "paused", estimated_completion: null } },
          messages.catalogueImport.paused,
        ),
      },
      404: { description: i.notFound },
      409: { description: i.notAllowed },
      503: { description: i.unavailable },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/import/status/{id}",
    summary: i.status,
    description: i.statusDescription,
    tag: t.tags.imports,
    access: ADMIN,
    params: z.object({ id: pathIdSchema }),
    answers: {
      200: {
        description: i.statusFound,
        data: importStatusViewSchema,
        example: sample(sampleImport),
      },
      404: { description: i.notFound },
    },
  }),
  endpoint({
    method: "delete",
    path: "/api/import/clear-all",
    summary: i.clear,
    description: i.clearDescription,
    tag: t.tags.imports,
    access: ADMIN,
    answers: {
      200: {
        description: i.cleared,
        data: clearedCatalogueViewSchema,
        example: sample(
          { parts: 4200, vehicles: 1800, compatibilities: 52000 },
          messages.catalogueImport.cleared(4200, 1800, 52000),
        ),
      },
      409: { description: i.busy },
      503: { description: i.unavailable },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/vehicles/fipe/brands",
    summary: i.fipeBrands,
    tag: t.tags.imports,
    access: ADMIN,
    query: fipeTypeQuerySchema,
    answers: {
      200: {
        description: i.fipeBrandsFound,
        data: z.array(fipeBrandViewSchema),
        example: sample([
          { codigo: "59", nome: "VW - VolksWagen" },
          { codigo: "21", nome: "Fiat" },
        ]),
      },
      502: { description: i.fipeFailed },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/vehicles/import/fipe",
    summary: i.fipe,
    description: i.fipeDescription,
    tag: t.tags.imports,
    access: ADMIN,
    query: fipeImportQuerySchema,
    body: fipeImportApiSchema,
    bodyExample: { type: "carros", brand_code: "59" },
    answers: {
      200: {
        description: i.fipeDone,
        data: fipeImportDoneViewSchema,
        extra: z.object({ created: z.int(), brands: z.int() }),
        example: {
          success: true,
          created: 312,
          brands: 1,
          data: {
            job_id: "fipe-import-7",
            import_id: 7,
            already_running: false,
            created: 312,
            brands: 1,
            skipped: 0,
            errors: 0,
            status: "completed",
          },
          message: sampleFipeDoneMessage,
        },
      },
      202: {
        description: i.fipeStarted,
        data: fipeImportStartedViewSchema,
        example: sample(
          { job_id: "fipe-import-7", import_id: 7, already_running: false, status: "running" },
          messages.fipe.started,
        ),
      },
      502: { description: i.fipeError },
      503: { description: i.unavailable },
    },
  }),
];
