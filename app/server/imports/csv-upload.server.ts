import { MaxPartSizeExceededError } from "@remix-run/node";
import { startCatalogueImport } from "~/jobs/catalogue-import.server";
import {
  checkCsvHeader,
  type CsvPlanReport,
  csvUploadDirectory,
  type ImportJob,
  planCsvFile,
  removeCsvFile,
} from "~/models/imports/index.server";
import { DEFAULT_IMPORT_SETTINGS } from "~/schemas/imports/catalogue-import";
import { env } from "~/utils/env.server";
import * as messages from "~/messages";
import { isUploadedFile, readForm, uploadedFileName } from "../forms.server";
import { edgeRefusal, type EdgeRefusal } from "../refusal.server";

/**
 * A catalogue CSV sent to /admin/import or POST /api/import/csv: streamed to the uploads folder
 * (at most IMPORT_CSV_MAX_MB), then either planned (dry run, the file deleted after) or started
 * as a background import. Whatever is refused leaves no file behind.
 */

const m = messages.catalogueImport;

export type CsvUploadOutcome =
  | { kind: "refused"; refusal: EdgeRefusal }
  | { kind: "planned"; report: CsvPlanReport }
  | { kind: "started"; job: ImportJob };

/** A refusal as the upload answers it: its reason and message (the field is the file's, not named). */
const refused = ({ reason, message }: EdgeRefusal): CsvUploadOutcome => ({
  kind: "refused",
  refusal: edgeRefusal(reason, message),
});

/** The form of a request that may carry a CSV file; a file over the limit is a 413 in pt-BR. */
export async function readCsvUploadForm(
  request: Request,
): Promise<{ ok: true; form: FormData } | { ok: false; refusal: EdgeRefusal }> {
  const limitMb = env().IMPORT_CSV_MAX_MB;
  try {
    const form = await readForm(request, {
      maxPartSize: limitMb * 1024 * 1024,
      uploadDirectory: csvUploadDirectory(),
      // Only the `file` part is written; any other file part is read past.
      fileField: "file",
    });
    return { ok: true, form };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return { ok: false, refusal: edgeRefusal("too_large", m.csvTooLarge(limitMb)) };
    throw error;
  }
}

/** Deletes the files a form read with `readCsvUploadForm` wrote: for a post that will not use them. */
export async function discardCsvUploads(form: FormData): Promise<void> {
  const files = [...form.values()].filter(isUploadedFile);
  await Promise.all(files.map((file) => removeCsvFile(file.getFilePath())));
}

export async function handleCsvUpload(
  form: FormData,
  dryRun: boolean,
  actorId: number,
): Promise<CsvUploadOutcome> {
  let outcome: CsvUploadOutcome | undefined;
  try {
    outcome = await applyCsvUpload(form, dryRun, actorId);
    return outcome;
  } finally {
    // Only a started import keeps its file (for "Retomar" and "Reiniciar").
    if (outcome?.kind !== "started") await discardCsvUploads(form);
  }
}

async function applyCsvUpload(
  form: FormData,
  dryRun: boolean,
  actorId: number,
): Promise<CsvUploadOutcome> {
  const file = form.get("file");
  if (!isUploadedFile(file) || file.size === 0) {
    return { kind: "refused", refusal: edgeRefusal("invalid_input", m.csvMissingFile) };
  }
  const path = file.getFilePath();
  if (dryRun) {
    const report = await planCsvFile(path);
    if (!report.ok) return refused(report);
    return { kind: "planned", report: report.value };
  }
  // The header is checked as the dry run checks it before an import is started for the file, so a
  // file that is not the format is a 400 naming line 1, not an import that ends in "Erro".
  const header = await checkCsvHeader(path);
  if (!header.ok) return refused(header);
  const started = await startCatalogueImport(
    {
      settings: DEFAULT_IMPORT_SETTINGS,
      source: { kind: "csv", file: path, fileName: uploadedFileName(file) },
    },
    actorId,
  ).catch((error: unknown) => {
    console.error(m.logCsvStartFailed, error);
    return null;
  });
  if (!started) return { kind: "refused", refusal: edgeRefusal("busy", m.startFailed) };
  if (!started.ok) return refused(started);
  return { kind: "started", job: started.value.job };
}
