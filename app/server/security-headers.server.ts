import type { Env } from "~/utils/env.server";

/**
 * The headers every answer carries — HTML, /api JSON, single-fetch `.data`, resource routes and
 * static files — set once per request by the express server (server.mjs). Strict-Transport-Security
 * only in production: not under `npm start` (ENCAIXA_LOCAL) nor in development, where the app is
 * served over plain http and HSTS would pin the host to https (docs/decisions/0015-csrf-and-headers.md).
 */
export function securityHeaders(
  config: Pick<Env, "NODE_ENV" | "ENCAIXA_LOCAL">,
): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
  if (config.NODE_ENV === "production" && !config.ENCAIXA_LOCAL)
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** The HTML pages' policy: scripts only from us or with this response's nonce. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    // blob: the photo chosen on the home page's "Por Imagem" tab is previewed from an object URL
    // (URL.createObjectURL), before anything is uploaded.
    "img-src 'self' data: blob: https:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}
