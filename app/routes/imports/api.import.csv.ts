import type { ActionFunctionArgs } from "@remix-run/node";
import { importStatusView, type CsvDryRunView, type ImportJobView } from "~/api/views/imports";
import { csvUploadQuerySchema } from "~/schemas/imports/catalogue-import";
import { queryParams } from "~/schemas/search/api-search";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRefusal, apiRefusalOf } from "~/server/refusal.server";
import { handleCsvUpload, readCsvUploadForm } from "~/server/imports/csv-upload.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.catalogueImport;

/**
 * POST /api/import/csv (multipart, field `file`) — `?dry_run=true` reads the whole file and
 * answers what an import would create, update and skip, and every bad row by its line, writing
 * nothing; otherwise the file is imported in the background (202 with the import's job_id).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  let read: Awaited<ReturnType<typeof readCsvUploadForm>>;
  try {
    read = await readCsvUploadForm(request);
  } catch (error) {
    if (error instanceof Response) return apiRefusalOf(error);
    throw error;
  }
  if (!read.ok) return apiRefusal(read.refusal);
  const dryRun = csvUploadQuerySchema.parse(queryParams(request)).dry_run;
  const outcome = await handleCsvUpload(read.form, dryRun, user.id);
  if (outcome.kind === "refused") return apiRefusal(outcome.refusal);
  if (outcome.kind === "started")
    return ok(
      { job_id: outcome.job.id, job: importStatusView(outcome.job, []) } satisfies ImportJobView,
      m.started,
      202,
    );
  const { rows, badRowCount, badRows, counts } = outcome.report;
  const data: CsvDryRunView = {
    dry_run: true,
    rows,
    bad_row_count: badRowCount,
    bad_rows: badRows,
    to_create: {
      parts: counts.createdParts,
      vehicles: counts.createdVehicles,
      compatibilities: counts.createdCompatibilities,
      categories: counts.createdCategories,
      alternative_codes: counts.createdAlternativeCodes,
    },
    to_update: {
      parts: counts.updatedParts,
      vehicles: counts.updatedVehicles,
      compatibilities: counts.updatedCompatibilities,
    },
    to_skip: {
      parts: counts.skippedParts,
      vehicles: counts.skippedVehicles,
      compatibilities: counts.skippedCompatibilities,
    },
  };
  return ok(data);
}

export const loader = () => methodNotAllowed();
