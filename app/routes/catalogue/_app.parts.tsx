import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { DataRow, DataTable, RowActions } from "~/components/admin/data-table";
import { FilterForm, FilterSelect, SearchInput } from "~/components/admin/filter-form";
import { AdminListPage, listErrorBoundary } from "~/components/admin/list-page";
import { listPartsPage, partCategoryOptions } from "~/models/catalogue/index.server";
import { parsePartListQuery, partListSearch } from "~/schemas/catalogue/part";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { shownPartFields } from "./part-fields.server";
import { formatInteger } from "~/utils/format";
import { Icon } from "~/components/icon";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.parts;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const query = parsePartListQuery(new URL(request.url).searchParams);
  const page = await listPartsPage(query);
  return {
    query: { q: query.q, category: query.categoryId ? String(query.categoryId) : "all" },
    categories: partCategoryOptions(),
    parts: page.items.map((part) => ({
      ...shownPartFields(part),
      alternativeCodesCount: part.alternativeCodesCount,
      firstAlternativeCodes: part.firstAlternativeCodes,
      vehiclesCount: part.vehiclesCount,
    })),
    total: page.total,
    page: page.page,
    pages: page.pages,
  };
}

export default function PartsPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = partListSearch(new URLSearchParams(location.search));
  const filtered = data.query.q !== "" || data.query.category !== "all";

  return (
    <AdminListPage
      title={m.title}
      subtitle={m.subtitle}
      create={{ to: `/parts/new${back}`, label: m.newPart }}
      pagination={{ page: data.page, pages: data.pages, label: m.pagination }}
    >
      <FilterForm
        label={m.searchLabel}
        clearHref="/parts"
        filtered={filtered}
        idPrefix="parts"
        values={data.query}
      >
        <SearchInput label={m.searchLabel} placeholder={m.searchPlaceholder} autoComplete="off" />
        <FilterSelect
          name="category"
          label={m.categoryFilter}
          allLabel={m.allCategories}
          allValue="all"
          options={data.categories.map((category) => ({
            value: category.id,
            label: category.name,
          }))}
        />
      </FilterForm>

      <p className="text-sm text-slate-600" data-testid="parts-total">
        {m.total(data.total)}
      </p>

      <DataTable
        columns={[
          { label: m.code },
          { label: m.nameAndDescription },
          { label: m.category },
          { label: m.manufacturer },
          { label: m.alternativeCodes },
          { label: m.compatibleVehicles },
          { label: m.marketplace },
          { label: m.actions, align: "right" },
        ]}
        empty={m.empty}
        isEmpty={data.parts.length === 0}
      >
        {data.parts.map((part) => {
          const extra = part.alternativeCodesCount - part.firstAlternativeCodes.length;
          return (
            <DataRow key={part.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3 font-mono font-semibold">{part.code}</td>
              <td className="min-w-36 max-w-56 px-4 py-3">
                <p className="font-medium">{part.name}</p>
                {part.description && (
                  <p className="line-clamp-2 text-slate-600">{part.description}</p>
                )}
              </td>
              <td className="px-4 py-3">{part.categoryName ?? m.noCategory}</td>
              <td className="px-4 py-3">{part.manufacturer}</td>
              <td className="px-4 py-3">
                {part.alternativeCodesCount === 0 ? (
                  <span className="text-slate-500">{m.noCodes}</span>
                ) : (
                  <div className="flex flex-wrap items-center gap-1">
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold">
                      {part.alternativeCodesCount}
                    </span>
                    {part.firstAlternativeCodes.map((code) => (
                      <span
                        key={code}
                        className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs text-brand-900"
                      >
                        {code}
                      </span>
                    ))}
                    {extra > 0 && (
                      <span className="text-xs text-slate-600">{m.moreCodes(extra)}</span>
                    )}
                  </div>
                )}
              </td>
              <td
                className="px-4 py-3 text-center tabular-nums"
                data-testid="vehicles-count"
                aria-label={m.vehiclesCount(part.vehiclesCount)}
              >
                {formatInteger(part.vehiclesCount)}
              </td>
              <td className="px-4 py-3">
                {part.mercadoLivreLink && (
                  <a
                    href={part.mercadoLivreLink}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="btn-secondary whitespace-nowrap px-2 py-1 text-xs"
                    aria-label={m.openMarketplaceFor(part.code)}
                  >
                    {m.openLink}
                    <Icon name="external-link" className="size-3.5" />
                  </a>
                )}
              </td>
              <RowActions>
                <Link
                  to={`/parts/${part.id}`}
                  className="btn-ghost whitespace-nowrap px-2 py-1"
                  aria-label={m.viewFor(part.code)}
                >
                  {m.view}
                </Link>
                <Link
                  to={`/parts/${part.id}/edit${back}`}
                  className="btn-ghost whitespace-nowrap px-2 py-1"
                  aria-label={m.editFor(part.code)}
                  preventScrollReset
                >
                  {m.edit}
                </Link>
                <Link
                  to={`/parts/${part.id}/delete${back}`}
                  className="btn-ghost whitespace-nowrap px-2 py-1 text-red-700"
                  aria-label={m.deleteFor(part.code)}
                  preventScrollReset
                >
                  {m.delete}
                </Link>
              </RowActions>
            </DataRow>
          );
        })}
      </DataTable>
    </AdminListPage>
  );
}

export const ErrorBoundary = listErrorBoundary(messages.failures.partsLoad);
