import type * as Router from "@remix-run/router";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router: the server keeps the ranked route branches and compiled paths
 * instead of rebuilding them on every request (ADR 0024). A patch that stopped applying (a new
 * router version) fails here rather than silently costing every request again.
 */
const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router");
const router = require(routerFile) as typeof Router;

describe("the route-matching patch", () => {
  it("is applied to the router the server loads", async () => {
    const { readFileSync } = await import("node:fs");
    const source = readFileSync(routerFile, "utf8");
    expect(source).toContain("rankedBranchesCache");
    expect(source).toContain("compiledPaths");
  });

  it("still matches as the router does: params, splats, case, ranking", () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "part", path: "parts/:id" },
          { id: "new", path: "parts/new" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const ids = (path: string) => router.matchRoutes(routes, path)?.map((m) => m.route.id);
    for (let round = 0; round < 2; round++) {
      expect(ids("/parts/12")).toEqual(["root", "part"]);
      expect(router.matchRoutes(routes, "/PARTS/9")?.[1]?.params).toEqual({ id: "9" });
      expect(ids("/parts/new")).toEqual(["root", "new"]);
      expect(ids("/x/y")).toEqual(["root", "splat"]);
    }
    // A different tree is matched on its own.
    expect(router.matchRoutes([{ id: "only", path: "/only" }], "/parts/12")).toBeNull();
  });
});
