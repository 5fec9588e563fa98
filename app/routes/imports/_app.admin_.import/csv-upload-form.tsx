import { Form } from "@remix-run/react";
import type { CsvPlanReport } from "~/models/imports/index.server";
import { formatInteger } from "~/utils/format";
import * as messages from "~/messages";

const m = messages.catalogueImport;
const exportText = messages.catalogueExport;

/** What the CSV post answered: its refusal beside the file field, or a dry run's report. */
export type CsvAnswer = { csvError: string | null; report: CsvPlanReport | null };

/** "Importar CSV": the export link, the upload (a dry run by default) and its answer. */
export function CsvUploadForm({ csv, csvMaxMb }: { csv: CsvAnswer | undefined; csvMaxMb: number }) {
  return (
    <section className="card space-y-3 p-5" aria-labelledby="csv-import">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="csv-import" className="font-semibold">
          {m.csvTitle}
        </h2>
        <div className="flex flex-wrap gap-2">
          <a
            href="/api/export/catalogue.csv"
            className="btn-secondary"
            title={exportText.standardHint}
            download
          >
            {m.exportButton}
          </a>
          <a
            href="/api/export/catalogue.csv?formato=excel"
            className="btn-secondary"
            title={exportText.excelHint}
            download
          >
            {exportText.excelButton}
          </a>
        </div>
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
      <div className="list-cards">
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
                <td data-label={m.toCreate}>{formatInteger(report.counts[created])}</td>
                <td data-label={m.toUpdate}>{formatInteger(report.counts[updated])}</td>
                <td data-label={m.toSkip}>{formatInteger(report.counts[skipped])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
