import type * as Router from "@remix-run/router";
import type * as RouterDomServer from "react-router-dom/server";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * patches/: on the server, the router keeps the ranked route branches, the compiled paths and each
 * path's matches (per route tree); react-router-dom keeps a tree's data routes and Remix the tree
 * it builds from its manifest — instead of rebuilding them on every request (ADR 0024). A patch
 * that stopped applying (a new version) fails here rather than silently costing every request.
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
    expect(source).toContain("rememberMatches");
    const read = (name: string) => readFileSync(require.resolve(name), "utf8");
    expect(read("react-router-dom/server")).toContain("dataRoutesCache");
    expect(read("@remix-run/react/dist/server.js")).toContain("serverRoutesOf");
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

  it("hands each caller its own copy of a remembered match", () => {
    const routes = [{ id: "part", path: "/parts/:id" }];
    const first = router.matchRoutes(routes, "/parts/7");
    (first![0].params as Record<string, string>).id = "changed";
    first![0].pathname = "/elsewhere";
    first!.push(first![0]);
    const again = router.matchRoutes(routes, "/parts/7");
    expect(again).toHaveLength(1);
    expect(again![0]).toMatchObject({ params: { id: "7" }, pathname: "/parts/7" });
  });

  it("stays right past its bound, for encoded, long and unmatched paths", () => {
    const routes = [{ id: "part", path: "/parts/:id" }];
    for (let round = 0; round < 2; round++) {
      for (let n = 0; n < 1200; n++) {
        expect(router.matchRoutes(routes, `/parts/${n}`)?.[0]?.params).toEqual({ id: String(n) });
      }
    }
    expect(router.matchRoutes(routes, "/parts/a%20b")?.[0]?.params).toEqual({ id: "a b" });
    const long = "x".repeat(300);
    for (let round = 0; round < 2; round++) {
      expect(router.matchRoutes(routes, `/parts/${long}`)?.[0]?.params).toEqual({ id: long });
    }
    expect(router.matchRoutes(routes, "/nothing/here")).toBeNull();
    expect(router.matchRoutes(routes, "/nothing/here")).toBeNull();
  });

  it("builds a route tree's data routes once and keeps matching against them", async () => {
    // Required, as Remix's server renderer (CommonJS) loads it: `import` would pick server.mjs.
    const { createStaticHandler, createStaticRouter } =
      require("react-router-dom/server") as typeof RouterDomServer;
    const tree = [{ id: "root", path: "/", children: [{ id: "part", path: "parts/:id" }] }];
    const handler = createStaticHandler(tree);
    const render = async (path: string) => {
      const context = await handler.query(new Request(`http://x${path}`));
      if (context instanceof Response) throw new Error("unexpected response");
      return createStaticRouter(handler.dataRoutes, context);
    };
    const one = await render("/parts/1");
    const two = await render("/parts/2");
    expect(two.routes).toBe(one.routes);
    expect(one.state.matches.map((m) => m.params.id)).toEqual(["1", "1"]);
    expect(two.state.matches.map((m) => m.params.id)).toEqual(["2", "2"]);
  });
});
