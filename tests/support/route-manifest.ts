import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { appRequestHandler } from "~/server/api-methods.server";
import * as entryServer from "~/entry.server";
import type { RouteConfigEntry } from "@remix-run/route-config";
import { remixFuture } from "../../vite.config";

/**
 * A route as the app serves it: its id and parent (as Remix names them), its module (relative to
 * app/), its own path segment and its full URL pattern.
 */
export type ManifestRoute = {
  id: string;
  parentId: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  fullPath: string;
};

/**
 * The real route manifest: app/routes.ts resolved as Remix's Vite plugin does (flat routes plus
 * the declared pages), flattened to every route with its full path. A new route file shows up
 * here by itself.
 */
export async function routeManifest(): Promise<ManifestRoute[]> {
  // What @remix-run/dev sets before it evaluates routes.ts (read by flatRoutes via getAppDirectory).
  (globalThis as { __remixAppDirectory?: string }).__remixAppDirectory = path.resolve("app");
  const { default: config } = (await import("~/routes")) as { default: RouteConfigEntry[] };
  const routes: ManifestRoute[] = [];
  const walk = (entries: RouteConfigEntry[], parentId: string, parentPath: string) => {
    for (const entry of entries) {
      const fullPath = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      routes.push({
        id,
        parentId,
        file: entry.file,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        fullPath: `/${fullPath}`,
      });
      walk(entry.children ?? [], id, fullPath);
    }
  };
  walk(config, "root", "");
  return routes;
}

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;
export type RouteModule = { loader?: Handler; action?: Handler; ErrorBoundary?: unknown };

/** A route's module, loaded as the server would (one module may serve several routes). */
export function loadRouteModule(file: string): Promise<RouteModule> {
  return import(/* @vite-ignore */ path.resolve("app", file)) as Promise<RouteModule>;
}

/**
 * The server build Remix's Vite plugin would emit, assembled in the test process from the
 * manifest and the modules as loaded here (one database connection, one set of caches): a
 * request through `createRequestHandler(build)` runs the actions, the loaders and the page
 * render as in production. Client assets are stand-ins; the HTML only names them.
 */
export async function serverBuild(
  manifest: ManifestRoute[],
  entry: ServerBuild["entry"]["module"],
): Promise<ServerBuild> {
  const routes: ServerBuild["routes"] = {};
  const assets: ServerBuild["assets"]["routes"] = {};
  const all = [{ id: "root", parentId: undefined, file: "root.tsx", path: "" }, ...manifest];
  for (const route of all) {
    const module = (await loadRouteModule(route.file)) as ServerBuild["routes"][string]["module"];
    const { id, parentId, path: routePath } = route;
    const index = "index" in route ? route.index : undefined;
    const caseSensitive = "caseSensitive" in route ? route.caseSensitive : undefined;
    routes[id] = { id, parentId, path: routePath, index, caseSensitive, module };
    assets[id] = {
      id,
      parentId,
      path: routePath,
      index,
      caseSensitive,
      module: `/assets/${id}.js`,
      imports: [],
      hasAction: Boolean(module.action),
      hasLoader: Boolean(module.loader),
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: Boolean(module.ErrorBoundary),
    };
  }
  return {
    mode: "production",
    entry: { module: entry },
    routes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: assets,
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: path.resolve("build/client"),
    future: remixFuture,
    isSpaMode: false,
  };
}

/**
 * A request handler serving the app as production does, through the real entry.server: every
 * route, or only `routes` (ids) for a test about a few screens; `onError` sees what the server
 * reports while answering (a 500's cause).
 */
export async function productionHandler(
  options: { routes?: ReadonlySet<string>; onError?: (error: unknown) => void } = {},
) {
  const manifest = await routeManifest();
  const { routes, onError } = options;
  const build = await serverBuild(routes ? manifest.filter((r) => routes.has(r.id)) : manifest, {
    ...(entryServer as unknown as ServerBuild["entry"]["module"]),
    ...(onError ? { handleError: onError } : {}),
  });
  const handle = appRequestHandler(build, "production");
  // Every /api answer is checked against the OpenAPI document (ADR 0052).
  return async (request: Request, context?: Parameters<typeof handle>[1]) => {
    const response = await handle(request, context);
    if (new URL(request.url).pathname.startsWith("/api/"))
      await (
        await import("./contract")
      ).checkAgainstContract(request.method, request.url, response);
    return response;
  };
}
