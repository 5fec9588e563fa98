import { createCookie, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { loginSchema } from "~/schemas/accounts/auth";
import {
  beginLoginAttempt,
  createSession,
  DEVICE_TOKEN_DAYS,
  deviceTokenUserId,
  findApiKeyOwner,
  findSessionUser,
  findUserByEmail,
  forgiveLoginAttempts,
  isApiKey,
  issueDeviceToken,
  type PasswordAttempt,
  revokeSession,
  trustedDevice,
  type User,
  verifyCredentials,
  WEB_SESSION_DAYS,
} from "~/models/accounts/index.server";
import type { Role } from "~db/schema";
import { apiRefuse, edgeRefusal, throwRefusal, type EdgeRefusal } from "./refusal.server";
import { fromOwnOrigin, isWrite } from "./csrf.server";
import { env } from "~/utils/env.server";
import { NOINDEX_HEADER } from "~/utils/seo-meta";
import * as messages from "~/messages";

/** The web session's cookie; the HTTP edge reads its presence to keep signed-in pages out of caches. */
export const SESSION_COOKIE_NAME = "__session";

const sessionCookie = () =>
  createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().COOKIE_SECURE ?? env().NODE_ENV === "production",
    secrets: [env().SESSION_SECRET],
    maxAge: WEB_SESSION_DAYS * 24 * 60 * 60,
  });

/**
 * The device cookie (OWASP's "device cookies", ADR 0029): the signed device tokens this browser got
 * by signing in, newest first, one per account (a shop's shared computer may hold a few). A
 * sign-in presenting one for its account is throttled only by that device's own failures.
 */
const deviceCookie = () =>
  createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().COOKIE_SECURE ?? env().NODE_ENV === "production",
    maxAge: DEVICE_TOKEN_DAYS * 24 * 60 * 60,
  });

/** Device tokens one browser keeps (one per account). */
const DEVICES_PER_BROWSER = 5;

/** The header an API client sends its `device_token` in. */
export const DEVICE_TOKEN_HEADER = "X-Device-Token";

async function cookieDeviceTokens(request: Request): Promise<string[]> {
  let value: unknown;
  try {
    value = await deviceCookie().parse(request.headers.get("cookie"));
  } catch {
    return [];
  }
  return Array.isArray(value)
    ? value.filter((token): token is string => typeof token === "string")
    : [];
}

/** The device tokens a request presents: the API header's, then the cookie's. */
export async function deviceTokensOf(request: Request): Promise<string[]> {
  const header = request.headers.get(DEVICE_TOKEN_HEADER)?.trim();
  return [...(header ? [header] : []), ...(await cookieDeviceTokens(request))];
}

/**
 * A fresh device token for `user` (after a successful sign-in): the `Set-Cookie` that puts it first
 * in this browser's device cookie, and the token itself (the API hands it to its client).
 */
export async function commitDeviceCookie(user: User, request: Request) {
  const token = issueDeviceToken(user.id);
  const kept = (await cookieDeviceTokens(request)).filter(
    (other) => deviceTokenUserId(other) !== user.id,
  );
  const cookie = await deviceCookie().serialize([token, ...kept].slice(0, DEVICES_PER_BROWSER));
  return { cookie, token };
}

/**
 * What a password check of the signed-in user needs for the throttle (a profile change confirmed
 * with the current password): the client address, and the device when it is trusted for them.
 */
export async function passwordAttemptOf(
  request: Request,
  context: unknown,
  userId: number,
): Promise<PasswordAttempt> {
  return {
    ip: clientIp(context),
    device: trustedDevice(await deviceTokensOf(request), userId),
  };
}

/**
 * Who signs a request: a web session (`cookie`), an API session token (`bearer`), or an API key
 * (`key`, ADR 0049), which has no session to keep or end.
 */
export type AuthContext =
  | { user: User; sessionId: string; via: "cookie" | "bearer"; keyId?: undefined }
  | { user: User; sessionId: null; via: "key"; keyId: number };
/** `crossSite`: a session cookie on a write that none of our pages sent (ADR 0015). */
type Lookup = { auth: AuthContext | null; expired: boolean; crossSite?: true };

const cache = new WeakMap<Request, Promise<Lookup>>();

function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match ? match[1]!.trim() : null;
}

/** Under /api, as bounded-body.server's `isApiPath` reads it (that module imports this one). */
function onApi(request: Request): boolean {
  const path = new URL(request.url).pathname.toLowerCase();
  return path === "/api" || path.startsWith("/api/");
}

async function lookup(request: Request): Promise<Lookup> {
  const token = bearerToken(request);
  if (token && isApiKey(token)) {
    // A key signs /api requests only, never a screen; it is looked up every time (no cache), so a
    // revoked key is refused at once by every process.
    if (!onApi(request)) return { auth: null, expired: false };
    const owner = findApiKeyOwner(token);
    return owner
      ? {
          auth: { user: owner.user, sessionId: null, via: "key", keyId: owner.keyId },
          expired: false,
        }
      : { auth: null, expired: false };
  }
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
 * Who is asking: a bearer token (an API session's, or an API key's on /api only), or the web
 * session cookie (on a write, only from our own pages). Memoised per request.
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

/**
 * The route guard of the spec: anonymous → /login remembering the origin, with `noindex` for
 * crawlers (ADR 0063); wrong role → fallback.
 */
export async function requireUser(
  request: Request,
  options: { roles?: readonly Role[]; fallback?: string } = {},
): Promise<User> {
  const user = await getOptionalUser(request);
  if (!user) {
    if ((await resolve(request)).crossSite)
      throwRefusal(edgeRefusal("forbidden", messages.auth.crossSiteForm));
    const url = new URL(request.url);
    const origin = `${url.pathname}${url.search}`;
    // A crawler following a shared link lands here: it learns the address is not to be listed.
    throw redirect(`/login?${new URLSearchParams({ redirectTo: origin })}`, {
      headers: NOINDEX_HEADER,
    });
  }
  if (options.roles && !options.roles.includes(user.role))
    throw redirect(options.fallback ?? "/home");
  return user;
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
    if (crossSite) throw apiRefuse("forbidden", messages.api.crossSiteRefused);
    throw apiRefuse(
      "unauthenticated",
      expired ? messages.auth.sessionExpired : messages.auth.authRequired,
    );
  }
  if (roles && !roles.includes(auth.user.role))
    throw apiRefuse("forbidden", messages.auth.forbidden);
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

/**
 * A sign-in refused, carrying its refusal (`unauthenticated`, `forbidden` for an inactive account,
 * `rate_limited` with its wait): the web form and the JSON API answer it through the one mapping.
 */
export class LoginError extends Error {
  constructor(readonly refusal: EdgeRefusal) {
    super(refusal.message);
  }
}

/**
 * Counts the attempt against the throttle, then checks the credentials; the web form and the JSON
 * API share it. The attempt is counted before the password is checked and forgiven only when the
 * password is right (ADR 0016). A device token among `deviceTokens` trusted for the account puts
 * the attempt in its device's own lane (ADR 0029).
 */
export async function signIn(
  email: string,
  password: string,
  ip: string,
  deviceTokens: readonly string[] = [],
): Promise<User> {
  const known = deviceTokens.length > 0 ? findUserByEmail(email) : undefined;
  const device = known ? trustedDevice(deviceTokens, known.id) : null;
  const verdict = beginLoginAttempt(ip, email, new Date(), { device });
  if (!verdict.allowed) {
    throw new LoginError(
      edgeRefusal("rate_limited", messages.auth.tooManyAttempts(verdict.retryAfterMinutes), {
        retryAfterSeconds: verdict.retryAfterSeconds,
      }),
    );
  }
  const user = await verifyCredentials(email, password);
  if (!user) throw new LoginError(edgeRefusal("unauthenticated", messages.auth.invalidCredentials));
  forgiveLoginAttempts(ip, email, { device });
  if (user.status !== "active")
    throw new LoginError(edgeRefusal("forbidden", messages.auth.accountInactive));
  return user;
}

/**
 * The web form through remix-auth. The strategy gets a copy of the request, so the client
 * address travels in the verify callback's closure: one small authenticator per sign-in.
 */
export async function authenticateForm(request: Request, ip: string) {
  const deviceTokens = await deviceTokensOf(request);
  return new Authenticator<User>()
    .use(
      new FormStrategy(async ({ form }) => {
        const submission = parseWithZod(form, { schema: loginSchema });
        if (submission.status !== "success")
          throw new LoginError(edgeRefusal("unauthenticated", messages.auth.fillAllFields));
        if (submission.value.honeypot)
          throw new LoginError(edgeRefusal("unauthenticated", messages.auth.spam));
        return signIn(submission.value.email, submission.value.password, ip, deviceTokens);
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
