import { beforeEach, describe, expect, it } from "vitest";
import { seoSettings } from "~db/schema";
import * as robotsRoute from "~/routes/site/robots[.]txt";
import { ruleFor, type Access } from "~/server/access";
import { db } from "~/utils/db.server";
import { loadRouteModule, routeManifest } from "../support/route-manifest";
import { call } from "../support/routes";

/**
 * The served robots.txt read the two ways crawlers read it (ADR 0058): by the first rule that
 * matches a path (Python's urllib.robotparser and some bots) and by the longest (Google, RFC
 * 9309). Both must close every private area — each screen of the route manifest that is not
 * public, and the API — and open the public pages.
 */

type RobotsRule = { allow: boolean; path: string };

/** The rules of the group for every user agent ("*"), in the file's order. */
function starRules(text: string): RobotsRule[] {
  const rules: RobotsRule[] = [];
  let inStar = false;
  let sawRule = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, field, value] = match as unknown as [string, string, string];
    const key = field.toLowerCase();
    if (key === "user-agent") {
      // A user-agent line after rules opens a new group.
      if (sawRule) inStar = false;
      sawRule = false;
      inStar ||= value.trim() === "*";
    } else if (key === "allow" || key === "disallow") {
      sawRule = true;
      if (inStar && value) rules.push({ allow: key === "allow", path: value.trim() });
    }
  }
  return rules;
}

/** A rule's path as a pattern: "*" any characters, a final "$" the end (RFC 9309 §2.2.3). */
function matches(rulePath: string, path: string): boolean {
  const pattern = rulePath
    .replace(/[.+?^{}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\\?\$$/, "$");
  return new RegExp(`^${pattern}`).test(path);
}

/** urllib.robotparser's reading: the first rule that matches decides; none: allowed. */
function firstMatchAllows(rules: RobotsRule[], path: string): boolean {
  return rules.find((rule) => matches(rule.path, path))?.allow ?? true;
}

/** Google's reading: the longest matching rule decides, Allow on a tie; none: allowed. */
function longestMatchAllows(rules: RobotsRule[], path: string): boolean {
  let best: RobotsRule | undefined;
  for (const rule of rules) {
    if (!matches(rule.path, path)) continue;
    if (
      !best ||
      rule.path.length > best.path.length ||
      (rule.path.length === best.path.length && rule.allow)
    )
      best = rule;
  }
  return best?.allow ?? true;
}

const PUBLIC_PAGES = [
  "/",
  "/planos/1",
  "/planos/x",
  "/termos",
  "/privacidade",
  "/login",
  "/register",
  "/esqueci-senha",
  "/sitemap.xml",
];

/** Private areas named by hand: the API, the simulators, the sign-out, the screens' roots. */
const PRIVATE_PATHS = [
  "/admin",
  "/admin?tab=seo",
  "/admin-invoices",
  "/search",
  "/search?q=abc",
  "/invoices",
  "/settings",
  "/settings/plano/2",
  "/customers",
  "/customers/5/edit",
  "/home",
  "/parts/1",
  "/vehicles/1",
  "/profile",
  "/usage",
  "/logout",
  "/api/",
  "/api/public/seo",
  "/api/parts/search",
  "/mp-sim/checkout",
  "/fipe-sim/api/v1/carros/marcas",
];

/** Every screen of the route manifest that only a signed-in user may open, as a concrete path. */
async function privateScreens(): Promise<string[]> {
  const paths: string[] = [];
  for (const route of await routeManifest()) {
    if (route.path === undefined && !route.index) continue; // a layout: its pages are listed
    const module = (await loadRouteModule(route.file)) as { access?: Access; loader?: unknown };
    if (!module.loader || !module.access) continue;
    if (ruleFor(module.access, "GET") === "public" && !route.fullPath.startsWith("/api/")) continue;
    paths.push(
      route.fullPath
        .replace(/:[^/]+/g, "7")
        .replace(/\*$/, "x")
        .replace(/\/$/, "") || "/",
    );
  }
  return paths;
}

const readings = [
  ["first-match (urllib.robotparser)", firstMatchAllows],
  ["longest-match (Google, RFC 9309)", longestMatchAllows],
] as const;

beforeEach(() => {
  db().delete(seoSettings).run();
});

describe("the default robots.txt, read by first match and by longest match", async () => {
  const screens = await privateScreens();

  async function served() {
    const response = await call(robotsRoute.loader, "/robots.txt");
    expect(response.status).toBe(200);
    return response.text();
  }

  it("lists every Disallow before any Allow", async () => {
    const rules = starRules(await served());
    const firstAllow = rules.findIndex((rule) => rule.allow);
    expect(rules.length).toBeGreaterThan(5);
    expect(rules.slice(firstAllow).every((rule) => rule.allow)).toBe(true);
  });

  it("finds private screens in the manifest to check", () => {
    expect(screens.length).toBeGreaterThan(20);
    expect(screens).toEqual(expect.arrayContaining(["/admin", "/search", "/invoices"]));
  });

  for (const [name, allows] of readings) {
    it(`${name}: every private area is closed`, async () => {
      const rules = starRules(await served());
      const open = [...PRIVATE_PATHS, ...screens].filter((path) => allows(rules, path));
      expect(open).toEqual([]);
    });

    it(`${name}: every public page is open`, async () => {
      const rules = starRules(await served());
      const closed = PUBLIC_PAGES.filter((path) => !allows(rules, path));
      expect(closed).toEqual([]);
    });
  }

  it("the two readings agree on every path checked", async () => {
    const rules = starRules(await served());
    for (const path of [...PUBLIC_PAGES, ...PRIVATE_PATHS, ...screens])
      expect(firstMatchAllows(rules, path), path).toBe(longestMatchAllows(rules, path));
  });
});

describe("the two readings themselves", () => {
  const oldFile = "User-agent: *\nAllow: /\nDisallow: /admin\n";

  it("tell apart an Allow before the Disallow lines: the bug this file had", () => {
    const rules = starRules(oldFile);
    expect(firstMatchAllows(rules, "/admin")).toBe(true);
    expect(longestMatchAllows(rules, "/admin")).toBe(false);
  });

  it("read only the * group, wildcards and the end anchor", () => {
    const rules = starRules(
      "User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /*.pdf$\nDisallow: /x/\n",
    );
    expect(rules).toEqual([
      { allow: false, path: "/*.pdf$" },
      { allow: false, path: "/x/" },
    ]);
    expect(longestMatchAllows(rules, "/a/b.pdf")).toBe(false);
    expect(longestMatchAllows(rules, "/a/b.pdf?x")).toBe(true);
    expect(firstMatchAllows(rules, "/x/1")).toBe(false);
    expect(firstMatchAllows(rules, "/")).toBe(true);
  });
});
