import { createCookie, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { loginSchema } from "~/schemas/auth";
import { beginLoginAttempt, forgiveLoginAttempts } from "~/models/login-throttle.server";
import {
  createSession,
  findSessionUser,
  revokeSession,
  WEB_SESSION_DAYS,
} from "~/models/session.server";
import { verifyCredentials, type User } from "~/models/user.server";
import type { Role } from "~db/schema";
import { fail } from "./api.server";
import { fromOwnOrigin, isWrite } from "./csrf.server";
import { env } from "~/utils/env.server";
import * as messages from "~/messages";

const sessionCookie = () =>
  createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().COOKIE_SECURE ?? env().NODE_ENV === "production",
    secrets: [env().SESSION_SECRET],
    maxAge: WEB_SESSION_DAYS * 24 * 60 * 60,
  });

export type AuthContext = { user: User; sessionId: string; via: "cookie" | "bearer" };
/** `crossSite`: a session cookie on a write that none of our pages sent (ADR 0015). */
type Lookup = { auth: AuthContext | null; expired: boolean; crossSite?: true };

const cache = new WeakMap<Request, Promise<Lookup>>();

function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match ? match[1]!.trim() : null;
}

async function lookup(request: Request): Promise<Lookup> {
  const token = bearerToken(request);
  if (token) {
    const found = findSessionUser(token, "api");
    return found.status === "valid"
      ? { auth: { user: found.user, sessionId: found.sessionId, via: "bearer" }, expired: false }
      : { auth: null, expired: found.status === "expired" };
  }
  const sessionId = (await sessionCookie().parse(request.headers.get("cookie"))) as string | null;
  // The browser attaches the cookie to whatever a page sends us; on a write it counts only when one
  // of our own pages sent it. A bearer token is never attached by the browser, so it is not asked.
  if (sessionId && isWrite(request) && !fromOwnOrigin(request))
    return { auth: null, expired: false, crossSite: true };
  const found = findSessionUser(sessionId, "web");
  return found.status === "valid"
    ? { auth: { user: found.user, sessionId: found.sessionId, via: "cookie" }, expired: false }
    : { auth: null, expired: found.status === "expired" };
}

function resolve(request: Request): Promise<Lookup> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookup(request);
    cache.set(request, pending);
  }
  return pending;
}

/**
 * Who is asking: a bearer token of an API session, or the web session cookie (on a write, only
 * from our own pages). Memoised per request.
 */
export async function getAuth(request: Request): Promise<AuthContext | null> {
  return (await resolve(request)).auth;
}

export async function getOptionalUser(request: Request): Promise<User | null> {
  return (await getAuth(request))?.user ?? null;
}

/** A stand-in for our own origin: redirect targets are resolved against it (RFC 6761 name). */
const OWN_ORIGIN = "http://encaixa.invalid";

/**
 * Only paths of our own site: an open redirect would let a phishing link borrow our login page.
 * The URL parser decides, as the browser will (tabs and newlines dropped, `\` read as `/`, dot
 * segments resolved); the answer is the parsed path, never the raw input.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/home",
): string {
  if (typeof to !== "string" || to === "") return fallback;
  let url: URL;
  try {
    url = new URL(to, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as a host.
  if (url.origin !== OWN_ORIGIN || path.startsWith("//")) return fallback;
  return path;
}

/** The route guard of the spec: anonymous → /login remembering the origin; wrong role → fallback. */
export async function requireUser(
  request: Request,
  options: { roles?: readonly Role[]; fallback?: string } = {},
): Promise<User> {
  const user = await getOptionalUser(request);
  if (!user) {
    if ((await resolve(request)).crossSite)
      throw new Response(messages.auth.crossSiteForm, { status: 403 });
    const url = new URL(request.url);
    const origin = `${url.pathname}${url.search}`;
    throw redirect(`/login?${new URLSearchParams({ redirectTo: origin })}`);
  }
  if (options.roles && !options.roles.includes(user.role))
    throw redirect(options.fallback ?? "/home");
  return user;
}

export function requireAdmin(request: Request) {
  return requireUser(request, { roles: ["admin"] });
}

/**
 * For /api routes: a 401 or 403 envelope instead of a redirect. A write carrying the session
 * cookie from another site is a 403 before anything is read or changed (ADR 0015).
 */
export async function requireApiUser(
  request: Request,
  roles?: readonly Role[],
): Promise<AuthContext> {
  const { auth, expired, crossSite } = await resolve(request);
  if (!auth) {
    if (crossSite) throw fail(messages.api.crossSiteRefused, 403);
    throw fail(expired ? messages.auth.sessionExpired : messages.auth.authRequired, 401);
  }
  if (roles && !roles.includes(auth.user.role)) throw fail(messages.auth.forbidden, 403);
  return auth;
}

export async function commitWebSession(user: User, request: Request, ip: string) {
  const session = createSession(user.id, "web", {
    userAgent: request.headers.get("user-agent"),
    ip,
  });
  return sessionCookie().serialize(session.id);
}

export async function logout(request: Request) {
  const auth = await getAuth(request);
  if (auth?.via === "cookie") revokeSession(auth.sessionId);
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: 401 | 403 | 429 = 401,
  ) {
    super(message);
  }
}

/**
 * Counts the attempt against the throttle, then checks the credentials; the web form and the JSON
 * API share it. The attempt is counted before the password is checked and forgiven only when the
 * password is right (ADR 0016).
 */
export async function signIn(email: string, password: string, ip: string): Promise<User> {
  const verdict = beginLoginAttempt(ip, email);
  if (!verdict.allowed)
    throw new LoginError(messages.auth.tooManyAttempts(verdict.retryAfterMinutes), 429);
  const user = await verifyCredentials(email, password);
  if (!user) throw new LoginError(messages.auth.invalidCredentials);
  forgiveLoginAttempts(ip, email);
  if (user.status !== "active") throw new LoginError(messages.auth.accountInactive, 403);
  return user;
}

/**
 * The web form through remix-auth. The strategy gets a copy of the request, so the client
 * address travels in the verify callback's closure: one small authenticator per sign-in.
 */
export function authenticateForm(request: Request, ip: string) {
  return new Authenticator<User>()
    .use(
      new FormStrategy(async ({ form }) => {
        const submission = parseWithZod(form, { schema: loginSchema });
        if (submission.status !== "success") throw new LoginError(messages.auth.fillAllFields, 401);
        if (submission.value.honeypot) throw new LoginError(messages.auth.spam);
        return signIn(submission.value.email, submission.value.password, ip);
      }),
      "form",
    )
    .authenticate("form", request);
}

/** The client address from the server's load context (express `req.ip`), else a shared bucket. */
export function clientIp(context: unknown): string {
  const ip = (context as { clientIp?: string } | undefined)?.clientIp;
  return ip || "local";
}
