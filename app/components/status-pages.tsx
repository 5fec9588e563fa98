import { isRouteErrorResponse, Link } from "@remix-run/react";
import * as messages from "~/messages";

export function NotFoundPage() {
  return (
    <main
      id="main"
      className="flex min-h-[70vh] flex-col items-center justify-center px-6 text-center"
    >
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">{messages.notFound.title}</h1>
      <p className="mt-2 max-w-md text-slate-600">{messages.notFound.description}</p>
      <Link to="/" className="btn-primary mt-6">
        {messages.notFound.link}
      </Link>
    </main>
  );
}

/**
 * What a refused request says about itself: the pt-BR text of a 4xx Response a loader or action
 * threw (an unreadable form, a cross-site post), to show instead of the generic description.
 */
export function refusalText(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500) return undefined;
  return typeof error.data === "string" && error.data.trim() ? error.data : undefined;
}

/**
 * Both actions are plain links, so they work even when the page's scripts failed. `description`
 * replaces the generic text (a refusal's own, from `refusalText`).
 */
export function GenericErrorPage({ href, description }: { href: string; description?: string }) {
  return (
    <main
      id="main"
      className="flex min-h-[70vh] flex-col items-center justify-center px-6 text-center"
    >
      <h1 className="text-2xl font-bold">{messages.error.title}</h1>
      <p className="mt-2 max-w-md text-slate-600">{description ?? messages.error.description}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a href={href} className="btn-primary">
          {messages.error.retry}
        </a>
        <a href={href} className="btn-secondary" data-reload>
          {messages.error.reload}
        </a>
      </div>
    </main>
  );
}
