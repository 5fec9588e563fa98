import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import * as messages from "~/messages";
import { appRequestHandler } from "./api-methods.server";
import { withApiKeyRate } from "./api-rate.server";
import { answerOnce } from "./idempotency.server";
import { refusalEnvelope } from "./refusal.server";
import {
  boundedBody,
  carriesSession,
  decodable,
  FORBIDDEN_METHODS,
  isApiPath,
  refuse,
  withHeader,
  type Body,
} from "./bounded-body.server";

/** @internal What the edge test measures the limits by. */
export { bodyLimit, IN_FLIGHT_MAX_BYTES, inFlightBodyBytes } from "./bounded-body.server";

/**
 * The HTTP edge (ADR 0031): what every request meets before Remix reads a byte of it. server.mjs
 * serves the app through `createEdgeHandler`, and the tests serve it the same way.
 * - **Bounded bodies.** A form or JSON body is at most 1 MB, read into memory only up to that; a
 *   multipart upload to one of the routes that take a file is streamed, at most its file's limit
 *   plus room for the form's fields. A declared Content-Length over the limit is refused before
 *   any byte is read; a body that grows past it is cut there. 413, in pt-BR, in the API envelope
 *   under /api. The rest of the body is read and dropped (nothing is kept) for at most
 *   LINGER_MS, so the client gets to read the answer, as nginx's lingering close does; past that
 *   the connection is cut.
 * - **A path that cannot be decoded** (`/api/parts/%FF`) is a 400 in pt-BR, not Express's HTML.
 * - **Answers under /api** are all in the envelope (Remix's own 404/405 for a resource route too)
 *   and none is stored by a browser or a proxy (`private, no-store`), nor is any page or `.data`
 *   answer to a signed-in browser.
 */
/** The Fetch request Remix reads, as @remix-run/express builds it, with the bounded body. */
function remixRequest(req: ExpressRequest, res: ExpressResponse, body: Body): Request {
  const [, forwardedPort] = req.get("X-Forwarded-Host")?.split(":") ?? [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((value) => Number.parseInt(value ?? "", 10))
    .find(Number.isSafeInteger);
  const url = new URL(
    `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`,
  );
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: remixHeaders(req.headers),
    signal: controller.signal,
  };
  if (Buffer.isBuffer(body)) init.body = new Uint8Array(body);
  else if (body) {
    init.body = createReadableStreamFromReadable(body);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

function remixHeaders(incoming: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(incoming)) {
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else if (values) headers.set(name, values);
  }
  return headers;
}

/** Sends Remix's answer through Express, as @remix-run/express does. */
async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

const API_ERROR_MESSAGES: Record<number, string> = {
  400: messages.api.invalidData,
  404: messages.api.notFound,
  405: messages.api.methodNotAllowed,
};

/**
 * What the edge adds to Remix's answer: under /api, the envelope where Remix answered a resource
 * route itself (no loader or action for the method, no match) and `private, no-store` on every
 * answer; a signed-in browser's pages and `.data` answers are not stored either.
 */
async function finishResponse(req: ExpressRequest, response: Response): Promise<Response> {
  if (isApiPath(req.path)) {
    let answer = response;
    const remixOwn =
      response.status >= 400 &&
      (response.headers.has("X-Remix-Error") || response.headers.has("X-Remix-Router-Error"));
    if (remixOwn) {
      await response.body?.cancel().catch(() => {});
      const message = API_ERROR_MESSAGES[response.status] ?? messages.api.internalError;
      answer = refusalEnvelope(message, response.status);
      const allow = response.headers.get("Allow");
      if (allow) answer.headers.set("Allow", allow);
    }
    return withHeader(answer, "Cache-Control", "private, no-store");
  }
  if (carriesSession(req.get("cookie")))
    return withHeader(response, "Cache-Control", "private, no-store");
  return response;
}

export function createEdgeHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild;
  mode?: string;
  getLoadContext?: (req: ExpressRequest) => AppLoadContext;
}) {
  const handle = withApiKeyRate(appRequestHandler(build, mode));
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      if (FORBIDDEN_METHODS.has(req.method.toUpperCase())) {
        res.setHeader("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE");
        return refuse(req, res, 405, messages.api.methodNotAllowed);
      }
      if (!decodable(req.path)) return refuse(req, res, 400, messages.formPost.badPath);
      const body = await boundedBody(req, res);
      if (body === undefined) return;
      const response = await answerOnce(
        req,
        res,
        body,
        (bodyToRun) => remixRequest(req, res, bodyToRun),
        (request) => handle(request, getLoadContext?.(req)),
      );
      if (!response) return;
      // An upload cut at its limit was answered when it passed it.
      if (res.headersSent) {
        await response.body?.cancel().catch(() => {});
        return;
      }
      await sendResponse(res, await finishResponse(req, response));
    } catch (error) {
      next(error);
    }
  };
}
