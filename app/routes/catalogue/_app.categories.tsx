import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataRow, DataTable, RowActions } from "~/components/admin/data-table";
import { FilterForm, SearchInput } from "~/components/admin/filter-form";
import { AdminListPage } from "~/components/admin/list-page";
import { useWithListSearch } from "~/components/catalogue/list-href";
import { listCategories } from "~/models/catalogue/index.server";
import { NAME_MAX } from "~/schemas/catalogue/catalogue";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { formatDate, formatInteger } from "~/utils/format";
import { RowAction } from "~/components/admin/row-action";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;
const a = messages.admin;

export const meta: MetaFunction = () => [{ title: `${m.categoriesTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, NAME_MAX);
  return { q, categories: listCategories(q) };
}

export default function CategoriesPage() {
  const { q, categories } = useLoaderData<typeof loader>();
  const withSearch = useWithListSearch();
  return (
    <AdminListPage
      width="6xl"
      title={m.categoriesTitle}
      subtitle={m.categoriesSubtitle}
      create={{ to: withSearch("/categories/new"), label: m.newCategory }}
    >
      <FilterForm
        submitLabel={a.search}
        clearHref="/categories"
        filtered={Boolean(q)}
        idPrefix="categories"
        values={{ q }}
      >
        <SearchInput label={m.searchCategories} maxLength={NAME_MAX} />
      </FilterForm>
      <DataTable
        columns={[
          { label: m.name },
          { label: m.description },
          { label: m.partsCount, align: "right" },
          { label: m.createdAt },
          { label: a.actions, align: "right" },
        ]}
        empty={m.noCategories}
        isEmpty={categories.length === 0}
      >
        {categories.map((category) => (
          <DataRow key={category.id}>
            <th scope="row" className="px-4 py-3 font-semibold">
              {category.name}
            </th>
            <td className="px-4 py-3 text-slate-700">
              {category.description ?? <span className="text-slate-500">{m.noDescription}</span>}
            </td>
            <td className="px-4 py-3 text-right tabular-nums">
              {formatInteger(category.partsCount)}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDate(category.createdAt)}</td>
            <RowActions>
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
            </RowActions>
          </DataRow>
        ))}
      </DataTable>
    </AdminListPage>
  );
}
