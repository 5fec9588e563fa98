import type { ActionFunctionArgs } from "@remix-run/node";
import { MaxPartSizeExceededError } from "@remix-run/node";
import { importStatusView } from "~/api/views/imports";
import { startCatalogueImport } from "~/jobs/catalogue-import.server";
import {
  csvUploadDirectory,
  planCsvFile,
  removeCsvFile,
} from "~/models/catalogue-import/csv-source.server";
import { DEFAULT_IMPORT_SETTINGS } from "~/schemas/catalogue-import";
import { fail, methodNotAllowed, ok } from "~/server/api.server";
import { isUploadedFile, readForm, uploadedFileName } from "~/server/forms.server";
import { requireApiAccess } from "~/server/guard.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import { env } from "~/utils/env.server";
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
  if (request.method !== "POST") return methodNotAllowed();
  const limitMb = env().IMPORT_CSV_MAX_MB;
  let form: FormData;
  try {
    form = await readForm(request, {
      maxPartSize: limitMb * 1024 * 1024,
      uploadDirectory: csvUploadDirectory(),
    });
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return fail(m.csvTooLarge(limitMb), 413);
    if (error instanceof Response) return fail(await error.text(), error.status);
    throw error;
  }
  const file = form.get("file");
  if (!isUploadedFile(file) || file.size === 0) {
    if (isUploadedFile(file)) await removeCsvFile(file.getFilePath());
    return fail(m.csvMissingFile, 400);
  }
  const dryRun = ["true", "1"].includes(new URL(request.url).searchParams.get("dry_run") ?? "");
  if (dryRun) {
    const report = await planCsvFile(file.getFilePath()).finally(() =>
      removeCsvFile(file.getFilePath()),
    );
    if (!report.ok) return apiRefusal(report);
    const { rows, badRowCount, badRows, counts } = report.value;
    return ok({
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
    });
  }
  const started = await startCatalogueImport(
    {
      settings: DEFAULT_IMPORT_SETTINGS,
      source: { kind: "csv", file: file.getFilePath(), fileName: uploadedFileName(file) },
    },
    user.id,
  ).catch((error: unknown) => {
    console.error("Importação CSV: falha ao iniciar:", error);
    return null;
  });
  if (!started?.ok) await removeCsvFile(file.getFilePath());
  if (!started) return fail(m.startFailed, 503);
  if (!started.ok) return apiRefusal(started);
  const { job } = started.value;
  return ok({ job_id: job.id, job: importStatusView(job, []) }, m.started, 202);
}

export const loader = () => methodNotAllowed();
