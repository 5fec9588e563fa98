import { restartCatalogueImportRun, startCatalogueImport } from "~/jobs/catalogue-import.server";
import { cancelImport, pauseImport, resumeImportRun } from "~/jobs/imports.server";
import type { Outcome } from "~/models/outcome";
import { DEFAULT_IMPORT_SETTINGS, importSettingsSchema } from "~/schemas/imports/catalogue-import";
import { positiveId } from "~/schemas/catalogue/part";
import { handleCsvUpload } from "~/server/imports/csv-upload.server";
import { importSettingsHeader, readImportSettings } from "~/server/imports/import-settings.server";
import { edgeRefusal, refusalData, throwRefusal, type EdgeRefusal } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import * as messages from "~/messages";
import { IMPORT_PAGE } from "./import-page";

/** What the import page's posts do: the import controls, the settings and the CSV upload. */

const m = messages.catalogueImport;
const CONTROL_INTENTS = ["start", "pause", "resume", "cancel", "restart"] as const;

export type ControlIntent = "start" | "pause" | "resume" | "cancel" | "restart";

async function control(
  intent: ControlIntent,
  jobId: number | undefined,
  actorId: number,
  request: Request,
) {
  const outcome: Outcome<unknown> | undefined =
    intent === "start"
      ? await startCatalogueImport(
          { settings: await readImportSettings(request), source: { kind: "api" } },
          actorId,
        )
      : jobId === undefined
        ? undefined
        : intent === "pause"
          ? pauseImport(jobId)
          : intent === "resume"
            ? await resumeImportRun(jobId)
            : intent === "cancel"
              ? cancelImport(jobId)
              : await restartCatalogueImportRun(jobId, actorId);
  if (!outcome) throwRefusal(edgeRefusal("not_found", m.importNotFound));
  if (!outcome.ok)
    return redirectWithToast(IMPORT_PAGE, { type: "error", message: outcome.message });
  const done = {
    start: m.started,
    pause: m.paused,
    resume: m.resumed,
    cancel: m.cancelled,
    restart: m.restarted,
  };
  return redirectWithToast(IMPORT_PAGE, { type: "success", message: done[intent] });
}

const FAILED: Record<ControlIntent, string> = {
  start: m.startFailed,
  pause: m.pauseFailed,
  resume: m.resumeFailed,
  cancel: m.cancelFailed,
  restart: m.restartFailed,
};

/** A CSV the page refuses: the message beside the upload, the status from its reason. */
export const csvRefusal = (refusal: EdgeRefusal) =>
  refusalData({ csvError: refusal.message, report: null }, refusal.reason);

/** "Enviar CSV": a dry run answers its report; otherwise the import starts in the background. */
export async function uploadCsv(form: FormData, actorId: number) {
  const outcome = await handleCsvUpload(form, form.get("dry_run") === "on", actorId);
  if (outcome.kind === "refused") return csvRefusal(outcome.refusal);
  if (outcome.kind === "planned") return { csvError: null, report: outcome.report };
  return redirectWithToast(IMPORT_PAGE, { type: "success", message: m.started });
}

/** "Salvar" and "Padrão": the settings go to their cookie; out-of-range values come back named. */
export async function saveSettings(intent: "save-settings" | "default-settings", form: FormData) {
  const parsed =
    intent === "default-settings"
      ? { success: true as const, data: DEFAULT_IMPORT_SETTINGS }
      : importSettingsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]),
    );
    return refusalData({ settingsErrors: errors }, "invalid_input");
  }
  return redirectWithToast(
    `${IMPORT_PAGE}?config=1`,
    { type: "success", message: m.settingsSaved },
    { headers: { "Set-Cookie": await importSettingsHeader(parsed.data) } },
  );
}

/**
 * Iniciar, Pausar, Retomar, Cancelar and Reiniciar: the result as a notice on the page. A control
 * the job queue could not take is a notice too; an intent that is none of them is a 400.
 */
export async function controlImport(
  intent: string,
  form: FormData,
  actorId: number,
  request: Request,
) {
  if (!CONTROL_INTENTS.includes(intent as ControlIntent))
    throwRefusal(edgeRefusal("invalid_input", messages.formPost.unreadable));
  const controlIntent = intent as ControlIntent;
  try {
    return await control(
      controlIntent,
      positiveId(String(form.get("jobId") ?? "")),
      actorId,
      request,
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(m.logIntentFailed(intent), error);
    return redirectWithToast(IMPORT_PAGE, { type: "error", message: FAILED[controlIntent] });
  }
}
