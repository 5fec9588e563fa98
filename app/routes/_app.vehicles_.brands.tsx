import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/admin/page-header";
import { listBrands } from "~/models/brand.server";
import { requireAdmin } from "~/server/auth.server";
import { formatInteger } from "~/utils/format";
import { RowAction } from "~/components/admin/row-action";
import { messages } from "~/utils/messages";

const m = messages.catalogue;
const a = messages.admin;

export const meta: MetaFunction = () => [{ title: `${m.brandsTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { brands: listBrands() };
}

export default function BrandsPage() {
  const { brands } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title={m.brandsTitle}
        subtitle={m.brandsSubtitle}
        actions={
          <>
            <Link to="/vehicles" className="btn-secondary">
              {m.backToVehicles}
            </Link>
            <Link to="/vehicles/brands/new" className="btn-primary" preventScrollReset>
              {m.newBrand}
            </Link>
          </>
        }
      />
      <div className="card overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                {m.id}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.name}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {m.vehiclesCount}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {a.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {brands.length === 0 && (
              <tr>
                <td colSpan={4} className="px-4 py-8 text-center text-slate-600">
                  {m.noBrands}
                </td>
              </tr>
            )}
            {brands.map((brand) => (
              <tr key={brand.id} className="border-b border-slate-100 last:border-0">
                <td className="px-4 py-3 tabular-nums text-slate-600">{brand.id}</td>
                <th scope="row" className="px-4 py-3 font-semibold">
                  {brand.name}
                </th>
                <td className="px-4 py-3 text-right tabular-nums">
                  {formatInteger(brand.vehiclesCount)}
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1">
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
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Outlet />
    </div>
  );
}
