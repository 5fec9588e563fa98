import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
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

function Section({
  id,
  title,
  hint,
  total,
  shown,
  headers,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  total: number;
  shown: number;
  headers: string[];
  children: ReactNode;
}) {
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
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  {headers.map((header) => (
                    <th key={header} scope="col" className="py-2 pr-4 font-medium">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">{children}</tbody>
            </table>
          </div>
          {total > shown && (
            <p className="mt-2 text-xs text-slate-500">{m.showingFirst(shown, total)}</p>
          )}
        </>
      )}
    </section>
  );
}

export default function DataQualityPage() {
  const report = useLoaderData<typeof loader>();
  const {
    sharedAlternativeCodes,
    partsWithoutFitments,
    vehiclesWithoutParts,
    fitmentsOutsideVehicleYear,
    duplicateVehicles,
  } = report;
  const cell = "py-2 pr-4 align-top";

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={m.title} subtitle={m.subtitle} />

      <Section
        id="shared-codes"
        title={m.sharedCodes}
        hint={m.sharedCodesHint}
        total={sharedAlternativeCodes.total}
        shown={sharedAlternativeCodes.rows.length}
        headers={[m.code, m.parts]}
      >
        {sharedAlternativeCodes.rows.map((row) => (
          <tr key={row.codeNorm}>
            <td className={`${cell} font-mono`}>{row.code}</td>
            <td className={cell}>
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
            </td>
          </tr>
        ))}
      </Section>

      <Section
        id="parts-without-fitments"
        title={m.partsWithoutFitments}
        hint={m.partsWithoutFitmentsHint}
        total={partsWithoutFitments.total}
        shown={partsWithoutFitments.rows.length}
        headers={[m.code, m.part, m.manufacturer, messages.admin.actions]}
      >
        {partsWithoutFitments.rows.map((part) => (
          <tr key={part.id}>
            <td className={`${cell} font-mono`}>{part.code}</td>
            <td className={cell}>{part.name}</td>
            <td className={cell}>{part.manufacturer}</td>
            <td className={cell}>
              <Link
                to={partEdit(part.id)}
                className={linkClass}
                aria-label={`${m.fix}: ${part.code}`}
              >
                {m.fix}
              </Link>
            </td>
          </tr>
        ))}
      </Section>

      <Section
        id="vehicles-without-parts"
        title={m.vehiclesWithoutParts}
        hint={m.vehiclesWithoutPartsHint}
        total={vehiclesWithoutParts.total}
        shown={vehiclesWithoutParts.rows.length}
        headers={[m.vehicle, m.year, m.type, messages.admin.actions]}
      >
        {vehiclesWithoutParts.rows.map((vehicle) => (
          <tr key={vehicle.id}>
            <td className={cell}>
              {vehicle.brand} {vehicle.model} {vehicle.version}
            </td>
            <td className={cell}>{vehicle.year}</td>
            <td className={cell}>
              {messages.fipe.types[vehicle.vehicleType as keyof typeof messages.fipe.types] ??
                vehicle.vehicleType}
            </td>
            <td className={cell}>
              <Link
                to={vehiclePage(vehicle.id)}
                className={linkClass}
                aria-label={`${m.view}: ${vehicle.brand} ${vehicle.model} ${vehicle.year}`}
              >
                {m.view}
              </Link>
            </td>
          </tr>
        ))}
      </Section>

      <Section
        id="fitments-outside-years"
        title={m.yearOutsideRange}
        hint={m.yearOutsideRangeHint}
        total={fitmentsOutsideVehicleYear.total}
        shown={fitmentsOutsideVehicleYear.rows.length}
        headers={[m.part, m.vehicle, m.year, m.range]}
      >
        {fitmentsOutsideVehicleYear.rows.map((row) => (
          <tr key={row.fitmentId}>
            <td className={cell}>
              <Link to={partEdit(row.partId)} className={linkClass}>
                {row.partCode}
              </Link>{" "}
              — {row.partName}
            </td>
            <td className={cell}>{row.vehicleLabel}</td>
            <td className={cell}>{row.vehicleYear}</td>
            <td className={cell}>{m.rangeText(row.yearFrom, row.yearTo)}</td>
          </tr>
        ))}
      </Section>

      <Section
        id="duplicate-vehicles"
        title={m.duplicateVehicles}
        hint={m.duplicateVehiclesHint}
        total={duplicateVehicles.total}
        shown={duplicateVehicles.rows.length}
        headers={[m.vehicle, m.year, m.vehicles]}
      >
        {duplicateVehicles.rows.map((group) => (
          <tr key={group.vehicles[0]!.id}>
            <td className={cell}>
              {group.brand} {group.model} {group.version}
            </td>
            <td className={cell}>{group.year}</td>
            <td className={cell}>
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
            </td>
          </tr>
        ))}
      </Section>
    </div>
  );
}
