import * as messages from "~/messages";

/**
 * Remix's server aborts a page write (a form post, a `.data` action) whose `Origin` header is not
 * the host it was sent to — another site, "null", or no URL at all — by throwing, before any of
 * our code runs, and a throw answers a bare 500. server.mjs asks this first and answers those
 * writes with a 403 and a pt-BR text (ADR 0017). The /api answers cross-site writes itself (ADR 0015).
 */

const CHECKED_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Header = (name: string) => string | null | undefined;

/** The host Remix compares the Origin with: the first X-Forwarded-Host, else Host. */
function targetHost(header: Header): string | undefined {
  return header("x-forwarded-host")?.split(",")[0]?.trim() || header("host") || undefined;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export function foreignOriginRefusal(
  method: string,
  pathname: string,
  header: Header,
): { status: 403; message: string } | null {
  if (!CHECKED_METHODS.has(method) || pathname === "/api" || pathname.startsWith("/api/"))
    return null;
  const origin = header("origin");
  if (!origin) return null;
  const host = targetHost(header);
  if (host && origin !== "null" && hostOf(origin) === host) return null;
  return { status: 403, message: messages.auth.crossSiteForm };
}
