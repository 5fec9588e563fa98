import { Link } from "@remix-run/react";
import { PAGE_PARAM } from "~/utils/search-params";
import * as messages from "~/messages";
import { resultsHref, type DescriptionView } from "./description-results";

const m = messages.search;

/** The pages to number around the current one: 1 … 4 5 6 … 12. */
export function pageWindow(page: number, pages: number, around = 1): (number | null)[] {
  const wanted = new Set([1, pages]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pages) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (typeof last === "number" && p - last === 2) out.push(last + 1);
    else if (typeof last === "number" && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/** Anterior · 1 … 4 5 6 … 12 · Próxima, as links that keep the query and its filters. */
export function ResultsPagination({
  view,
  params,
}: {
  view: DescriptionView;
  params: URLSearchParams;
}) {
  if (view.pages <= 1) return null;
  const href = (page: number) =>
    resultsHref(params, { [PAGE_PARAM]: page > 1 ? String(page) : null });
  const step = "btn-secondary min-h-10 px-3";
  return (
    <nav aria-label={m.pagination} className="space-y-2" data-testid="results-pagination">
      <ul className="flex flex-wrap items-center justify-center gap-1 text-sm">
        <li>
          {view.page > 1 ? (
            <Link to={href(view.page - 1)} className={step} rel="prev">
              {m.previous}
            </Link>
          ) : (
            <span className={`${step} pointer-events-none opacity-50`} aria-disabled="true">
              {m.previous}
            </span>
          )}
        </li>
        {pageWindow(view.page, view.pages).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : page === view.page ? (
            <li key={page}>
              <span
                aria-current="page"
                aria-label={m.currentPage(page)}
                className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg bg-brand-700 px-3 font-semibold text-white"
              >
                {page}
              </span>
            </li>
          ) : (
            <li key={page}>
              <Link
                to={href(page)}
                aria-label={m.goToPage(page)}
                className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border border-slate-300 px-3 hover:border-brand-500"
              >
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {view.page < view.pages ? (
            <Link to={href(view.page + 1)} className={step} rel="next">
              {m.next}
            </Link>
          ) : (
            <span className={`${step} pointer-events-none opacity-50`} aria-disabled="true">
              {m.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** The range of parts a page shows: "Mostrando 21–40 de 44 peças". */
export function PageRange({ view }: { view: DescriptionView }) {
  if (view.total === 0) return null;
  const from = (view.page - 1) * view.perPage + 1;
  const to = Math.min(view.total, view.page * view.perPage);
  return (
    <p className="text-sm text-slate-600" data-testid="page-range">
      {m.pageRange(from, to, view.total, view.totalIsLowerBound)}
    </p>
  );
}
