import { describe, expect, it } from "vitest";
import * as robotsRoute from "~/routes/site/robots[.]txt";
import * as sitemapRoute from "~/routes/site/sitemap[.]xml";
import { etagOf, matchesIfNoneMatch } from "~/server/validators.server";
import { createPart, createPlan } from "../support/factories";
import { productionHandler } from "../support/route-manifest";
import { call } from "../support/routes";

createPlan({ name: "Profissional", priceCents: 4990 });

const PUBLIC_ROUTES = new Set([
  "root",
  "routes/_landing",
  "routes/_landing._index",
  "routes/termos",
  "routes/login",
]);
const handle = await productionHandler({ routes: PUBLIC_ROUTES });
const get = (path: string, headers: Record<string, string> = {}) =>
  handle(new Request(`http://localhost${path}`, { headers: { Host: "localhost", ...headers } }));

describe("validators", () => {
  it("an ETag changes with what it is made of", () => {
    expect(etagOf("a", { n: 1 })).toBe(etagOf("a", { n: 1 }));
    expect(etagOf("a", { n: 1 })).not.toBe(etagOf("a", { n: 2 }));
    expect(etagOf("x")).toMatch(/^W\/".+"$/);
  });

  it("If-None-Match compares weakly, in lists, and * matches anything", () => {
    const etag = etagOf("x");
    const asking = (value: string) =>
      matchesIfNoneMatch(new Request("http://x/", { headers: { "If-None-Match": value } }), etag);
    expect(asking(etag)).toBe(true);
    expect(asking(etag.slice(2))).toBe(true);
    expect(asking(`W/"outro", ${etag}`)).toBe(true);
    expect(asking("*")).toBe(true);
    expect(asking('W/"outro"')).toBe(false);
    expect(matchesIfNoneMatch(new Request("http://x/"), etag)).toBe(false);
  });
});

describe("public pages answer a repeat visit with 304", () => {
  it("the landing: ETag and no-cache, then 304 without a body or a policy", async () => {
    const first = await get("/");
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(first.headers.get("Vary")).toContain("Cookie");

    const again = await get("/", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("Content-Security-Policy")).toBeNull();
    expect(again.headers.get("ETag")).toBe(etag);
  });

  it("a change in the data the page shows makes a new ETag: the next visit gets the page", async () => {
    const before = (await get("/")).headers.get("ETag")!;
    createPart({ code: "CACHE-1", name: "Peça nova" });
    const after = await get("/", { "If-None-Match": before });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(before);
  });

  it("a legal page too; a page that did not opt in has no ETag", async () => {
    const terms = await get("/termos");
    expect(terms.headers.get("ETag")).toBeTruthy();
    expect((await get("/termos", { "If-None-Match": terms.headers.get("ETag")! })).status).toBe(
      304,
    );
    const login = await get("/login");
    expect(login.status).toBe(200);
    expect(login.headers.get("ETag")).toBeNull();
  });
});

describe("robots.txt and sitemap.xml", () => {
  it.each([
    ["/robots.txt", robotsRoute.loader],
    ["/sitemap.xml", sitemapRoute.loader],
  ])("%s: ETag, public caching, 304 on a repeat", async (path, loader) => {
    const first = await call(loader, path);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const etag = first.headers.get("ETag")!;
    const again = await call(loader, path, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});
