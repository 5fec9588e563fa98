import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CardSection } from "~/components/card-section";
import { ImportLog, ImportStatusBadge } from "~/components/import-progress";
import { formatInteger } from "~/utils/format";
import * as messages from "~/messages";
import { IMPORT_PAGE } from "./import-page";
import type { ImportPageStatus } from "./import-status.server";

const m = messages.catalogueImport;

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

/** The latest import: its state, progress, counts, performance, log and suggestions. */
export function ImportStatusPanel({ status }: { status: NonNullable<ImportPageStatus> }) {
  const view = status.view;
  return (
    <>
      <section className="card space-y-3 p-5" aria-labelledby="import-status">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="import-status" className="font-semibold">
            {status.source}:{" "}
            <ImportStatusBadge status={status.status} label={m.status[status.status]} />
          </h2>
          {status.polling && (
            <Link to={IMPORT_PAGE} className="btn-secondary" preventScrollReset>
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
        <CardSection
          id="import-suggestions"
          title={m.suggestionsTitle}
          className="space-y-2 p-5"
          titleClassName="font-semibold"
        >
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
        </CardSection>
      )}
    </>
  );
}

/** What the page shows before any import: how to start one. */
export function ImportHowTo() {
  return (
    <CardSection id="import-howto" title={m.howToTitle} titleClassName="font-semibold">
      <p className="mt-1 text-sm text-slate-600">{m.noStatus}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {m.howTo.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </CardSection>
  );
}
