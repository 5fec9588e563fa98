/**
 * The quota headers of draft-ietf-httpapi-ratelimit-headers (ADR 0050), as structured-field lists:
 * `RateLimit-Policy: "creditos";q=200;w=86400, "chave";q=20;w=2` says each quota and its window,
 * `RateLimit: "creditos";r=197;t=3600, "chave";r=19;t=1` what is left of it and in how many
 * seconds it is whole again. An answer may carry items from the route (the day's credits) and
 * from the edge (the API key's rate): each header is one comma-separated list.
 */
export type RateLimitItem = {
  /** The policy's name (a structured-field string). */
  policy: string;
  /** Quota units in the window. */
  quota: number;
  windowSeconds: number;
  remaining: number;
  /** Whole seconds until the quota is whole again. */
  resetSeconds: number;
};

/** The day's search credits. */
export const CREDITS_POLICY = "creditos";
/** An API key's request rate. */
export const KEY_RATE_POLICY = "chave";

/** Whole seconds from `now` until `until`, at least 1 (what Retry-After and `t` say). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

const quotaPolicy = (item: RateLimitItem) =>
  `"${item.policy}";q=${item.quota};w=${item.windowSeconds}`;
const quotaState = (item: RateLimitItem) =>
  `"${item.policy}";r=${item.remaining};t=${item.resetSeconds}`;

/** The two headers for these items; none when there are none. */
export function rateLimitHeaders(items: (RateLimitItem | null)[]): Record<string, string> {
  const present = items.filter((item): item is RateLimitItem => item !== null);
  if (present.length === 0) return {};
  return {
    "RateLimit-Policy": present.map(quotaPolicy).join(", "),
    RateLimit: present.map(quotaState).join(", "),
  };
}

/** Adds items to the headers an answer already has: one list per header, the answer's items first. */
export function appendRateLimitItems(headers: Headers, items: RateLimitItem[]): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(items))) {
    const existing = headers.get(name);
    headers.set(name, existing ? `${existing}, ${value}` : value);
  }
}
