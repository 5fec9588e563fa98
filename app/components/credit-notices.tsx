import { Link, useRouteLoaderData } from "@remix-run/react";
import * as messages from "~/messages";

const m = messages.search;

/**
 * Whether the signed-in shell (the `_app` layout) offers an upgrade: false on the top plan. Read
 * from the layout's data, so a metered page needs no query of its own.
 */
function useCanUpgrade(): boolean {
  const shell = useRouteLoaderData<{ plan?: { canUpgrade?: boolean } }>("routes/_app");
  return shell?.plan?.canUpgrade ?? true;
}

/**
 * A metered page's answer when the day's credits are spent: the spec's text and the upgrade link;
 * on the top plan, when the searches come back instead.
 */
export function CreditsExhausted() {
  const canUpgrade = useCanUpgrade();
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900"
      data-testid="credits-exhausted"
    >
      <p>{canUpgrade ? m.exhausted : m.exhaustedTopPlan}</p>
      {canUpgrade && (
        <Link to="/settings?tab=planos" className="mt-2 inline-block font-semibold underline">
          {m.upgrade}
        </Link>
      )}
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
