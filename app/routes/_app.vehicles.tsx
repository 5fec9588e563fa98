import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { useWithListSearch } from "~/components/catalogue/list-href";
import { brandsInUse, vehicleLabel, vehiclePage } from "~/models/vehicle.server";
import {
  FIELD_MAX,
  filterYears,
  parseVehicleListQuery,
  VEHICLE_TYPES,
  type VehicleType,
} from "~/schemas/catalogue";
import { requireAdmin } from "~/server/auth.server";
import { formatInteger } from "~/utils/format";
import { RowAction } from "~/components/admin/row-action";
import { messages } from "~/utils/messages";

const m = messages.catalogue;
const a = messages.admin;

export const meta: MetaFunction = () => [{ title: `${m.vehiclesTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseVehicleListQuery(new URL(request.url).searchParams);
  const list = vehiclePage(
    { type: query.type, q: query.q, brand: query.brand, year: query.year },
    query.page,
  );
  const brands = brandsInUse(query.type);
  const years = filterYears();
  return {
    query,
    ...list,
    items: list.items.map((vehicle) => ({ ...vehicle, label: vehicleLabel(vehicle) })),
    brands: query.brand && !brands.includes(query.brand) ? [query.brand, ...brands] : brands,
    years: query.year && !years.includes(query.year) ? [...years, query.year] : years,
  };
}

function TypeSelector({ current }: { current: VehicleType }) {
  return (
    <nav
      aria-label={m.vehicleTypeLabel}
      className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
    >
      {VEHICLE_TYPES.map((type) => (
        <Link
          key={type}
          to={`/vehicles?type=${type}`}
          aria-current={type === current ? "page" : undefined}
          className={
            type === current
              ? "btn bg-white text-brand-700 shadow-sm"
              : "btn text-slate-700 hover:bg-white/60"
          }
        >
          {m.vehicleTypes[type]}
        </Link>
      ))}
    </nav>
  );
}

export default function VehiclesPage() {
  const { query, items, total, page, pages, brands, years } = useLoaderData<typeof loader>();
  const withSearch = useWithListSearch();
  const filtered = Boolean(query.q || query.brand || query.year);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={m.vehiclesTitle}
        subtitle={m.vehiclesSubtitle}
        actions={
          <>
            <Link to="/vehicles/brands" className="btn-secondary">
              {m.manageBrands}
            </Link>
            <Link to={`/vehicles/import-fipe?type=${query.type}`} className="btn-secondary">
              {m.importFipe}
            </Link>
            <Link to={withSearch("/vehicles/new")} className="btn-primary" preventScrollReset>
              {m.newVehicle}
            </Link>
          </>
        }
      />
      <TypeSelector current={query.type} />
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
        role="search"
      >
        <input type="hidden" name="type" value={query.type} />
        <div>
          <label htmlFor="vehicles-q" className="label">
            {a.search}
          </label>
          <input
            id="vehicles-q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder={m.searchVehicles}
            className="input"
            maxLength={FIELD_MAX}
          />
        </div>
        <div>
          <label htmlFor="vehicles-brand" className="label">
            {m.brand}
          </label>
          <select id="vehicles-brand" name="brand" defaultValue={query.brand} className="input">
            <option value="">{m.allBrands}</option>
            {brands.map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="vehicles-year" className="label">
            {m.year}
          </label>
          <select id="vehicles-year" name="year" defaultValue={query.year ?? ""} className="input">
            <option value="">{m.allYears}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-secondary">
            {a.filter}
          </button>
          {filtered && (
            <Link to={`/vehicles?type=${query.type}`} className="btn-ghost">
              {a.clearFilters}
            </Link>
          )}
        </div>
      </Form>
      <p className="text-sm text-slate-600" role="status">
        {m.vehiclesFound(total)}
      </p>
      <div className="card overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                {m.vehicle}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.year}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.version}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.engine}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.fuel}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.transmission}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {m.compatibleParts}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {a.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 && (
              <tr>
                <td colSpan={8} className="px-4 py-8 text-center text-slate-600">
                  {m.noVehicles}
                </td>
              </tr>
            )}
            {items.map((vehicle) => {
              const { label } = vehicle;
              return (
                <tr key={vehicle.id} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="px-4 py-3 font-semibold">
                    {vehicle.brand} {vehicle.model}
                    {vehicle.generation && (
                      <span className="block text-xs font-normal text-slate-500">
                        {vehicle.generation}
                      </span>
                    )}
                  </th>
                  <td className="px-4 py-3 tabular-nums">{vehicle.year}</td>
                  <td className="px-4 py-3">{vehicle.version}</td>
                  <td className="px-4 py-3">{vehicle.engine ?? "—"}</td>
                  <td className="px-4 py-3">{vehicle.fuel ?? "—"}</td>
                  <td className="px-4 py-3">{vehicle.transmission ?? "—"}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {formatInteger(vehicle.compatibleParts)}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Link
                        to={`/vehicles/${vehicle.id}`}
                        className="btn-ghost whitespace-nowrap px-2 py-1"
                        aria-label={`${a.details}: ${label}`}
                      >
                        {a.details}
                      </Link>
                      <RowAction
                        to={withSearch(`/vehicles/${vehicle.id}/edit`)}
                        label={a.edit}
                        name={label}
                      />
                      <Link
                        to={withSearch(`/vehicles/${vehicle.id}/compatibility`)}
                        className="btn-ghost whitespace-nowrap px-2 py-1"
                        preventScrollReset
                        aria-label={`${m.compatibility}: ${label}`}
                      >
                        {m.compatibility}
                      </Link>
                      <RowAction
                        to={withSearch(`/vehicles/${vehicle.id}/delete`)}
                        label={a.delete}
                        name={label}
                        danger
                      />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pages={pages} label={m.vehiclesPagination} />
      <Outlet />
    </div>
  );
}
