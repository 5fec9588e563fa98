import fs from "node:fs";
import path from "node:path";
import { UNSAFE_routeManifestToRouteConfig as routeConfigFromManifest } from "@remix-run/dev";
// Remix's own flat-route naming, applied to names instead of a folder listing (@remix-run/dev has
// no `exports` map; pinned at 2.17.x). ADR 0036.
import { flatRoutesUniversal } from "@remix-run/dev/dist/config/flat-routes.js";
import { getAppDirectory, type RouteConfig } from "@remix-run/route-config";

/**
 * Routes live in one folder per area (`routes/<area>/`), each module named by Remix's flat-route
 * convention (`_app.parts.$id.edit.tsx`), or as a folder of that name holding `route.tsx` beside
 * the screen's own helpers and components. Beside a route, `*.server.ts` is its page helper and
 * `*.test.ts` its test: neither is a route. URLs and route ids are those of one flat folder.
 */
const ROUTE_MODULE = /^(?!.*\.(server|test)\.tsx?$).*\.tsx?$/;
const FOLDER_ROUTE = /^route\.tsx?$/;

function routeFiles(routesDirectory: string): Array<{ name: string; file: string }> {
  const found: Array<{ name: string; file: string }> = [];
  for (const area of fs.readdirSync(routesDirectory, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    const areaDirectory = path.join(routesDirectory, area.name);
    for (const entry of fs.readdirSync(areaDirectory, { withFileTypes: true })) {
      const full = path.join(areaDirectory, entry.name);
      if (entry.isFile() && ROUTE_MODULE.test(entry.name)) {
        found.push({ name: entry.name, file: full });
      } else if (entry.isDirectory()) {
        const module = fs.readdirSync(full).find((name) => FOLDER_ROUTE.test(name));
        if (module)
          found.push({ name: entry.name + path.extname(module), file: path.join(full, module) });
      }
    }
  }
  return found;
}

function areaRoutes(): RouteConfig {
  const appDirectory = getAppDirectory();
  const routesDirectory = path.join(appDirectory, "routes");
  const files = routeFiles(routesDirectory);
  const realFile = new Map(files.map(({ name, file }) => [path.join(routesDirectory, name), file]));
  const manifest = flatRoutesUniversal(appDirectory, [...realFile.keys()], "routes");
  for (const route of Object.values(manifest))
    route.file = path.relative(appDirectory, realFile.get(path.join(appDirectory, route.file))!);
  return routeConfigFromManifest(manifest);
}

export default areaRoutes() satisfies RouteConfig;
