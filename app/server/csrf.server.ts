/**
 * What a browser tells us about where a request comes from, and what a body claims to be
 * (docs/decisions/0015-csrf-and-headers.md). Pure reads of the request's headers.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Anything but GET, HEAD and OPTIONS may change something. */
export function isWrite(request: Request): boolean {
  return !SAFE_METHODS.has(request.method.toUpperCase());
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Whether the browser says this request was sent by one of our own pages. `Sec-Fetch-Site`
 * decides when present (browsers send it on HTTPS and localhost; no page can forge it); else the
 * `Origin` header must be the request's own origin as the server sees it (`request.url`, built
 * from Host and, behind `TRUST_PROXY`, X-Forwarded-Proto/Host). Neither header: not proven,
 * so refused.
 */
export function fromOwnOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  const origin = request.headers.get("origin");
  return origin !== null && originOf(origin) === new URL(request.url).origin;
}

/** A Content-Type header's media type, lower case, without its parameters (charset, boundary). */
export function mediaType(contentType: string | null | undefined): string {
  return contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
}

/** `Content-Type: application/json` (any parameters, e.g. charset). */
export function isJsonRequest(request: Request): boolean {
  return mediaType(request.headers.get("content-type")) === "application/json";
}

/**
 * Whether a browser says another site sent this request: `Sec-Fetch-Site` other than our own, or
 * else an `Origin` that is not ours. A script sends neither and is not from another site; the
 * public account endpoints no page of ours calls (password reset) refuse what a browser says is.
 */
export function fromAnotherSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  return origin !== null && originOf(origin) !== new URL(request.url).origin;
}
