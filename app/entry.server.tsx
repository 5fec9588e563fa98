import { PassThrough } from "node:stream";
import { randomBytes } from "node:crypto";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { boot } from "~/server/boot.server";
// zod's own messages in pt-BR on the server (ADR 0017); the browser only validates real forms.
import "~/schemas/zod-locale";
import { contentSecurityPolicy, securityHeaders } from "~/server/security-headers.server";
import { etagOf, matchesIfNoneMatch } from "~/server/validators.server";
import { env } from "~/utils/env.server";

export { boot };
/** For server.mjs: a page write from another origin gets a 403, not Remix's bare 500 (ADR 0017). */
export { foreignOriginRefusal } from "~/server/origin.server";

/** For server.mjs: Remix behind the bounded bodies and the /api envelope (ADR 0031). */
export { createEdgeHandler } from "~/server/http-edge.server";

/** For server.mjs: every answer Remix gives is counted for the dashboard's error rate. */
export { countResponse, flushRequestCounts } from "~/server/request-counter.server";

/** For server.mjs, which sets these on every answer (HTML, JSON, `.data`, files); ADR 0015. */
export const everyResponseHeaders = () => securityHeaders(env());

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const notModified = revalidatedPage(request, responseStatusCode, responseHeaders, remixContext);
  if (notModified) return notModified;

  const nonce = randomBytes(16).toString("base64");
  // The other security headers come from server.mjs, on every answer; the policy is the page's own.
  if (env().NODE_ENV !== "development")
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  // Bots get the whole page at once; people get the shell first and the rest as it streams.
  const forBot = isbot(request.headers.get("user-agent") ?? "");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce}
        />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!forBot) respond();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (forBot) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // Gives up on data still pending after the stream timeout. Cleared once all is rendered: a
    // pending timer holds the whole render (tree, loader data, streams) in memory until it fires,
    // thousands of renders under load, and the heap then spends a third of its time collecting.
    const abortTimer = setTimeout(abort, ABORT_DELAY + 1000);

    function respond() {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    }
  });
}

/**
 * Public pages that declare `handle = { etag: true }` answer with an ETag of the build and of the
 * data every loader gave them: a visit that already has that page gets a 304 and no render.
 * `private, no-cache`: the page may carry the visitor's name, and is asked for again each time.
 */
function revalidatedPage(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): Response | null {
  if (status !== 200 || request.method !== "GET" || headers.has("Set-Cookie")) return null;
  const { matches, loaderData } = context.staticHandlerContext;
  const opted = matches.some(
    (match) => (context.routeModules[match.route.id]?.handle as { etag?: boolean })?.etag,
  );
  if (!opted) return null;
  const etag = etagOf(context.manifest.version, loaderData);
  headers.set("ETag", etag);
  headers.set("Cache-Control", "private, no-cache");
  headers.append("Vary", "Cookie");
  if (!matchesIfNoneMatch(request, etag)) return null;
  // No policy on a 304: the stored page keeps the one that matches its own nonce.
  headers.delete("Content-Security-Policy");
  return new Response(null, { status: 304, headers });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A method a route does not take, a path no route has: the client's mistake, answered as such.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}
