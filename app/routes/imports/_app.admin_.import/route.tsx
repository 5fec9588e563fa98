import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/admin/page-header";
import { usePolling } from "~/components/hooks";
import { ImportControlButton } from "~/components/import-progress";
import { WorkerNotice } from "~/components/worker-notice";
import { positiveId } from "~/schemas/catalogue/part";
import { discardCsvUploads, readCsvUploadForm } from "~/server/imports/csv-upload.server";
import { readImportSettings } from "~/server/imports/import-settings.server";
import { requireAccess } from "~/server/guard.server";
import { readWorkerNotice } from "~/server/jobs-status.server";
import type { Access } from "~/server/access";
import { env } from "~/utils/env.server";
import * as messages from "~/messages";
import { CsvUploadForm } from "./csv-upload-form";
import { controlImport, csvRefusal, saveSettings, uploadCsv } from "./import-actions.server";
import { IMPORT_PAGE, REFRESH_SECONDS } from "./import-page";
import { ImportSettingsForm } from "./import-settings-form";
import { importPageStatus, settingsSummary } from "./import-status.server";
import { ImportHowTo, ImportStatusPanel } from "./import-status-panel";

export const access: Access = ["admin"];

const m = messages.catalogueImport;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const url = new URL(request.url);
  const settings = await readImportSettings(request);
  return {
    status: importPageStatus(positiveId(url.searchParams.get("job") ?? "")),
    settings,
    settingsOpen: url.searchParams.get("config") === "1",
    summary: settingsSummary(settings),
    csvMaxMb: env().IMPORT_CSV_MAX_MB,
    workerNotice: await readWorkerNotice(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const read = await readCsvUploadForm(request);
  if (!read.ok) return csvRefusal(read.refusal);
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  if (intent === "csv") return uploadCsv(form, admin.id);
  // Any other post keeps no file it carried.
  await discardCsvUploads(form);
  if (intent === "save-settings" || intent === "default-settings")
    return saveSettings(intent, form);
  return controlImport(intent, form, admin.id, request);
}

export default function ImportPage() {
  const { status, settings, settingsOpen, summary, csvMaxMb, workerNotice } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  usePolling(Boolean(status?.polling), REFRESH_SECONDS * 1000);
  const state = status?.status;
  const canStart = !state || ["idle", "completed", "error", "cancelled"].includes(state);
  const settingsErrors =
    actionData && "settingsErrors" in actionData ? actionData.settingsErrors : undefined;
  const csv = actionData && "csvError" in actionData ? actionData : undefined;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {status?.running && (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      )}
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <>
            <Link
              to={settingsOpen ? IMPORT_PAGE : `${IMPORT_PAGE}?config=1`}
              className="btn-secondary"
              preventScrollReset
              aria-expanded={settingsOpen}
            >
              {m.settingsButton}
            </Link>
            {canStart && <ImportControlButton intent="start" label={m.start} tone="primary" />}
            {state === "running" && (
              <ImportControlButton intent="pause" jobId={status!.id} label={m.pause} />
            )}
            {(state === "paused" || state === "interrupted" || state === "error") && (
              <ImportControlButton
                intent="resume"
                jobId={status!.id}
                label={m.resume}
                tone="primary"
              />
            )}
            {(state === "running" || state === "paused" || state === "interrupted") && (
              <ImportControlButton intent="cancel" jobId={status!.id} label={m.cancel} />
            )}
            {status && <ImportControlButton intent="restart" jobId={status.id} label={m.restart} />}
            <Link
              to={`${IMPORT_PAGE}/limpar`}
              className="btn bg-red-600 text-white hover:bg-red-700"
              preventScrollReset
            >
              {m.clearAll}
            </Link>
          </>
        }
      />
      <WorkerNotice notice={workerNotice} />

      {settingsOpen && (
        <ImportSettingsForm settings={settings} settingsErrors={settingsErrors} summary={summary} />
      )}
      {status ? <ImportStatusPanel status={status} /> : <ImportHowTo />}
      <CsvUploadForm csv={csv} csvMaxMb={csvMaxMb} />
      <Outlet />
    </div>
  );
}
