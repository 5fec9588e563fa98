import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

/** Beside a route, `*.server.ts` is its page helper and `*.test.ts` its test: neither is a route. */
const PAGE_HELPERS = ["**/*.server.ts", "**/*.test.ts"];

export default (await flatRoutes({ ignoredRouteFiles: PAGE_HELPERS })) satisfies RouteConfig;
