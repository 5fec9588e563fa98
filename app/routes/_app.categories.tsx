import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/admin/page-header";
import { useWithListSearch } from "~/components/catalogue/list-href";
import { listCategories } from "~/models/category.server";
import { NAME_MAX } from "~/schemas/catalogue";
import { requireAdmin } from "~/server/auth.server";
import { formatDate, formatInteger } from "~/utils/format";
import { RowAction } from "~/components/admin/row-action";
import { messages } from "~/utils/messages";

const m = messages.catalogue;
const a = messages.admin;

export const meta: MetaFunction = () => [{ title: `${m.categoriesTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, NAME_MAX);
  return { q, categories: listCategories(q) };
}

export default function CategoriesPage() {
  const { q, categories } = useLoaderData<typeof loader>();
  const withSearch = useWithListSearch();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={m.categoriesTitle}
        subtitle={m.categoriesSubtitle}
        actions={
          <Link to={withSearch("/categories/new")} className="btn-primary" preventScrollReset>
            {m.newCategory}
          </Link>
        }
      />
      <Form
        method="get"
        className="card flex flex-col gap-2 p-4 sm:flex-row sm:items-end"
        role="search"
      >
        <div className="flex-1">
          <label htmlFor="categories-q" className="label">
            {m.searchCategories}
          </label>
          <input
            id="categories-q"
            name="q"
            type="search"
            defaultValue={q}
            className="input"
            maxLength={NAME_MAX}
          />
        </div>
        <button type="submit" className="btn-secondary">
          {a.search}
        </button>
        {q && (
          <Link to="/categories" className="btn-ghost">
            {a.clearFilters}
          </Link>
        )}
      </Form>
      <div className="card overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                {m.name}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.description}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {m.partsCount}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.createdAt}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {a.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {categories.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-8 text-center text-slate-600">
                  {m.noCategories}
                </td>
              </tr>
            )}
            {categories.map((category) => (
              <tr key={category.id} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-4 py-3 font-semibold">
                  {category.name}
                </th>
                <td className="px-4 py-3 text-slate-700">
                  {category.description ?? (
                    <span className="text-slate-500">{m.noDescription}</span>
                  )}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">
                  {formatInteger(category.partsCount)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDate(category.createdAt)}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1">
                    <Link
                      to={`/parts?category=${category.id}`}
                      className="btn-ghost whitespace-nowrap px-2 py-1"
                      aria-label={`${m.viewParts}: ${category.name}`}
                    >
                      {m.viewParts}
                    </Link>
                    <RowAction
                      to={withSearch(`/categories/${category.id}/edit`)}
                      label={a.edit}
                      name={category.name}
                    />
                    <RowAction
                      to={withSearch(`/categories/${category.id}/delete`)}
                      label={a.delete}
                      name={category.name}
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
