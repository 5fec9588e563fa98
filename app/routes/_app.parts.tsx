import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { listPartsPage, partCategoryOptions } from "~/models/part.server";
import { parsePartListQuery, partListSearch } from "~/schemas/part";
import { requireAdmin } from "~/server/auth.server";
import { formatInteger } from "~/utils/format";
import { messages } from "~/utils/messages";

const m = messages.parts;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parsePartListQuery(new URL(request.url).searchParams);
  const page = listPartsPage(query);
  return {
    query: { q: query.q, category: query.categoryId ? String(query.categoryId) : "all" },
    categories: partCategoryOptions(),
    parts: page.items.map((part) => ({
      id: part.id,
      code: part.code,
      name: part.name,
      description: part.description,
      categoryName: part.categoryName,
      manufacturer: part.manufacturer,
      mercadoLivreLink: part.mercadoLivreLink,
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
    <div className="space-y-6">
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <Link to={`/parts/new${back}`} className="btn-primary" preventScrollReset>
            {m.newPart}
          </Link>
        }
      />

      <Form
        method="get"
        className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-end"
        role="search"
        aria-label={m.searchLabel}
      >
        <div className="flex-1">
          <label htmlFor="parts-q" className="label">
            {m.searchLabel}
          </label>
          <input
            id="parts-q"
            name="q"
            type="search"
            className="input"
            defaultValue={data.query.q}
            placeholder={m.searchPlaceholder}
            autoComplete="off"
          />
        </div>
        <div>
          <label htmlFor="parts-category" className="label">
            {m.categoryFilter}
          </label>
          <select
            id="parts-category"
            name="category"
            className="input"
            defaultValue={data.query.category}
          >
            <option value="all">{m.allCategories}</option>
            {data.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {m.filter}
        </button>
        {filtered && (
          <Link to="/parts" className="btn-ghost">
            {m.clearFilters}
          </Link>
        )}
      </Form>

      <p className="text-sm text-slate-600" data-testid="parts-total">
        {m.total(data.total)}
      </p>

      {data.parts.length === 0 ? (
        <div className="card p-8 text-center text-slate-600">{m.empty}</div>
      ) : (
        <div className="card overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2">
                  {m.code}
                </th>
                <th scope="col" className="px-2 py-2">
                  {m.nameAndDescription}
                </th>
                <th scope="col" className="px-2 py-2">
                  {m.category}
                </th>
                <th scope="col" className="px-2 py-2">
                  {m.manufacturer}
                </th>
                <th scope="col" className="px-2 py-2">
                  {m.alternativeCodes}
                </th>
                <th scope="col" className="px-2 py-2">
                  {m.compatibleVehicles}
                </th>
                <th scope="col" className="px-2 py-2">
                  {m.marketplace}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {m.actions}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.parts.map((part) => {
                const extra = part.alternativeCodesCount - part.firstAlternativeCodes.length;
                return (
                  <tr key={part.id} className="align-top">
                    <td className="whitespace-nowrap px-2 py-2 font-mono font-semibold">
                      {part.code}
                    </td>
                    <td className="min-w-36 max-w-56 px-2 py-2">
                      <p className="font-medium">{part.name}</p>
                      {part.description && (
                        <p className="line-clamp-2 text-slate-600">{part.description}</p>
                      )}
                    </td>
                    <td className="px-2 py-2">{part.categoryName ?? m.noCategory}</td>
                    <td className="px-2 py-2">{part.manufacturer}</td>
                    <td className="px-2 py-2">
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
                      className="px-2 py-2 text-center tabular-nums"
                      data-testid="vehicles-count"
                      aria-label={m.vehiclesCount(part.vehiclesCount)}
                    >
                      {formatInteger(part.vehiclesCount)}
                    </td>
                    <td className="px-2 py-2">
                      {part.mercadoLivreLink && (
                        <a
                          href={part.mercadoLivreLink}
                          target="_blank"
                          rel="noopener noreferrer nofollow"
                          className="btn-secondary whitespace-nowrap px-2 py-1 text-xs"
                          aria-label={m.openMarketplaceFor(part.code)}
                        >
                          {m.openLink}
                        </a>
                      )}
                    </td>
                    <td className="px-2 py-2">
                      <div className="flex justify-end whitespace-nowrap">
                        <Link
                          to={`/parts/${part.id}`}
                          className="btn-ghost px-1.5 py-1"
                          aria-label={m.viewFor(part.code)}
                        >
                          {m.view}
                        </Link>
                        <Link
                          to={`/parts/${part.id}/edit${back}`}
                          className="btn-ghost px-1.5 py-1"
                          aria-label={m.editFor(part.code)}
                          preventScrollReset
                        >
                          {m.edit}
                        </Link>
                        <Link
                          to={`/parts/${part.id}/delete${back}`}
                          className="btn-ghost px-1.5 py-1 text-red-700"
                          aria-label={m.deleteFor(part.code)}
                          preventScrollReset
                        >
                          {m.delete}
                        </Link>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <Pagination page={data.page} pages={data.pages} label={m.pagination} />
      <Outlet />
    </div>
  );
}
