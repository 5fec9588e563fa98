import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageHeader } from "~/components/admin/page-header";
import { usePolling } from "~/components/hooks";
import { ImportControlButton, ImportLog, ImportStatusBadge } from "~/components/import-progress";
import { WorkerNotice } from "~/components/worker-notice";
import type { CsvPlanReport } from "~/models/imports/index.server";
import { restartCatalogueImportRun, startCatalogueImport } from "~/jobs/catalogue-import.server";
import { cancelImport, pauseImport, resumeImportRun } from "~/jobs/imports.server";
import type { Outcome } from "~/models/outcome";
import {
  DEFAULT_IMPORT_SETTINGS,
  IMPORT_LIMITS,
  importSettingsSchema,
} from "~/schemas/catalogue-import";
import { positiveId } from "~/schemas/part";
import { discardCsvUploads, handleCsvUpload, readCsvUploadForm } from "~/server/imports/csv-upload.server";
import { importSettingsHeader, readImportSettings } from "~/server/imports/import-settings.server";
import { requireAccess } from "~/server/guard.server";
import {
  edgeRefusal,
  refusalData,
  throwRefusal,
  type EdgeRefusal,
} from "~/server/refusal.server";
import { readWorkerNotice } from "~/server/jobs-status.server";
import type { Access } from "~/server/access";
import { redirectWithToast } from "~/server/toast.server";
import { env } from "~/utils/env.server";
import { formatInteger } from "~/utils/format";
import * as messages from "~/messages";
import { importPageStatus, settingsSummary } from "./_app.admin_.import.server";

export const access: Access = ["admin"];

const m = messages.catalogueImport;
/** The spec polls the import status every 2 seconds. */
const REFRESH_SECONDS = 2;
const PAGE = "/admin/import";

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

type ControlIntent = "start" | "pause" | "resume" | "cancel" | "restart";

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
  if (!outcome.ok) return redirectWithToast(PAGE, { type: "error", message: outcome.message });
  const done = {
    start: m.started,
    pause: m.paused,
    resume: m.resumed,
    cancel: m.cancelled,
    restart: m.restarted,
  };
  return redirectWithToast(PAGE, { type: "success", message: done[intent] });
}

const FAILED: Record<ControlIntent, string> = {
  start: m.startFailed,
  pause: m.pauseFailed,
  resume: m.resumeFailed,
  cancel: m.cancelFailed,
  restart: m.restartFailed,
};

/** A CSV the page refuses: the message beside the upload, the status from its reason. */
const csvRefusal = (refusal: EdgeRefusal) =>
  refusalData({ csvError: refusal.message, report: null }, refusal.reason);

async function uploadCsv(form: FormData, actorId: number) {
  const outcome = await handleCsvUpload(form, form.get("dry_run") === "on", actorId);
  if (outcome.kind === "refused") return csvRefusal(outcome.refusal);
  if (outcome.kind === "planned") return { csvError: null, report: outcome.report };
  return redirectWithToast(PAGE, { type: "success", message: m.started });
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
  if (intent === "save-settings" || intent === "default-settings") {
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
      `${PAGE}?config=1`,
      { type: "success", message: m.settingsSaved },
      { headers: { "Set-Cookie": await importSettingsHeader(parsed.data) } },
    );
  }
  if (!["start", "pause", "resume", "cancel", "restart"].includes(intent))
    throwRefusal(edgeRefusal("invalid_input", messages.formPost.unreadable));
  const controlIntent = intent as ControlIntent;
  try {
    return await control(
      controlIntent,
      positiveId(String(form.get("jobId") ?? "")),
      admin.id,
      request,
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(m.logIntentFailed(intent), error);
    return redirectWithToast(PAGE, { type: "error", message: FAILED[controlIntent] });
  }
}

function Card({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="card p-4" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      <div className="mt-2 space-y-1 text-sm text-slate-700">{children}</div>
    </section>
  );
}

const SUGGESTION_TEXT = {
  slow: { title: m.slowTitle, text: m.slowText, tone: "border-amber-300 bg-amber-50" },
  excellent: {
    title: m.excellentTitle,
    text: m.excellentText,
    tone: "border-emerald-300 bg-emerald-50",
  },
  manyExisting: {
    title: m.manyExistingTitle,
    text: m.manyExistingText,
    tone: "border-sky-300 bg-sky-50",
  },
  highError: { title: m.highErrorTitle, text: m.highErrorText, tone: "border-red-300 bg-red-50" },
  optimize: {
    title: m.optimizeTitle,
    text: m.optimizeText,
    tone: "border-violet-300 bg-violet-50",
  },
} as const;

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
  const view = status?.view;

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
              to={settingsOpen ? PAGE : `${PAGE}?config=1`}
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
              to={`${PAGE}/limpar`}
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
        <section className="card p-5" aria-labelledby="import-settings">
          <h2 id="import-settings" className="font-semibold">
            {m.settingsTitle}
          </h2>
          {/* Keyed by the saved values, so "Padrão" and "Salvar" show what was saved. */}
          <Form
            key={JSON.stringify(settings)}
            method="post"
            preventScrollReset
            className="mt-3 space-y-4"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              {(["concurrentPages", "itemsPerBatch"] as const).map((name) => (
                <label key={name} className="block text-sm">
                  <span className="font-medium">
                    {name === "concurrentPages" ? m.concurrentPagesLabel : m.itemsPerBatchLabel}
                  </span>
                  <input
                    type="number"
                    name={name}
                    min={IMPORT_LIMITS[name].min}
                    max={IMPORT_LIMITS[name].max}
                    defaultValue={settings[name]}
                    className="input mt-1"
                    aria-invalid={settingsErrors?.[name] ? true : undefined}
                    aria-describedby={`${name}-hint`}
                  />
                  <span
                    id={`${name}-hint`}
                    className={settingsErrors?.[name] ? "text-red-700" : "text-slate-500"}
                  >
                    {settingsErrors?.[name] ??
                      (name === "concurrentPages" ? m.concurrentPagesHint : m.itemsPerBatchHint)}
                  </span>
                </label>
              ))}
            </div>
            <fieldset className="space-y-2 text-sm">
              {(
                [
                  "skipExistingParts",
                  "skipExistingVehicles",
                  "skipExistingCompatibilities",
                ] as const
              ).map((name) => (
                <label key={name} className="flex items-center gap-2">
                  <input type="checkbox" name={name} defaultChecked={settings[name]} />
                  {m[`${name}Label`]}
                </label>
              ))}
            </fieldset>
            <p className="text-sm text-slate-600" data-testid="throughput-estimate">
              {summary.estimate} · {summary.skipMode}
            </p>
            <div className="flex gap-2">
              <button
                type="submit"
                name="intent"
                value="default-settings"
                className="btn-secondary"
              >
                {m.defaults}
              </button>
              <button type="submit" name="intent" value="save-settings" className="btn-primary">
                {m.save}
              </button>
            </div>
          </Form>
        </section>
      )}

      {status && view ? (
        <>
          <section className="card space-y-3 p-5" aria-labelledby="import-status">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="import-status" className="font-semibold">
                {status.source}:{" "}
                <ImportStatusBadge status={status.status} label={m.status[status.status]} />
              </h2>
              {status.polling && (
                <Link to={PAGE} className="btn-secondary" preventScrollReset>
                  {m.checkNow}
                </Link>
              )}
            </div>
            {status.status === "interrupted" && (
              <p className="text-sm text-orange-900">{m.interruptedHint}</p>
            )}
            {status.running && <p className="text-sm text-slate-600">{m.autoRefresh}</p>}
          </section>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Card title={m.progressTitle} testId="import-progress">
              <p>{m.itemsProgress(view.processed_items, view.total_items, status.itemsPercent)}</p>
              <div
                role="progressbar"
                aria-label={m.progressTitle}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={status.itemsPercent}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-brand-600" style={{ width: `${status.itemsPercent}%` }} />
              </div>
              <p>{m.pagesProgress(view.current_page, view.total_pages, status.pagesPercent)}</p>
            </Card>
            <Card title={m.createdTitle} testId="import-created">
              <p>
                {m.partsLabel}: {formatInteger(view.created_parts)}
              </p>
              <p>
                {m.vehiclesLabel}: {formatInteger(view.created_vehicles)}
              </p>
              <p>
                {m.compatibilitiesLabel}: {formatInteger(view.created_compatibilities)}
              </p>
              <p className="text-slate-500">
                {m.updatedTitle}:{" "}
                {formatInteger(
                  view.updated_parts + view.updated_vehicles + view.updated_compatibilities,
                )}
              </p>
            </Card>
            <Card title={m.skippedTitle} testId="import-skipped">
              <p>
                {m.partsLabel}: {formatInteger(view.skipped_parts)}
              </p>
              <p>
                {m.vehiclesLabel}: {formatInteger(view.skipped_vehicles)}
              </p>
              <p>
                {m.compatibilitiesLabel}: {formatInteger(view.skipped_compatibilities)}
              </p>
            </Card>
            <Card title={m.performanceTitle} testId="import-performance">
              <p>
                {m.durationLabel}: {status.duration}
              </p>
              <p>
                {m.itemsPerMinuteLabel}: {formatInteger(view.items_per_minute)}
              </p>
              {status.remaining && <p>{status.remaining}</p>}
              <p>
                {m.errorsLabel}: {formatInteger(view.error_count)}
              </p>
              {status.lastActivity && (
                <p>
                  {m.lastActivityLabel}: {status.lastActivity}
                </p>
              )}
            </Card>
          </div>
          {view.logs.length > 0 && <ImportLog title={m.logTitle} lines={view.logs} />}
          {status.suggestions && (
            <section className="card space-y-2 p-5" aria-labelledby="import-suggestions">
              <h2 id="import-suggestions" className="font-semibold">
                {m.suggestionsTitle}
              </h2>
              {status.suggestions.length === 0 ? (
                <p className="text-sm text-slate-700">{m.noSuggestions}</p>
              ) : (
                status.suggestions.map((key) => (
                  <div
                    key={key}
                    className={`rounded-lg border px-3 py-2 text-sm ${SUGGESTION_TEXT[key].tone}`}
                  >
                    <p className="font-medium">{SUGGESTION_TEXT[key].title}</p>
                    <p>{SUGGESTION_TEXT[key].text}</p>
                  </div>
                ))
              )}
            </section>
          )}
        </>
      ) : (
        <section className="card p-5" aria-labelledby="import-howto">
          <h2 id="import-howto" className="font-semibold">
            {m.howToTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{m.noStatus}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {m.howTo.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}

      <section className="card space-y-3 p-5" aria-labelledby="csv-import">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="csv-import" className="font-semibold">
            {m.csvTitle}
          </h2>
          <a href="/api/export/catalogue.csv" className="btn-secondary" download>
            {m.exportButton}
          </a>
        </div>
        <p className="text-sm text-slate-600">{m.csvHelp}</p>
        <Form method="post" encType="multipart/form-data" className="space-y-3">
          <input type="hidden" name="intent" value="csv" />
          <div className="text-sm">
            <label htmlFor="csv-file" className="font-medium">
              {m.csvFileLabel}
            </label>
            <input
              id="csv-file"
              type="file"
              name="file"
              accept=".csv,text/csv"
              required
              className="mt-1 block w-full text-sm"
              aria-describedby="csv-limit"
              aria-invalid={csv?.csvError ? true : undefined}
            />
            <p id="csv-limit" className="text-slate-500">
              {m.csvLimit(csvMaxMb)}
            </p>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="dry_run" defaultChecked />
            {m.csvDryRunLabel}
          </label>
          {csv?.csvError && (
            <p
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
            >
              {csv.csvError}
            </p>
          )}
          <button type="submit" className="btn-primary">
            {m.csvSubmit}
          </button>
        </Form>
        {csv?.report && <DryRunReport report={csv.report} />}
      </section>
      <Outlet />
    </div>
  );
}

function DryRunReport({ report }: { report: CsvPlanReport }) {
  type Count = keyof CsvPlanReport["counts"];
  const rows: [string, Count, Count, Count][] = [
    [m.partsLabel, "createdParts", "updatedParts", "skippedParts"],
    [m.vehiclesLabel, "createdVehicles", "updatedVehicles", "skippedVehicles"],
    [
      m.compatibilitiesLabel,
      "createdCompatibilities",
      "updatedCompatibilities",
      "skippedCompatibilities",
    ],
  ];
  return (
    <div className="space-y-3" data-testid="dry-run-report" role="status">
      <h3 className="font-semibold">{m.dryRunTitle}</h3>
      <p className="text-sm">
        {m.dryRunNothingWritten} {m.dryRunRows(report.rows, report.badRowCount)}
      </p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col"></th>
            <th scope="col">{m.toCreate}</th>
            <th scope="col">{m.toUpdate}</th>
            <th scope="col">{m.toSkip}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, created, updated, skipped]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatInteger(report.counts[created])}</td>
              <td>{formatInteger(report.counts[updated])}</td>
              <td>{formatInteger(report.counts[skipped])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.badRows.length > 0 && (
        <div>
          <h4 className="font-medium">{m.badRowsTitle}</h4>
          <ul
            className="mt-1 max-h-60 list-disc space-y-1 overflow-y-auto pl-5 text-sm text-red-900"
            data-testid="bad-rows"
          >
            {report.badRows.map((row) => (
              <li key={row.line}>{row.message}</li>
            ))}
          </ul>
          {report.badRowCount > report.badRows.length && (
            <p className="text-sm">{m.moreBadRows(report.badRowCount - report.badRows.length)}</p>
          )}
        </div>
      )}
    </div>
  );
}
