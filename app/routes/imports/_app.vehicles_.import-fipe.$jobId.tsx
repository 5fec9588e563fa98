import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader, StatCard } from "~/components/admin/page-header";
import { usePolling } from "~/components/hooks";
import { ImportControlButton, ImportLog, ImportStatusBadge } from "~/components/import-progress";
import { WorkerNotice } from "~/components/worker-notice";
import { importStatusView } from "~/api/views/imports";
import { fipeImportProgress, importOutcome, isImportActive } from "~/models/imports/index.server";
import { cancelImport, pauseImport, resumeImportRun } from "~/jobs/imports.server";
import { readForm } from "~/server/forms.server";
import { requireAccess } from "~/server/guard.server";
import { readWorkerNotice } from "~/server/jobs-status.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Access } from "~/server/access";
import { edgeRefusal, throwRefusal } from "~/server/refusal.server";
import { recordOr404 } from "~/server/responses.server";
import { formatDateTime, formatInteger } from "~/utils/format";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.fipe;
/** The spec polls import status every 2 seconds. */
const REFRESH_SECONDS = 2;

export const meta: MetaFunction = () => [{ title: `${m.progressTitle} — Encaixa` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const progress = recordOr404(params.jobId, fipeImportProgress, m.importNotFound);
  const { job, logs, options } = progress;
  const view = importStatusView(job, logs);
  const active = isImportActive(job);
  const scope = options.brandName
    ? m.scopeBrand(options.brandName)
    : options.maxBrands
      ? m.scopeMax(options.maxBrands)
      : m.scopeAll;
  const vehiclesQuery = new URLSearchParams({ type: options.type });
  if (options.brandName) vehiclesQuery.set("brand", options.brandName);
  return {
    id: job.id,
    status: job.status,
    active,
    paused: job.status === "paused",
    type: options.type,
    subtitle: m.progressSubtitle(m.types[options.type], scope),
    outcome: active ? null : importOutcome(job).message,
    brandsDone: job.currentPage,
    brandsTotal: job.totalPages,
    processedItems: job.processedItems,
    created: job.createdVehicles,
    skipped: job.skippedVehicles,
    errors: job.errorCount,
    startedAt: job.startedAt ? formatDateTime(job.startedAt) : null,
    completedAt: job.completedAt ? formatDateTime(job.completedAt) : null,
    logs: view.logs,
    vehiclesHref: `/vehicles?${vehiclesQuery}`,
    workerNotice: active ? await readWorkerNotice() : null,
  };
}

const CONTROLS = {
  pause: { run: async (id: number) => pauseImport(id), done: messages.catalogueImport.paused },
  resume: { run: resumeImportRun, done: messages.catalogueImport.resumed },
  cancel: { run: async (id: number) => cancelImport(id), done: messages.catalogueImport.cancelled },
} as const;

/** Pausar, Retomar and Cancelar: the controls every import shares, as form posts. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, access);
  const progress = recordOr404(params.jobId, fipeImportProgress, m.importNotFound);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const control = CONTROLS[intent as keyof typeof CONTROLS];
  if (!Object.hasOwn(CONTROLS, intent) || !control)
    throwRefusal(edgeRefusal("invalid_input", messages.formPost.unreadable));
  const here = `/vehicles/import-fipe/${progress.job.id}`;
  const outcome = await control.run(progress.job.id);
  return redirectWithToast(
    here,
    outcome.ok
      ? { type: "success", message: control.done }
      : { type: "error", message: outcome.message },
  );
}

export default function FipeImportProgressPage() {
  const data = useLoaderData<typeof loader>();
  usePolling(data.active, REFRESH_SECONDS * 1000);
  const percent = data.brandsTotal > 0 ? Math.round((data.brandsDone / data.brandsTotal) * 100) : 0;
  const statusLabel = m.status[data.status];

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      {data.active && (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      )}
      <PageHeader
        title={m.progressTitle}
        subtitle={data.subtitle}
        actions={
          <>
            {data.status === "running" && (
              <ImportControlButton intent="pause" label={messages.catalogueImport.pause} />
            )}
            {(data.paused || data.status === "error") && (
              <ImportControlButton intent="resume" label={messages.catalogueImport.resume} />
            )}
            {(data.active || data.paused) && (
              <ImportControlButton intent="cancel" label={messages.catalogueImport.cancel} />
            )}
            <Link to={`/vehicles/import-fipe?type=${data.type}`} className="btn-secondary">
              {m.newImport}
            </Link>
            {!data.active && (
              <Link to={data.vehiclesHref} className="btn-primary">
                {m.seeVehicles}
              </Link>
            )}
          </>
        }
      />
      <WorkerNotice notice={data.workerNotice} />

      <section className="card space-y-3 p-5" aria-labelledby="import-status">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="import-status" className="font-semibold">
            {m.statusLabel}: <ImportStatusBadge status={data.status} label={statusLabel} />
          </h2>
          {data.active && (
            <Link
              to={`/vehicles/import-fipe/${data.id}`}
              className="btn-secondary"
              preventScrollReset
            >
              {m.checkNow}
            </Link>
          )}
        </div>
        <div
          role="progressbar"
          aria-label={m.brandsDone}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
        {data.active && <p className="text-sm text-slate-600">{m.autoRefresh}</p>}
        {data.outcome && (
          <p
            role={data.status === "error" ? "alert" : "status"}
            data-testid="import-outcome"
            className={
              data.status === "error"
                ? "rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900"
                : "rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900"
            }
          >
            {data.outcome}
          </p>
        )}
      </section>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatCard label={m.brandsDone} value={m.of(data.brandsDone, data.brandsTotal)} />
        <StatCard label={m.created} value={formatInteger(data.created)} />
        <StatCard label={m.skipped} value={formatInteger(data.skipped)} />
        <StatCard label={m.errors} value={formatInteger(data.errors)} />
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm text-slate-700 sm:grid-cols-3">
        <div>
          <dt className="font-medium">{m.yearsDone}</dt>
          <dd>{formatInteger(data.processedItems)}</dd>
        </div>
        <div>
          <dt className="font-medium">{m.startedAt}</dt>
          <dd>{data.startedAt ?? "—"}</dd>
        </div>
        <div>
          <dt className="font-medium">{m.completedAt}</dt>
          <dd>{data.completedAt ?? "—"}</dd>
        </div>
      </dl>

      {data.logs.length === 0 ? (
        <p className="card p-5 text-sm text-slate-600">{m.noLogs}</p>
      ) : (
        <ImportLog title={m.logTitle} lines={data.logs} />
      )}
    </div>
  );
}
