import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ColumnHeaders } from "~/components/admin/column-headers";
import { DataRow, TableColumns } from "~/components/admin/data-table";
import { Pagination } from "~/components/admin/pagination";
import { PartErrorBoundary } from "~/components/admin/part-form";
import { vehicleLabel } from "~/components/admin/vehicle-picker";
import { getPart, vehiclesForPart } from "~/models/catalogue/index.server";
import { positiveId } from "~/schemas/catalogue/part";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { shownPartFields } from "./part-fields.server";
import { invariantResponse } from "~/server/responses.server";
import { Icon } from "~/components/icon";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.parts;
const s = messages.search;

const vehicleColumns = [
  { label: m.vehicle },
  { label: m.notes },
  { label: m.position },
  { label: m.side },
  { label: m.years },
];
const VEHICLES_PER_PAGE = 20;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.detailTitle(data.part.code) : m.notFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const id = positiveId(params.id);
  const part = id === undefined ? undefined : getPart(id, { withFitments: false });
  invariantResponse(part, m.notFound);
  const page = positiveId(new URL(request.url).searchParams.get("page")) ?? 1;
  const vehicles = vehiclesForPart(part.id, page, VEHICLES_PER_PAGE);
  return {
    part: {
      ...shownPartFields(part),
      alternativeCodes: part.alternativeCodes,
    },
    vehicles,
  };
}

export default function PartDetailPage() {
  const { part, vehicles } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/parts" className="btn-ghost -ml-2">
          <Icon name="arrow-left" className="size-4" />
          {m.back}
        </Link>
        <div className="flex gap-2">
          <Link to={`/parts/${part.id}/edit`} className="btn-secondary">
            {m.edit}
          </Link>
          <Link to={`/parts/${part.id}/delete`} className="btn-secondary text-red-700">
            {m.delete}
          </Link>
        </div>
      </div>

      <header className="card p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="font-mono text-2xl font-bold">{part.code}</h1>
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
            {part.categoryName ?? m.noCategory}
          </span>
        </div>
        <p className="mt-2 text-lg font-semibold" data-testid="part-name">
          {part.name}
        </p>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">{m.manufacturer}</dt>
            <dd className="font-medium">{part.manufacturer}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{m.marketplace}</dt>
            <dd>
              {part.mercadoLivreLink ? (
                <a
                  href={part.mercadoLivreLink}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="font-medium text-brand-700 underline"
                >
                  {m.openMarketplace}
                </a>
              ) : (
                "—"
              )}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-600">{m.description}</dt>
            <dd className="whitespace-pre-line">{part.description || m.noDescription}</dd>
          </div>
        </dl>
      </header>

      <section aria-labelledby="part-codes" className="card p-6">
        <h2 id="part-codes" className="text-lg font-semibold">
          {m.alternativeCodes}
        </h2>
        {part.alternativeCodes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{m.noAlternativeCodes}</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2">
            {part.alternativeCodes.map((code) => (
              <li key={code.id} className="rounded-lg border border-slate-200 px-3 py-1.5 text-sm">
                <span className="font-mono font-semibold">{code.code}</span>
                {code.description && <span className="text-slate-600"> — {code.description}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="part-vehicles" className="card p-6">
        <h2 id="part-vehicles" className="text-lg font-semibold">
          {m.compatibleVehicles} ({vehicles.total})
        </h2>
        {vehicles.items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{m.noCompatibleVehicles}</p>
        ) : (
          <div className="list-cards mt-3 overflow-x-auto">
            <TableColumns columns={vehicleColumns}>
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <ColumnHeaders
                  className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600"
                  cellClassName="px-3 py-2"
                  columns={vehicleColumns}
                />
                <tbody className="divide-y divide-slate-100">
                  {vehicles.items.map((vehicle) => (
                    <DataRow key={vehicle.id}>
                      <td className="px-3 py-2 font-medium">{vehicleLabel(vehicle)}</td>
                      <td className="px-3 py-2">{vehicle.notes || "—"}</td>
                      <td className="px-3 py-2">
                        {vehicle.position
                          ? (s.position[vehicle.position] ?? vehicle.position)
                          : "—"}
                      </td>
                      <td className="px-3 py-2">
                        {vehicle.side ? (s.side[vehicle.side] ?? vehicle.side) : "—"}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2">
                        {s.years(vehicle.yearFrom, vehicle.yearTo) || "—"}
                      </td>
                    </DataRow>
                  ))}
                </tbody>
              </table>
            </TableColumns>
          </div>
        )}
        <div className="mt-4">
          <Pagination page={vehicles.page} pages={vehicles.pages} label={m.vehiclePagination} />
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <PartErrorBoundary />;
}
