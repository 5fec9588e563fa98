import { beforeEach, describe, expect, it } from "vitest";
import { seoSettings } from "~db/schema";
import * as robotsRoute from "~/routes/site/robots[.]txt";
import { rolesOf, ruleFor, type Access } from "~/server/access";
import { ROLES } from "~db/schema";
import { db } from "~/utils/db.server";
import { loadRouteModule, routeManifest } from "../support/route-manifest";
import { call } from "../support/routes";

/**
 * The served robots.txt read the two ways crawlers read it (ADR 0058): by the first rule that
 * matches a path (Python's urllib.robotparser and some bots) and by the longest (Google, RFC
 * 9309). Both must close the back-office (every admin-only screen of the route manifest), the
 * API, the sign-out and the simulators, and open the public pages. The customers' pages are open
 * to both readings too (ADR 0063): a crawler that follows a link to one gets the sign-in redirect,
 * which says `noindex` — checked here for every such screen of the manifest.
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

/** Closed areas named by hand: the API, the simulators, the sign-out, the back-office's roots. */
const CLOSED_PATHS = [
  "/admin",
  "/admin?tab=seo",
  "/admin-invoices",
  "/admin/backup",
  "/customers",
  "/customers/5/edit",
  "/categories",
  "/parts",
  "/parts/1",
  "/vehicles/1",
  "/vehicles/import-fipe",
  "/plans",
  "/payment-methods",
  "/logout",
  "/api/",
  "/api/public/seo",
  "/api/parts/search",
  "/mp-sim/checkout",
  "/paghiper-sim/",
  "/catalogue-sim/",
  "/fipe-sim/api/v1/carros/marcas",
];

/** The customers' pages named by hand: open to crawlers, closed by the sign-in. */
const CUSTOMER_PATHS = [
  "/home",
  "/search",
  "/search?q=abc",
  "/invoices",
  "/invoices/7/pix",
  "/settings",
  "/settings/plano/2",
  "/profile",
  "/usage",
];

type Screen = { path: string; file: string; fullPath: string };

/**
 * Every screen of the route manifest that only a signed-in user may open, as a concrete path,
 * split by who may: the back-office (admins only) and the customers' pages (any other).
 */
async function signedInScreens(): Promise<{ backOffice: Screen[]; customers: Screen[] }> {
  const backOffice: Screen[] = [];
  const customers: Screen[] = [];
  for (const route of await routeManifest()) {
    if (route.path === undefined && !route.index) continue; // a layout: its pages are listed
    const module = (await loadRouteModule(route.file)) as { access?: Access; loader?: unknown };
    if (!module.loader || !module.access) continue;
    const rule = ruleFor(module.access, "GET");
    if (rule === undefined || route.fullPath.startsWith("/api/")) continue;
    if (rule === "public") continue;
    const screen = {
      file: route.file,
      fullPath: route.fullPath,
      path:
        route.fullPath
          .replace(/:[^/]+/g, "7")
          .replace(/\*$/, "x")
          .replace(/\/$/, "") || "/",
    };
    const roles = rolesOf(rule) ?? ROLES;
    (roles.every((role) => role === "admin") ? backOffice : customers).push(screen);
  }
  return { backOffice, customers };
}

const readings = [
  ["first-match (urllib.robotparser)", firstMatchAllows],
  ["longest-match (Google, RFC 9309)", longestMatchAllows],
] as const;

beforeEach(() => {
  db().delete(seoSettings).run();
});

describe("the default robots.txt, read by first match and by longest match", async () => {
  const { backOffice, customers } = await signedInScreens();
  const closed = [...CLOSED_PATHS, ...backOffice.map((screen) => screen.path)];
  const open = [...PUBLIC_PAGES, ...CUSTOMER_PATHS, ...customers.map((screen) => screen.path)];

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

  it("finds back-office screens and customers' pages in the manifest to check", () => {
    expect(backOffice.length).toBeGreaterThan(20);
    expect(backOffice.map((screen) => screen.path)).toEqual(
      expect.arrayContaining(["/admin", "/admin-invoices", "/customers", "/parts/7"]),
    );
    expect(customers.map((screen) => screen.path)).toEqual(
      expect.arrayContaining(["/home", "/search", "/invoices", "/invoices/7/pix", "/settings"]),
    );
  });

  for (const [name, allows] of readings) {
    it(`${name}: the back-office, the API, the sign-out and the simulators are closed`, async () => {
      const rules = starRules(await served());
      expect(closed.filter((path) => allows(rules, path))).toEqual([]);
    });

    it(`${name}: every public page and every customers' page is open`, async () => {
      const rules = starRules(await served());
      expect(open.filter((path) => !allows(rules, path))).toEqual([]);
    });
  }

  it("the two readings agree on every path checked", async () => {
    const rules = starRules(await served());
    for (const path of [...open, ...closed])
      expect(firstMatchAllows(rules, path), path).toBe(longestMatchAllows(rules, path));
  });

  it("every customers' page sends an anonymous visitor (a crawler) to sign in, with noindex", async () => {
    expect(customers.length).toBeGreaterThan(10);
    for (const screen of customers) {
      const module = await loadRouteModule(screen.file);
      const params = Object.fromEntries(
        [...screen.fullPath.matchAll(/:([^/]+)/g)].map((match) => [match[1]!, "7"]),
      );
      const answer = await call(module.loader as Parameters<typeof call>[0], screen.path, {
        params,
      });
      expect(answer.status, screen.path).toBe(302);
      expect(answer.headers.get("location"), screen.path).toMatch(/^\/login\?redirectTo=/);
      expect(answer.headers.get("x-robots-tag"), screen.path).toBe("noindex, nofollow");
    }
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
