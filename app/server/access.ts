import type { Role } from "~db/schema";

/**
 * Who may call a route, declared beside it as `export const access` (ADR 0014). The route's guards
 * read the declaration (`requireAccess`, `requireApiAccess` in `guard.server.ts`) and the
 * authorization-matrix test (tests/unit/access-matrix.test.ts) calls every route of the manifest
 * as every role against it. A plain module: routes import its types only.
 */

/**
 * One rule:
 * - `"public"`: anyone, signed in or not;
 * - `"signed-in"`: any role;
 * - a list of roles; on a screen the wrong role is sent to /home;
 * - `{ roles, fallback }`: as a list, but the wrong role is sent to `fallback` (the spec's guard
 *   "takes allowed roles and a fallback path").
 */
export type Rule =
  | "public"
  | "signed-in"
  | readonly Role[]
  | { readonly roles: readonly Role[]; readonly fallback: string };

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
export type MethodAccess = { readonly [M in Method]?: Rule };

/**
 * A route's declaration: one rule for every method it serves (a screen: GET runs its loader, POST
 * its action), or a rule per method (an /api resource: a method left out answers 405).
 */
export type Access = Rule | MethodAccess;

export const DEFAULT_FALLBACK = "/home";

export function isRule(access: Access): access is Rule {
  return typeof access === "string" || Array.isArray(access) || "roles" in access;
}

/**
 * The rule for one request, by method (HEAD reads as GET). `undefined`: the route does not serve
 * that method.
 */
export function ruleFor(access: Access, method: string): Rule | undefined {
  if (isRule(access)) return access;
  const upper = method.toUpperCase();
  return (access as MethodAccess)[(upper === "HEAD" ? "GET" : upper) as Method];
}

/** The roles a rule lets in; `null`: any signed-in role (or anyone, for "public"). */
export function rolesOf(rule: Rule): readonly Role[] | null {
  if (typeof rule === "string") return null;
  return "roles" in rule ? rule.roles : (rule as readonly Role[]);
}

/** Where a screen sends a signed-in user whose role the rule leaves out. */
export function fallbackOf(rule: Rule): string {
  return typeof rule === "object" && "roles" in rule ? rule.fallback : DEFAULT_FALLBACK;
}

export type Verdict = "allowed" | "anonymous" | "forbidden";

/**
 * What the rule says to a caller: `role` null is an anonymous caller.
 * @internal The access-matrix test derives its expectations from it; the guard applies the rule.
 */
export function verdict(rule: Rule, role: Role | null): Verdict {
  if (rule === "public") return "allowed";
  if (role === null) return "anonymous";
  const roles = rolesOf(rule);
  return roles === null || roles.includes(role) ? "allowed" : "forbidden";
}
