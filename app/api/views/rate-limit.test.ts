import { describe, expect, it } from "vitest";
import type { CreditStats } from "~/models/accounts/index.server";
import {
  appendRateLimitItems,
  rateLimitHeaders,
  secondsUntil,
  type RateLimitItem,
} from "~/utils/rate-limit-headers";
import { creditsItem } from "./rate-limit";

const stats = (remainingSearches: number, dailyAllowance = 10): CreditStats => ({
  chargedToday: 0,
  dailyAllowance,
  creditsBalance: 0,
  remainingSearches,
});

const key: RateLimitItem = {
  policy: "chave",
  quota: 20,
  windowSeconds: 2,
  remaining: 19,
  resetSeconds: 1,
};

describe("RateLimit headers (draft-ietf-httpapi-ratelimit-headers)", () => {
  it("writes each item as a structured-field list member", () => {
    const credits = creditsItem(stats(7), new Date("2026-03-01T23:30:00-03:00"))!;
    expect(rateLimitHeaders([credits, key])).toEqual({
      "RateLimit-Policy": '"creditos";q=10;w=86400, "chave";q=20;w=2',
      RateLimit: '"creditos";r=7;t=1800, "chave";r=19;t=1',
    });
    expect(rateLimitHeaders([null])).toEqual({});
  });

  it("leaves the credits out for an unlimited account", () => {
    expect(creditsItem(stats(-1, -1))).toBeNull();
  });

  it("counts extra credits in what is left: what can be spent before a 402", () => {
    const item = creditsItem({ ...stats(12, 10), creditsBalance: 2 })!;
    expect(item).toMatchObject({ quota: 10, remaining: 12 });
  });

  it("adds the edge's item to the route's, one list per header", () => {
    const headers = new Headers(rateLimitHeaders([creditsItem(stats(3))]));
    appendRateLimitItems(headers, [key]);
    expect(headers.get("RateLimit-Policy")).toBe('"creditos";q=10;w=86400, "chave";q=20;w=2');
    expect(headers.get("RateLimit")).toMatch(/^"creditos";r=3;t=\d+, "chave";r=19;t=1$/);
    const bare = new Headers();
    appendRateLimitItems(bare, [key]);
    expect(bare.get("RateLimit")).toBe('"chave";r=19;t=1');
  });

  it("waits whole seconds, at least one", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    expect(secondsUntil(new Date(now.getTime() + 1), now)).toBe(1);
    expect(secondsUntil(new Date(now.getTime() - 5000), now)).toBe(1);
    expect(secondsUntil(new Date(now.getTime() + 2001), now)).toBe(3);
  });
});
