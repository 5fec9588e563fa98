import { Link } from "@remix-run/react";
import * as messages from "~/messages";

export function LegalPage({ title, paragraphs }: { title: string; paragraphs: readonly string[] }) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="mt-6 space-y-4 text-slate-700">
        {paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      <Link to="/" className="btn-secondary mt-8">
        {messages.auth.backToStart}
      </Link>
    </main>
  );
}
