import type { AppLoadContext } from "@remix-run/node";
import * as messages from "~/messages";
import {
  API_KEY_RATE,
  apiKeyHash,
  isApiKey,
  spendRequest,
  type RateVerdict,
} from "~/models/accounts/index.server";
import {
  appendRateLimitItems,
  KEY_RATE_POLICY,
  type RateLimitItem,
} from "~/utils/rate-limit-headers";
import { isApiPath } from "./bounded-body.server";
import { apiRefusal, edgeRefusal } from "./refusal.server";

type Handler = (request: Request, loadContext?: AppLoadContext) => Promise<Response>;

/**
 * The API key a request to /api presents as its bearer token, if it presents one: session tokens
 * and browsers are not limited by the key rate.
 */
function presentedApiKey(request: Request): string | null {
  if (!isApiPath(new URL(request.url).pathname)) return null;
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim();
  return token && isApiKey(token) ? token : null;
}

/**
 * The bucket of a presented key, by its hash: the key is limited before anything looks it up, so
 * an unknown or revoked key is limited too, and no key is stored.
 */
export function apiKeyBucket(key: string): string {
  return `api-key:${apiKeyHash(key)}`;
}

/** The key's rate as a RateLimit item: the burst in the time it takes to refill. */
export function keyRateItem(verdict: RateVerdict): RateLimitItem {
  return {
    policy: KEY_RATE_POLICY,
    quota: API_KEY_RATE.burst,
    windowSeconds: Math.ceil(API_KEY_RATE.burst / API_KEY_RATE.perSecond),
    remaining: verdict.remaining,
    resetSeconds: Math.ceil(verdict.fullInMs / 1000),
  };
}

/** Adds the items to an answer whose headers may be immutable (a redirect, a fetch). */
function withItems(response: Response, items: RateLimitItem[]): Response {
  try {
    appendRateLimitItems(response.headers, items);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    appendRateLimitItems(copy.headers, items);
    return copy;
  }
}

/**
 * The per-key request rate (ADR 0050) around the app's handler: a request to /api with an API key
 * spends one request of the key's bucket first; over the rate it is a 429 with Retry-After and
 * never reaches the app. Every answer to a key carries the key's RateLimit item, after the route's.
 */
export function withApiKeyRate(handle: Handler): Handler {
  return async (request, loadContext) => {
    const key = presentedApiKey(request);
    if (!key) return handle(request, loadContext);
    const verdict = spendRequest(apiKeyBucket(key));
    const item = keyRateItem(verdict);
    if (verdict.allowed) return withItems(await handle(request, loadContext), [item]);
    const retryAfterSeconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
    const message = messages.requestRate.tooMany(
      API_KEY_RATE.perSecond,
      API_KEY_RATE.burst,
      retryAfterSeconds,
    );
    return withItems(apiRefusal(edgeRefusal("rate_limited", message, { retryAfterSeconds })), [
      item,
    ]);
  };
}
