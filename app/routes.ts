import { flatRoutes } from "@remix-run/fs-routes";
import { layout, route, type RouteConfig } from "@remix-run/route-config";
import { PENDING_PAGES } from "./utils/navigation";

/**
 * File routes, plus the user-area pages that are not built yet: each gets its own id on one
 * "em breve" module, so the guard and the shell already work there.
 */
/** Beside a route, `*.server.ts` is its page helper and `*.test.ts` its test: neither is a route. */
const PAGE_HELPERS = ["**/*.server.ts", "**/*.test.ts"];
/** Routed below, once per pending page: not a page of its own at /coming-soon. */
const DECLARED_BELOW = ["**/_app.coming-soon.tsx"];

const comingSoon = PENDING_PAGES.map(({ path }) =>
  route(path, "routes/_app.coming-soon.tsx", { id: `coming-soon/${path}` }),
);

export default [
  ...(await flatRoutes({ ignoredRouteFiles: [...PAGE_HELPERS, ...DECLARED_BELOW] })),
  layout("routes/_app.tsx", { id: "coming-soon-shell" }, comingSoon),
] satisfies RouteConfig;
