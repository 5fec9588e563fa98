import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~db/schema";
import type { User } from "~/models/accounts/user.server";
import {
  fallbackOf,
  isRule,
  METHODS,
  rolesOf,
  ruleFor,
  verdict,
  type Access,
  type Method,
  type Rule,
  type Verdict,
} from "~/server/access";
import { createUser, sessionHeaders } from "../support/factories";
import { loadRouteModule, routeManifest, type ManifestRoute } from "../support/route-manifest";
import { call } from "../support/routes";

/**
 * The authorization matrix, generated from the route manifest (app/routes.ts): every route × every
 * method it declares × {anonymous, user, premium_user, admin}, one request per cell, checked
 * against the route's `access` declaration (ADR 0014). A new route is in the matrix by itself, and
 * fails here until it declares who may call it.
 */

type Caller = Role | null;
const CALLERS: Caller[] = [null, "user", "premium_user", "admin"];
const callerName = (caller: Caller) => caller ?? "anonymous";

type Loaded = ManifestRoute & { module: Awaited<ReturnType<typeof loadRouteModule>> };
const routes: Loaded[] = await Promise.all(
  (await routeManifest()).map(async (route) => ({
    ...route,
    module: await loadRouteModule(route.file),
  })),
);
const accessOf = (route: Loaded) => (route.module as { access?: Access }).access;
const isApi = (route: ManifestRoute) => route.fullPath.startsWith("/api/");
/** Paths with every parameter filled by a record that does not exist: no cell touches real data. */
const ABSENT = "999999";
const urlOf = (route: ManifestRoute) =>
  route.fullPath
    .replace(/:[^/]+/g, ABSENT)
    .replace(/\*$/, "x")
    .replace(/\/$/, "") || "/";
function paramsOf(route: ManifestRoute): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of route.fullPath.matchAll(/:([^/]+)/g)) params[name!] = ABSENT;
  if (route.fullPath.endsWith("*")) params["*"] = "x";
  return params;
}

const handlerOf = (route: Loaded, method: Method) =>
  method === "GET" ? route.module.loader : route.module.action;

/** The methods a declaration covers: a rule per method as listed; one rule: the loader and a POST. */
function methodsOf(route: Loaded, access: Access): Method[] {
  if (isRule(access))
    return [
      ...(route.module.loader ? (["GET"] as const) : []),
      ...(route.module.action ? (["POST"] as const) : []),
    ];
  return METHODS.filter((method) => method in access);
}

const users = new Map<Role, User>();
beforeAll(async () => {
  for (const role of ["user", "premium_user", "admin"] as const)
    users.set(role, (await createUser({ role })).user);
});

/** One cell: the route called as `caller`, with a fresh session (a sign-out must not leak on). */
async function ask(route: Loaded, method: Method, caller: Caller): Promise<Response | "threw"> {
  const handler = handlerOf(route, method);
  const headers = caller
    ? await sessionHeaders(users.get(caller)!, isApi(route) ? "api" : "web")
    : {};
  const write = method !== "GET";
  try {
    return await call(handler!, urlOf(route), {
      method,
      params: paramsOf(route),
      body: write ? (isApi(route) ? "{}" : "") : undefined,
      headers: {
        ...headers,
        // A write as a same-origin page or client sends it (cross-site writes are refused apart).
        ...(write && {
          Origin: "http://localhost",
          "Content-Type": isApi(route) ? "application/json" : "application/x-www-form-urlencoded",
        }),
      },
    });
  } catch {
    return "threw"; // past the guard: what a route does with an empty body is the fuzz test's business
  }
}

/** How the answer reads: turned away as anonymous, turned away for the role, or let through. */
function outcome(route: Loaded, rule: Rule, answer: Response | "threw"): Verdict {
  if (answer === "threw") return "allowed";
  if (isApi(route))
    return answer.status === 401 ? "anonymous" : answer.status === 403 ? "forbidden" : "allowed";
  const location = answer.status >= 300 && answer.status < 400 && answer.headers.get("Location");
  if (!location) return "allowed";
  if (location.startsWith("/login")) return "anonymous";
  if (rolesOf(rule) !== null && location === fallbackOf(rule)) return "forbidden";
  return "allowed";
}

describe("access declarations", () => {
  it("every route module of the manifest declares who may call it", () => {
    const missing = [...new Set(routes.filter((r) => !accessOf(r)).map((r) => `app/${r.file}`))];
    expect(missing, "route modules without `export const access` (app/server/access.ts)").toEqual(
      [],
    );
  });

  it.each(routes.filter((route) => accessOf(route)).map((route) => [route.id, route] as const))(
    "%s: each declared method has its handler, each rule is well formed",
    (_id, route) => {
      const access = accessOf(route)!;
      if (!isRule(access))
        for (const method of Object.keys(access)) {
          expect(METHODS).toContain(method);
          expect(
            handlerOf(route, method as Method),
            `${route.file} declares ${method} without a handler`,
          ).toBeTypeOf("function");
        }
      for (const method of methodsOf(route, access)) {
        const rule = ruleFor(access, method);
        expect(rule, `${route.file}: no rule for ${method} ${route.fullPath}`).toBeDefined();
        for (const role of rolesOf(rule!) ?? [])
          expect(["admin", "user", "premium_user"]).toContain(role);
      }
    },
  );
});

const cells = routes.flatMap((route) => {
  const access = accessOf(route);
  return access
    ? methodsOf(route, access).map(
        (method) => [`${method} ${route.fullPath} (${route.id})`, route, method] as const,
      )
    : [];
});

describe("authorization matrix", () => {
  it.each(cells)("%s", async (_name, route, method) => {
    const rule = ruleFor(accessOf(route)!, method)!;
    const expected: Record<string, Verdict> = {};
    const actual: Record<string, Verdict> = {};
    for (const caller of CALLERS) {
      expected[callerName(caller)] = verdict(rule, caller);
      actual[callerName(caller)] = outcome(route, rule, await ask(route, method, caller));
    }
    expect(actual, `${method} ${urlOf(route)} against ${JSON.stringify(rule)}`).toEqual(expected);
  });

  it.each(
    routes
      .filter((route) => isApi(route) && accessOf(route))
      .flatMap((route) =>
        METHODS.filter(
          (method) =>
            ruleFor(accessOf(route)!, method) === undefined &&
            handlerOf(route, method),
        ).map((method) => [`${method} ${route.fullPath}`, route, method] as const),
      ),
  )("%s is not declared: 405 even for an admin", async (_name, route, method) => {
    const answer = await ask(route, method, "admin");
    expect(answer === "threw" ? "threw" : answer.status).toBe(405);
  });
});

// --- README's API table says the same as the declarations --------------------------------------

/** The README's words for a rule, as its API table's access column starts. */
function label(rule: Rule): string {
  if (rule === "public") return "public";
  if (rule === "signed-in") return "signed in";
  const roles = [...rolesOf(rule)!].sort();
  if (roles.join() === "premium_user,user") return "customers";
  return roles.join(" or ");
}

/** `/api/customers/:id/{a,b}` → both paths. */
function expand(path: string): string[] {
  const brace = path.match(/\{([^}]*)\}/);
  if (!brace) return [path];
  return brace[1]!.split(",").flatMap((part) => expand(path.replace(brace[0], part.trim())));
}

const shape = (path: string) => path.replace(/:[^/]+/g, ":");

function readmeApiTable(): { method: Method; path: string; access: string }[] {
  const readme = readFileSync("README.md", "utf8");
  const section = readme.slice(readme.indexOf("\n## API\n"));
  const table = section.slice(0, section.indexOf("\n## ", 1));
  const rows: { method: Method; path: string; access: string }[] = [];
  for (const line of table.split("\n").filter((l) => l.startsWith("| ") && l.includes("/api/"))) {
    const [endpoints, access] = line
      .slice(2, -2)
      .split(" | ")
      .map((cell) => cell.replaceAll("`", "").replaceAll("**", ""));
    const head = access!.split(/,| \(/)[0]!.trim();
    const found = endpoints!.matchAll(
      /((?:GET|POST|PUT|PATCH|DELETE)(?:\/(?:GET|POST|PUT|PATCH|DELETE))*) (\/api\/(?:[^\s,·?{]|\{[^}]*\})+)/g,
    );
    for (const [, methods, path] of found)
      for (const method of methods!.split("/") as Method[])
        for (const one of expand(path!)) rows.push({ method, path: one, access: head });
  }
  return rows;
}

describe("README's API table", () => {
  const readme = readmeApiTable();
  const apiRoutes = routes.filter((route) => isApi(route) && !route.fullPath.endsWith("*"));

  it("gives each endpoint the access its route declares", () => {
    const wrong = readme.flatMap(({ method, path, access }) => {
      const route = apiRoutes.find((r) => shape(r.fullPath) === shape(path));
      const rule = route && accessOf(route) && ruleFor(accessOf(route)!, method);
      if (!rule) return [`${method} ${path}: no such route or method`];
      return access === label(rule)
        ? []
        : [`${method} ${path}: README "${access}", declared "${label(rule)}"`];
    });
    expect(wrong).toEqual([]);
  });

  it("lists every declared /api method", () => {
    const listed = new Set(readme.map(({ method, path }) => `${method} ${shape(path)}`));
    const unlisted = apiRoutes.flatMap((route) => {
      const access = accessOf(route);
      return access
        ? methodsOf(route, access)
            .filter((method) => !listed.has(`${method} ${shape(route.fullPath)}`))
            .map((method) => `${method} ${route.fullPath}`)
        : [];
    });
    expect(unlisted).toEqual([]);
  });
});
