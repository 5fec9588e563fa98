import type { User } from "~/models/accounts/index.server";
import * as messages from "~/messages";
import { fallbackOf, rolesOf, ruleFor, type Access, type Rule } from "./access";
import { methodNotAllowed } from "./api.server";
import { requireApiUser, requireUser, type AuthContext } from "./auth.server";
import { invariantResponse } from "./responses.server";

/** A guard is for a rule that needs a user; a public route has nothing to guard. */
function guarded(access: Access, method: string): Exclude<Rule, "public"> | undefined {
  const rule = ruleFor(access, method);
  if (rule === "public") throw new Error("A public route has no guard: read getOptionalUser.");
  return rule;
}

/**
 * A screen's guard, read from its `access` declaration: anonymous → /login remembering the origin,
 * the wrong role → the rule's fallback (/home), a method the route does not serve → 405.
 */
export async function requireAccess(request: Request, access: Access): Promise<User> {
  const rule = guarded(access, request.method);
  invariantResponse(rule, messages.api.methodNotAllowed, "method_not_allowed");
  return requireUser(request, { roles: rolesOf(rule) ?? undefined, fallback: fallbackOf(rule) });
}

/**
 * An /api resource's guard, read from its `access` declaration: a method it does not declare is a
 * 405 (before anything else), no session 401, the wrong role 403.
 */
export async function requireApiAccess(request: Request, access: Access): Promise<AuthContext> {
  const rule = guarded(access, request.method);
  if (!rule) throw methodNotAllowed(access);
  return requireApiUser(request, rolesOf(rule) ?? undefined);
}

/**
 * A public /api resource's guard: nobody to check, but a method it does not declare is a 405 all
 * the same, as requireApiAccess answers it.
 */
export function requireDeclaredMethod(request: Request, access: Access): void {
  if (ruleFor(access, request.method) === undefined) throw methodNotAllowed(access);
}
