import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { ButtonLink, PageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { RouteErrorContent } from "~/components/route-error";
import { refusalText } from "~/components/status-pages";
import * as messages from "~/messages";

const widths = { "4xl": "max-w-4xl", "6xl": "max-w-6xl", "7xl": "max-w-7xl" } as const;

/**
 * An admin list screen: its header (title, subtitle, the `actions` links and last the primary
 * `create` link, which opens its dialog over the list without scrolling), the filters and table
 * it is given, and its pagination, stacked in a column (`width` caps it; none lets the table use
 * the whole main area), then the outlet where its dialogs open.
 */
export function AdminListPage({
  width,
  title,
  subtitle,
  actions,
  create,
  pagination,
  children,
}: {
  width?: keyof typeof widths;
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  create?: { to: string; label: string };
  pagination?: { page: number; pages: number; label: string };
  children: ReactNode;
}) {
  return (
    <div className={width ? `mx-auto ${widths[width]} space-y-6` : "space-y-6"}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          (actions || create) && (
            <>
              {actions}
              {create && (
                <ButtonLink to={create.to} variant="primary" preventScrollReset>
                  {create.label}
                </ButtonLink>
              )}
            </>
          )
        }
      />
      {children}
      {pagination && <Pagination {...pagination} />}
      <Outlet />
    </div>
  );
}

/**
 * A list's ErrorBoundary: a failed load says so (`message`, or a refused request's own text)
 * inside the shell, with a retry link; unknown ids (from the dialogs) are the 404 page.
 */
export function listErrorBoundary(message: string) {
  return function ListErrorBoundary() {
    const error = useRouteError();
    const location = useLocation();
    // Inside the shell: the 404 in its own words, with the way back (never a second <main>).
    if (isRouteErrorResponse(error) && error.status === 404) return <RouteErrorContent />;
    return (
      <div role="alert" className="card mx-auto max-w-xl p-8 text-center">
        <p className="font-semibold text-red-800">{refusalText(error) ?? message}</p>
        <a href={`${location.pathname}${location.search}`} className="btn-secondary mt-4">
          {messages.plansAdmin.retry}
        </a>
      </div>
    );
  };
}
