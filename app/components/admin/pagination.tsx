import { Link, useSearchParams } from "@remix-run/react";
import * as messages from "~/messages";

const m = messages.search;

/** The page numbers around the current one: at most `max`, as the spec's lists show. */
export function pageWindow(page: number, pages: number, max = 5): number[] {
  const half = Math.floor(max / 2);
  const start = Math.max(1, Math.min(page - half, pages - max + 1));
  const end = Math.min(pages, start + max - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** Previous / next and up to five page links, kept in the URL (`param`, default "page"). */
export function Pagination({
  page,
  pages,
  param = "page",
  label,
}: {
  page: number;
  pages: number;
  param?: string;
  label: string;
}) {
  const [params] = useSearchParams();
  if (pages <= 1) return null;
  const href = (target: number) => {
    const next = new URLSearchParams(params);
    next.set(param, String(target));
    return `?${next}`;
  };
  const disabled = "btn-secondary pointer-events-none opacity-50";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span data-testid="pagination-status">{m.pageOf(page, pages)}</span>
      <div className="flex flex-wrap items-center gap-1">
        {page > 1 ? (
          <Link to={href(page - 1)} className="btn-secondary" rel="prev">
            {m.previous}
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            {m.previous}
          </span>
        )}
        {pageWindow(page, pages).map((n) => (
          <Link
            key={n}
            to={href(n)}
            aria-current={n === page ? "page" : undefined}
            className={n === page ? "btn-primary" : "btn-secondary"}
          >
            {n}
          </Link>
        ))}
        {page < pages ? (
          <Link to={href(page + 1)} className="btn-secondary" rel="next">
            {m.next}
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            {m.next}
          </span>
        )}
      </div>
    </nav>
  );
}
