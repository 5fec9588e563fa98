import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { PageHeader, StatCard } from "~/components/admin/page-header";
import { importStatusView } from "~/api/views/imports";
import {
  fipeImportProgress,
  importOutcome,
  isImportActive,
} from "~/models/fipe-import/progress.server";
import { cancelImport, pauseImport, resumeImportRun } from "~/jobs/imports.server";
import { readForm } from "~/server/forms.server";
import { requireAccess } from "~/server/guard.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Access } from "~/server/access";
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
    throw new Response(messages.formPost.unreadable, { status: 400 });
  const here = `/vehicles/import-fipe/${progress.job.id}`;
  const outcome = await control.run(progress.job.id);
  return redirectWithToast(
    here,
    outcome.ok
      ? { type: "success", message: control.done }
      : { type: "error", message: outcome.message },
  );
}

function ControlButton({ intent, label }: { intent: keyof typeof CONTROLS; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" preventScrollReset>
      <button type="submit" name="intent" value={intent} className="btn-secondary" disabled={busy}>
        {busy ? messages.catalogueImport.working : label}
      </button>
    </Form>
  );
}

/** While the import runs: with JavaScript, reloads the data every 2 s; without, the page refreshes itself. */
function useRefreshWhile(active: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(revalidate, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [active, revalidate]);
}

const STATUS_STYLES: Record<string, string> = {
  idle: "bg-slate-100 text-slate-800",
  running: "bg-blue-100 text-blue-800",
  paused: "bg-amber-100 text-amber-900",
  cancelled: "bg-slate-200 text-slate-800",
  completed: "bg-emerald-100 text-emerald-800",
  error: "bg-red-100 text-red-800",
};

export default function FipeImportProgressPage() {
  const data = useLoaderData<typeof loader>();
  useRefreshWhile(data.active);
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
              <ControlButton intent="pause" label={messages.catalogueImport.pause} />
            )}
            {(data.paused || data.status === "error") && (
              <ControlButton intent="resume" label={messages.catalogueImport.resume} />
            )}
            {(data.active || data.paused) && (
              <ControlButton intent="cancel" label={messages.catalogueImport.cancel} />
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

      <section className="card space-y-3 p-5" aria-labelledby="import-status">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="import-status" className="font-semibold">
            {m.statusLabel}:{" "}
            <span
              className={`rounded-full px-2 py-0.5 text-sm ${STATUS_STYLES[data.status] ?? STATUS_STYLES.idle}`}
              data-testid="import-status"
            >
              {statusLabel}
            </span>
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

      <section className="card p-5" aria-labelledby="import-log">
        <h2 id="import-log" className="font-semibold">
          {m.logTitle}
        </h2>
        {data.logs.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{m.noLogs}</p>
        ) : (
          <ol
            tabIndex={0}
            aria-labelledby="import-log"
            className="mt-2 max-h-96 space-y-1 overflow-y-auto font-mono text-xs text-slate-800"
            data-testid="import-log"
          >
            {data.logs.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
