import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ColumnHeaders } from "~/components/admin/column-headers";
import { DataRow, RowActions, TableColumns } from "~/components/admin/data-table";
import { PageHeader } from "~/components/admin/page-header";
import { getVehicleWithParts, vehicleLabel } from "~/models/catalogue/index.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import { Icon } from "~/components/icon";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;
const a = messages.admin;

const partColumns = [
  { label: m.code },
  { label: m.category },
  { label: m.name },
  { label: m.manufacturer },
  { label: m.notes },
  { label: a.actions, align: "right" as const },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const vehicle = recordOr404(params.id, getVehicleWithParts, m.vehicleNotFound);
  return { vehicle, label: vehicleLabel(vehicle) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.label ?? m.vehicleNotFound} — Encaixa` },
];

export default function VehicleDetail() {
  const { vehicle, label } = useLoaderData<typeof loader>();
  const listHref = `/vehicles?type=${vehicle.vehicleType}`;
  const fields = [
    { label: m.brand, value: vehicle.brand },
    { label: m.model, value: vehicle.model },
    { label: m.year, value: String(vehicle.year) },
    { label: m.version, value: vehicle.version },
    { label: m.generation, value: vehicle.generation },
    { label: m.engine, value: vehicle.engine },
    { label: m.fuel, value: vehicle.fuel },
    { label: m.transmission, value: vehicle.transmission },
    { label: m.bodyType, value: vehicle.bodyType },
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to={listHref} className="btn-ghost -ml-3">
        <Icon name="arrow-left" className="size-4" />
        {m.backToVehicles}
      </Link>
      <PageHeader
        title={label}
        subtitle={m.vehicleTypes[vehicle.vehicleType]}
        actions={
          <>
            <Link
              to={`/vehicles/${vehicle.id}/edit?type=${vehicle.vehicleType}`}
              className="btn-secondary"
            >
              {a.edit}
            </Link>
            <Link
              to={`/vehicles/${vehicle.id}/compatibility?type=${vehicle.vehicleType}`}
              className="btn-secondary"
            >
              {m.compatibility}
            </Link>
          </>
        }
      />
      <dl className="card grid gap-3 p-5 sm:grid-cols-3">
        {fields.map((field) => (
          <div key={field.label}>
            <dt className="text-sm text-slate-600">{field.label}</dt>
            <dd className="font-semibold">
              {field.value ?? <span className="font-normal text-slate-500">{m.notInformed}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <section className="card list-cards overflow-x-auto">
        <h2 className="px-5 pt-5 text-lg font-semibold">
          {m.compatibleParts} ({vehicle.parts.length})
        </h2>
        {vehicle.parts.length === 0 ? (
          <p className="p-5 text-slate-600">{m.noCompatibleParts}</p>
        ) : (
          <TableColumns columns={partColumns}>
            <table className="mt-3 w-full text-left text-sm">
              <ColumnHeaders
                className="border-y border-slate-200 bg-slate-50 text-slate-600"
                cellClassName="px-4 py-3"
                columns={partColumns}
              />
              <tbody>
                {vehicle.parts.map((part) => (
                  <DataRow key={part.partId}>
                    <td className="px-4 py-3 font-mono font-semibold">{part.code}</td>
                    <td className="px-4 py-3">{part.categoryName ?? m.noCategory}</td>
                    <td className="px-4 py-3">{part.name}</td>
                    <td className="px-4 py-3">{part.manufacturer}</td>
                    <td className="px-4 py-3 text-slate-700">{part.notes ?? "—"}</td>
                    <RowActions>
                      <Link
                        to={`/parts/${part.partId}`}
                        className="btn-ghost whitespace-nowrap px-2 py-1"
                        aria-label={`${m.seePart} ${part.code}`}
                      >
                        {m.seePart}
                      </Link>
                    </RowActions>
                  </DataRow>
                ))}
              </tbody>
            </table>
          </TableColumns>
        )}
      </section>
    </div>
  );
}
