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
import { NOINDEX, seoHeadFrom, seoMeta } from "~/utils/seo-meta";

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

/** Routes that set `handle.noindex` (the signed-in area) are kept out of search indexes. */
function useNoindex(): boolean {
  return useMatches().some((match) => (match.handle as { noindex?: boolean } | undefined)?.noindex);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const noindex = useNoindex();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#155bb5" />
        {noindex && <meta name={NOINDEX.name} content={NOINDEX.content} />}
        {root?.seo.faviconUrl ? (
          <link rel="icon" href={root.seo.faviconUrl} />
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        <Meta />
        <Links />
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
