import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataRow, DataTable, RowActions } from "~/components/admin/data-table";
import { AdminListPage, listErrorBoundary } from "~/components/admin/list-page";
import { ButtonLink } from "~/components/admin/page-header";
import { listBrands } from "~/models/catalogue/index.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { formatInteger } from "~/utils/format";
import { RowAction } from "~/components/admin/row-action";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;
const a = messages.admin;

export const meta: MetaFunction = () => [{ title: `${m.brandsTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return { brands: listBrands() };
}

export default function BrandsPage() {
  const { brands } = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      width="4xl"
      title={m.brandsTitle}
      subtitle={m.brandsSubtitle}
      actions={<ButtonLink to="/vehicles">{m.backToVehicles}</ButtonLink>}
      create={{ to: "/vehicles/brands/new", label: m.newBrand }}
    >
      <DataTable
        columns={[
          { label: m.id },
          { label: m.name },
          { label: m.vehiclesCount, align: "right" },
          { label: a.actions, align: "right" },
        ]}
        empty={m.noBrands}
        isEmpty={brands.length === 0}
      >
        {brands.map((brand) => (
          <DataRow key={brand.id}>
            <td className="px-4 py-3 tabular-nums text-slate-600">{brand.id}</td>
            <th scope="row" className="px-4 py-3 font-semibold">
              {brand.name}
            </th>
            <td className="px-4 py-3 text-right tabular-nums">
              {formatInteger(brand.vehiclesCount)}
            </td>
            <RowActions>
              <RowAction
                to={`/vehicles/brands/${brand.id}/edit`}
                label={a.edit}
                name={brand.name}
              />
              <RowAction
                to={`/vehicles/brands/${brand.id}/delete`}
                label={a.delete}
                name={brand.name}
                danger
              />
            </RowActions>
          </DataRow>
        ))}
      </DataTable>
    </AdminListPage>
  );
}

export const ErrorBoundary = listErrorBoundary(messages.failures.brandsLoad);
