import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useNonce } from "~/components/nonce";
import { GenericErrorPage, NotFoundPage, refusalText } from "~/components/status-pages";
import { Toast } from "~/components/toast";
import { publicSeo, seoHeadFor } from "~/models/seo/index.server";
import { takeToast } from "~/server/toast.server";
import stylesheet from "~/styles/app.css?url";
import { seoHeadFrom, seoMeta } from "~/utils/seo-meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await takeToast(request);
  const seo = publicSeo();
  const seoHead = seoHeadFor(new URL(request.url), seo);
  return data({ seo, seoHead, toast }, { headers });
}

/** Pages without a `meta` of their own (the landing) get the site's head. */
export const meta: MetaFunction<typeof loader> = ({ matches, location }) =>
  seoMeta(seoHeadFrom(matches), { path: location.pathname });

/**
 * Under a route that sets `handle.signedIn` (the `_app` layout) the pages' own `meta` gives only a
 * title; the root adds the site's description. No robots meta: no crawler ever gets a signed-in
 * page — it gets the sign-in redirect, which says `noindex` (ADR 0063).
 */
function useSignedInPage(): boolean {
  return useMatches().some(
    (match) => (match.handle as { signedIn?: boolean } | undefined)?.signedIn,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const signedInPage = useSignedInPage();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#155bb5" />
        {signedInPage && root && <meta name="description" content={root.seo.siteDescription} />}
        {root?.seo.faviconUrl ? (
          <link rel="icon" href={root.seo.faviconUrl} />
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        <Meta />
        <Links />
        {/* Before any module: zod's fast path probes `new Function`, which the CSP refuses and
            Chrome reports as a violation on every page with a form that checks itself. */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: "__zod_globalConfig={jitless:1}" }}
        />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Toast toast={toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <GenericErrorPage
      href={`${location.pathname}${location.search}`}
      description={refusalText(error)}
    />
  );
}
