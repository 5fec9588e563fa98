import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ColumnHeaders } from "~/components/admin/column-headers";
import type { Column } from "~/components/admin/data-table";
import { PageHeader } from "~/components/admin/page-header";
import { dataQualityReport } from "~/models/catalogue/index.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { formatInteger } from "~/utils/format";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.dataQuality;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return dataQualityReport();
}

const partEdit = (id: number) => `/parts/${id}/edit`;
const vehiclePage = (id: number) => `/vehicles/${id}`;
const linkClass = "font-medium text-brand-700 hover:underline";
const cellClass = "py-2 pr-4 align-top";

/** One column of a check's table: its header beside what each row shows under it. */
type CheckColumn<T> = Column & { mono?: true; cell: (row: T) => ReactNode };

const vehicleColumn: CheckColumn<{ brand: string; model: string; version: string }> = {
  label: m.vehicle,
  cell: (vehicle) => (
    <>
      {vehicle.brand} {vehicle.model} {vehicle.version}
    </>
  ),
};

/** A link from each row to where its problem is fixed; `subject` names the row for screen readers. */
type RowAction<T> = { text: string; to: (row: T) => string; subject: (row: T) => string };

function actionColumn<T>({ text, to, subject }: RowAction<T>): CheckColumn<T> {
  return {
    label: messages.admin.actions,
    cell: (row) => (
      <Link to={to(row)} className={linkClass} aria-label={`${text}: ${subject(row)}`}>
        {text}
      </Link>
    ),
  };
}

function CheckSection<T>({
  id,
  title,
  hint,
  check,
  rowKey,
  columns: dataColumns,
  action,
}: {
  id: string;
  title: string;
  hint: string;
  check: { total: number; rows: T[] };
  rowKey: (row: T) => number | string;
  columns: CheckColumn<T>[];
  action?: RowAction<T>;
}) {
  const { total, rows } = check;
  const columns = action ? [...dataColumns, actionColumn(action)] : dataColumns;
  return (
    <section className="card p-5" aria-labelledby={id} data-testid={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${total > 0 ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-800"}`}
          data-testid={`${id}-count`}
        >
          {formatInteger(total)}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">{hint}</p>
      {total === 0 ? (
        <p className="mt-3 text-sm text-emerald-800">{m.allGood}</p>
      ) : (
        <>
          <div className="list-cards mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <ColumnHeaders
                columns={columns}
                className="border-b border-slate-200 text-slate-600"
                cellClassName="py-2 pr-4 font-medium"
              />
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map(({ label, mono, cell }) => (
                      <td
                        key={label}
                        data-label={label}
                        className={mono ? `${cellClass} font-mono` : cellClass}
                      >
                        {cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {total > rows.length && (
            <p className="mt-2 text-xs text-slate-500">{m.showingFirst(rows.length, total)}</p>
          )}
        </>
      )}
    </section>
  );
}

export default function DataQualityPage() {
  const report = useLoaderData<typeof loader>();

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={m.title} subtitle={m.subtitle} />

      <CheckSection
        id="shared-codes"
        title={m.sharedCodes}
        hint={m.sharedCodesHint}
        check={report.sharedAlternativeCodes}
        rowKey={(row) => row.codeNorm}
        columns={[
          { label: m.code, mono: true, cell: (row) => row.code },
          {
            label: m.parts,
            cell: (row) => (
              <ul className="space-y-1">
                {row.parts.map((part) => (
                  <li key={part.id}>
                    <Link to={partEdit(part.id)} className={linkClass}>
                      {part.code}
                    </Link>{" "}
                    — {part.name} ({part.manufacturer})
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />

      <CheckSection
        id="parts-without-fitments"
        title={m.partsWithoutFitments}
        hint={m.partsWithoutFitmentsHint}
        check={report.partsWithoutFitments}
        rowKey={(part) => part.id}
        columns={[
          { label: m.code, mono: true, cell: (part) => part.code },
          { label: m.part, cell: (part) => part.name },
          { label: m.manufacturer, cell: (part) => part.manufacturer },
        ]}
        action={{ text: m.fix, to: (part) => partEdit(part.id), subject: (part) => part.code }}
      />

      <CheckSection
        id="vehicles-without-parts"
        title={m.vehiclesWithoutParts}
        hint={m.vehiclesWithoutPartsHint}
        check={report.vehiclesWithoutParts}
        rowKey={(vehicle) => vehicle.id}
        columns={[
          vehicleColumn,
          { label: m.year, cell: (vehicle) => vehicle.year },
          {
            label: m.type,
            cell: (vehicle) =>
              messages.fipe.types[vehicle.vehicleType as keyof typeof messages.fipe.types] ??
              vehicle.vehicleType,
          },
        ]}
        action={{
          text: m.view,
          to: (vehicle) => vehiclePage(vehicle.id),
          subject: (vehicle) => `${vehicle.brand} ${vehicle.model} ${vehicle.year}`,
        }}
      />

      <CheckSection
        id="fitments-outside-years"
        title={m.yearOutsideRange}
        hint={m.yearOutsideRangeHint}
        check={report.fitmentsOutsideVehicleYear}
        rowKey={(row) => row.fitmentId}
        columns={[
          {
            label: m.part,
            cell: (row) => (
              <>
                <Link to={partEdit(row.partId)} className={linkClass}>
                  {row.partCode}
                </Link>{" "}
                — {row.partName}
              </>
            ),
          },
          { label: m.vehicle, cell: (row) => row.vehicleLabel },
          { label: m.year, cell: (row) => row.vehicleYear },
          { label: m.range, cell: (row) => m.rangeText(row.yearFrom, row.yearTo) },
        ]}
      />

      <CheckSection
        id="duplicate-vehicles"
        title={m.duplicateVehicles}
        hint={m.duplicateVehiclesHint}
        check={report.duplicateVehicles}
        rowKey={(group) => group.vehicles[0]!.id}
        columns={[
          vehicleColumn,
          { label: m.year, cell: (group) => group.year },
          {
            label: m.vehicles,
            cell: (group) => (
              <ul className="flex flex-wrap gap-x-3 gap-y-1">
                {group.vehicles.map((vehicle) => (
                  <li key={vehicle.id}>
                    <Link to={vehiclePage(vehicle.id)} className={linkClass}>
                      #{vehicle.id}
                    </Link>
                    {vehicle.fipeCode && (
                      <span className="text-xs text-slate-500"> (FIPE {vehicle.fipeCode})</span>
                    )}
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </div>
  );
}
