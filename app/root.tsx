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
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useNonce } from "~/components/nonce";
import { GenericErrorPage, NotFoundPage, refusalText } from "~/components/status-pages";
import { Toast } from "~/components/toast";
import { publicSeo } from "~/models/seo.server";
import { takeToast } from "~/server/toast.server";
import stylesheet from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await takeToast(request);
  return data({ seo: publicSeo(), toast }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Encaixa" }];
  const { seo } = data;
  return [
    { title: seo.siteTitle },
    { name: "description", content: seo.siteDescription },
    { property: "og:site_name", content: seo.ogSiteName ?? seo.siteName },
    { property: "og:title", content: seo.siteTitle },
    ...(seo.ogImageUrl ? [{ property: "og:image", content: seo.ogImageUrl }] : []),
    { name: "twitter:card", content: seo.twitterCard },
    ...(seo.twitterSite ? [{ name: "twitter:site", content: seo.twitterSite }] : []),
  ];
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#155bb5" />
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
