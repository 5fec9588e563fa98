import { Link } from "@remix-run/react";
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

/** Both actions are plain links, so they work even when the page's scripts failed. */
export function GenericErrorPage({ href }: { href: string }) {
  return (
    <main
      id="main"
      className="flex min-h-[70vh] flex-col items-center justify-center px-6 text-center"
    >
      <h1 className="text-2xl font-bold">{messages.error.title}</h1>
      <p className="mt-2 max-w-md text-slate-600">{messages.error.description}</p>
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
