import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches, useRouteLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { RouteErrorContent } from "~/components/route-error";
import { type CreditBalance, shellSummary } from "~/models/accounts/index.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { useSeo } from "~/components/hooks";
import { navigationFor } from "~/components/navigation";

export const access: Access = "signed-in";

/**
 * The signed-in area: its pages get the site's description from the root. It stays out of search
 * indexes by the sign-in itself: an anonymous visit is redirected with `X-Robots-Tag: noindex`.
 */
export const handle = { signedIn: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const summary = shellSummary(user);
  return {
    user: summary.user,
    navigation: navigationFor(user.role),
    plan: {
      isAdmin: user.role === "admin",
      planName: summary.subscription?.planName ?? null,
      isFree: summary.subscription?.isFree ?? true,
      expiresAt: summary.subscription?.expiresAt ?? null,
      remainingSearches: summary.credits.remainingSearches,
      dailyAllowance: summary.credits.dailyAllowance,
      canUpgrade: summary.canUpgrade,
    },
  };
}

/**
 * Loaders run in parallel, so a page that spends a credit (a search) hands back the balance it
 * left; the shell shows that instead of the figure it read before the charge.
 */
function useFreshCreditStats(): CreditBalance | undefined {
  return useMatches()
    .map((match) => (match.data as { creditStats?: CreditBalance } | undefined)?.creditStats)
    .find((stats) => stats !== undefined);
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  const seo = useSeo();
  const fresh = useFreshCreditStats();
  return (
    <AppShell
      user={data.user}
      navigation={data.navigation}
      plan={fresh ? { ...data.plan, ...fresh } : data.plan}
      siteName={seo.siteName}
    >
      <Outlet />
    </AppShell>
  );
}

/**
 * Every signed-in screen's error boundary (ADR 0062): a 404, 403 or 500 a screen throws stays
 * inside the shell — header, menu, plan card — with its pt-BR message and a way back. Remix shows
 * the nearest boundary in place of its route's component, so this one draws the shell again from
 * the layout's own data; only when that data failed too (the layout's loader threw) does the
 * message stand alone.
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  const seo = useSeo();
  if (!data)
    return (
      <main id="main" className="p-4 sm:p-6">
        <RouteErrorContent />
      </main>
    );
  return (
    <AppShell
      user={data.user}
      navigation={data.navigation}
      plan={data.plan}
      siteName={seo.siteName}
    >
      <RouteErrorContent />
    </AppShell>
  );
}
