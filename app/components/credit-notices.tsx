import { Link } from "@remix-run/react";
import * as messages from "~/messages";

const m = messages.search;

/** A metered page's answer when the day's credits are spent: the spec's text and the upgrade link. */
export function CreditsExhausted() {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900"
      data-testid="credits-exhausted"
    >
      <p>{m.exhausted}</p>
      <Link to="/settings?tab=planos" className="mt-2 inline-block font-semibold underline">
        {m.upgrade}
      </Link>
    </div>
  );
}

/** The low-credit warning (5 or fewer left); nothing for unlimited accounts (−1). */
export function CreditsLow({ remaining }: { remaining: number }) {
  if (remaining < 0) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
      data-testid="credits-low"
    >
      {m.low(remaining)}
    </p>
  );
}
