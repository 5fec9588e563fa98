import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { refusalText } from "~/components/status-pages";
import * as messages from "~/messages";

const r = messages.routeErrors;

/**
 * The way back from a screen that failed: the list its address sits under (`/vehicles/9` →
 * `/vehicles`, `/customers/3/edit` → `/customers`), or the start page when the list itself failed.
 */
export function backHrefFor(pathname: string): string {
  const first = pathname.split("/").find(Boolean);
  if (!first || `/${first}` === pathname.replace(/\/+$/, "")) return "/home";
  return `/${first}`;
}

/** Fetch's own failure with JavaScript on (Chromium, Firefox, Safari): no answer reached the page. */
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message)
  );
}

function BackLinks({ back, retry }: { back: string; retry?: string }) {
  return (
    <div className="mt-6 flex flex-wrap justify-center gap-3">
      {retry && (
        // A plain link: it works even when the page's scripts failed.
        <a href={retry} className="btn-primary">
          {messages.error.retry}
        </a>
      )}
      <Link to={back} className={retry ? "btn-secondary" : "btn-primary"}>
        {back === "/home" ? r.backHome : r.back}
      </Link>
    </div>
  );
}

/**
 * What a signed-in screen shows in place of its page when it threw (ADR 0062): a 404 says what is
 * missing in the refusal's own words ("Veículo não encontrado"), another 4xx its reason, anything
 * else the generic pt-BR error with a retry; each with a way back. It renders inside the app's
 * shell (the `_app` layout's boundary, or a screen's own), so it is a section, never a `<main>`.
 */
export function RouteErrorContent() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const back = backHrefFor(pathname);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text = refusalText(error);
  const detail = text ?? (status === 403 ? r.forbidden : undefined);
  if (status === 404)
    return (
      <section role="alert" className="card mx-auto max-w-md p-8 text-center">
        <p className="text-5xl font-bold text-brand-600">404</p>
        <h1 className="mt-3 text-xl font-bold">{text ?? messages.notFound.title}</h1>
        <p className="mt-2 text-slate-600">{r.notFoundHint}</p>
        <BackLinks back={back} />
      </section>
    );
  if (status >= 400 && status < 500)
    return (
      <section role="alert" className="card mx-auto max-w-md p-8 text-center">
        <p className="text-5xl font-bold text-brand-600">{status}</p>
        <h1 className="mt-3 text-xl font-bold">{r.refusedTitle}</h1>
        {detail && <p className="mt-2 text-slate-600">{detail}</p>}
        <BackLinks back={back} />
      </section>
    );
  return (
    <section role="alert" className="card mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-bold">{messages.error.title}</h1>
      <p className="mt-2 text-slate-600">
        {isNetworkFailure(error) ? r.network : messages.error.description}
      </p>
      <BackLinks back={back} retry={`${pathname}${search}`} />
    </section>
  );
}
