import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataRow, DataTable, RowActions } from "~/components/admin/data-table";
import { FilterForm, FilterSelect, SearchInput } from "~/components/admin/filter-form";
import { AdminListPage } from "~/components/admin/list-page";
import { ButtonLink } from "~/components/admin/page-header";
import { useWithListSearch } from "~/components/catalogue/list-href";
import { brandsInUse, vehicleLabel, vehiclePage } from "~/models/catalogue/index.server";
import {
  FIELD_MAX,
  filterYears,
  parseVehicleListQuery,
  VEHICLE_TYPES,
  type VehicleType,
} from "~/schemas/catalogue/catalogue";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { formatInteger } from "~/utils/format";
import { RowAction } from "~/components/admin/row-action";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;
const a = messages.admin;

export const meta: MetaFunction = () => [{ title: `${m.vehiclesTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
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
    <AdminListPage
      width="7xl"
      title={m.vehiclesTitle}
      subtitle={m.vehiclesSubtitle}
      actions={
        <>
          <ButtonLink to="/vehicles/brands">{m.manageBrands}</ButtonLink>
          <ButtonLink to={`/vehicles/import-fipe?type=${query.type}`}>{m.importFipe}</ButtonLink>
        </>
      }
      create={{ to: withSearch("/vehicles/new"), label: m.newVehicle }}
      pagination={{ page, pages, label: m.vehiclesPagination }}
    >
      <TypeSelector current={query.type} />
      <FilterForm
        clearHref={`/vehicles?type=${query.type}`}
        filtered={filtered}
        idPrefix="vehicles"
        values={query}
      >
        <input type="hidden" name="type" value={query.type} />
        <SearchInput label={a.search} placeholder={m.searchVehicles} maxLength={FIELD_MAX} />
        <FilterSelect
          name="brand"
          label={m.brand}
          allLabel={m.allBrands}
          options={brands.map((brand) => ({ value: brand, label: brand }))}
        />
        <FilterSelect
          name="year"
          label={m.year}
          allLabel={m.allYears}
          options={years.map((year) => ({ value: year, label: String(year) }))}
        />
      </FilterForm>
      <p className="text-sm text-slate-600" role="status">
        {m.vehiclesFound(total)}
      </p>
      <DataTable
        columns={[
          { label: m.vehicle },
          { label: m.year },
          { label: m.version },
          { label: m.engine },
          { label: m.fuel },
          { label: m.transmission },
          { label: m.compatibleParts, align: "right" },
          { label: a.actions, align: "right" },
        ]}
        empty={m.noVehicles}
        isEmpty={items.length === 0}
      >
        {items.map((vehicle) => {
          const { label } = vehicle;
          return (
            <DataRow key={vehicle.id}>
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
              <RowActions>
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
              </RowActions>
            </DataRow>
          );
        })}
      </DataTable>
    </AdminListPage>
  );
}
