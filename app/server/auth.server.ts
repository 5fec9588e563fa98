import { createCookie, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { loginSchema } from "~/schemas/auth";
import {
  checkLoginThrottle,
  clearFailedLogins,
  recordFailedLogin,
} from "~/models/login-throttle.server";
import {
  createSession,
  findSessionUser,
  revokeSession,
  WEB_SESSION_DAYS,
} from "~/models/session.server";
import { verifyCredentials, type User } from "~/models/user.server";
import type { Role } from "~db/schema";
import { fail } from "./api.server";
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
type Lookup = { auth: AuthContext | null; expired: boolean };

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
  const found = findSessionUser(sessionId, "web");
  return found.status === "valid"
    ? { auth: { user: found.user, sessionId: found.sessionId, via: "cookie" }, expired: false }
    : { auth: null, expired: found.status === "expired" };
}

/** Who is asking: a bearer token of an API session, or the web session cookie. Memoised per request. */
export async function getAuth(request: Request): Promise<AuthContext | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookup(request);
    cache.set(request, pending);
  }
  return (await pending).auth;
}

export async function getOptionalUser(request: Request): Promise<User | null> {
  return (await getAuth(request))?.user ?? null;
}

/** Only same-site paths: an open redirect would let a phishing link borrow our login page. */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/home",
): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  return to;
}

/** The route guard of the spec: anonymous → /login remembering the origin; wrong role → fallback. */
export async function requireUser(
  request: Request,
  options: { roles?: readonly Role[]; fallback?: string } = {},
): Promise<User> {
  const user = await getOptionalUser(request);
  if (!user) {
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

/** For /api routes: a 401 or 403 envelope instead of a redirect. */
export async function requireApiUser(
  request: Request,
  roles?: readonly Role[],
): Promise<AuthContext> {
  const auth = await getAuth(request);
  if (!auth) {
    const { expired } = (await cache.get(request))!;
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

/** Checks the throttle and the credentials; the web form and the JSON API share it. */
export async function signIn(email: string, password: string, ip: string): Promise<User> {
  const verdict = checkLoginThrottle(ip, email);
  if (!verdict.allowed)
    throw new LoginError(messages.auth.tooManyAttempts(verdict.retryAfterMinutes), 429);
  const user = await verifyCredentials(email, password);
  if (!user) {
    recordFailedLogin(ip, email);
    throw new LoginError(messages.auth.invalidCredentials);
  }
  if (user.status !== "active") throw new LoginError(messages.auth.accountInactive, 403);
  clearFailedLogins(email);
  return user;
}

export type LoginContext = { ip: string };

let authenticator: Authenticator<User> | undefined;
const ipByRequest = new WeakMap<Request, string>();

export function loginAuthenticator() {
  if (!authenticator) {
    authenticator = new Authenticator<User>();
    authenticator.use(
      new FormStrategy(async ({ form, request }) => {
        const submission = parseWithZod(form, { schema: loginSchema });
        if (submission.status !== "success") throw new LoginError(messages.auth.fillAllFields, 401);
        if (submission.value.honeypot) throw new LoginError(messages.auth.spam);
        return signIn(
          submission.value.email,
          submission.value.password,
          ipByRequest.get(request) ?? "unknown",
        );
      }),
      "form",
    );
  }
  return authenticator;
}

export function authenticateForm(request: Request, ip: string) {
  ipByRequest.set(request, ip);
  return loginAuthenticator().authenticate("form", request);
}

/** The client address from the server's load context (express `req.ip`), else a shared bucket. */
export function clientIp(context: unknown): string {
  const ip = (context as { clientIp?: string } | undefined)?.clientIp;
  return ip || "local";
}
