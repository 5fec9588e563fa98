import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import * as messages from "~/messages";
import { IMAGE_MAX_BYTES } from "~/schemas/search/image-search";
import { FORM_FIELDS_MAX } from "~/schemas/fields";
import { env } from "~/utils/env.server";
import { formatBytes } from "~/utils/format";
import type { Envelope } from "./api.server";
import { SESSION_COOKIE_NAME } from "./auth.server";
import { mediaType } from "./csrf.server";

/**
 * The edge's bounded bodies (ADR 0031): how large a body may be on each route, how much all
 * requests together may hold, and the reading of a body within those limits. http-edge.server.ts
 * puts them in front of Remix.
 */

const MB = 1024 * 1024;
/** A form post or a JSON body. */
export const BODY_MAX_BYTES = MB;
/** Room for an upload's text fields and the multipart framing, on top of its file. */
const UPLOAD_FORM_ROOM = MB;

/** The routes that take a file, and the largest multipart body each accepts. */
const UPLOAD_ROUTES: { paths: string[]; maxBytes: () => number; inMemory: boolean }[] = [
  {
    paths: ["/home", "/api/search/image"],
    maxBytes: () => IMAGE_MAX_BYTES + UPLOAD_FORM_ROOM,
    // The photo is read in memory: it counts towards the bodies held at once.
    inMemory: true,
  },
  {
    paths: ["/admin/import", "/api/import/csv"],
    maxBytes: () => env().IMPORT_CSV_MAX_MB * MB + UPLOAD_FORM_ROOM,
    // The CSV is streamed to disk.
    inMemory: false,
  },
];

/**
 * Request bodies one process holds in memory at once, all requests together: a thousand slow
 * clients each a byte short of 1 MB would otherwise pin a gigabyte. Past it a body is a 503.
 */
export const IN_FLIGHT_MAX_BYTES = 64 * MB;
/** Nesting a JSON body may have; ours have three or four levels. */
const JSON_DEPTH_MAX = 32;
/** Methods a Fetch request cannot carry (the Fetch standard forbids them). */
export const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

let inFlightBytes = 0;

/** Bytes held for one request's body, given back when its answer is done. */
function memoryHold(res: ExpressResponse) {
  let held = 0;
  res.once("close", () => {
    inFlightBytes -= held;
    held = 0;
  });
  return (bytes: number): boolean => {
    if (inFlightBytes + bytes > IN_FLIGHT_MAX_BYTES) return false;
    inFlightBytes += bytes;
    held += bytes;
    return true;
  };
}

/**
 * For tests: the bytes of request bodies this process holds now.
 * @internal
 */
export function inFlightBodyBytes(): number {
  return inFlightBytes;
}

/** The route a path asks for as the upload table names it: lower case (Remix matches so), no `.data`, no trailing slash. */
function routePath(pathname: string): string {
  const path = pathname
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
  return path === "/_root" ? "/" : path || "/";
}

function isMultipart(contentType: string | undefined): boolean {
  return mediaType(contentType) === "multipart/form-data";
}

/**
 * The largest body a request may carry, and whether it is streamed (an upload) rather than read
 * into memory. Anything not in the upload table — another type of body on an upload route, a
 * path spelled so the table misses it — gets the form limit: a miss errs on the strict side.
 */
export function bodyLimit(
  pathname: string,
  contentType: string | undefined,
): { maxBytes: number; streamed: boolean; inMemory: boolean } {
  if (isMultipart(contentType)) {
    const path = routePath(pathname);
    const upload = UPLOAD_ROUTES.find((route) => route.paths.includes(path));
    if (upload) return { maxBytes: upload.maxBytes(), streamed: true, inMemory: upload.inMemory };
  }
  return { maxBytes: BODY_MAX_BYTES, streamed: false, inMemory: true };
}

/**
 * What a buffered body would cost to read, told from its bytes before anything parses it: a form
 * with more fields than any of ours, or JSON with more values or deeper nesting (a megabyte of
 * `a&a&…` is half a million fields, and seconds of parsing). Null when it is fine.
 */
export function bodyShapeProblem(
  body: Buffer,
  contentType: string | undefined,
): "too_many" | "too_deep" | null {
  const type = mediaType(contentType);
  if (type === "application/x-www-form-urlencoded") {
    let fields = 1;
    for (let at = body.indexOf(0x26); at !== -1; at = body.indexOf(0x26, at + 1))
      if (++fields > FORM_FIELDS_MAX) return "too_many";
    return null;
  }
  if (type !== "application/json" && !type.endsWith("+json")) return null;
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    if (inString) {
      if (byte === 0x5c)
        i++; // a backslash escapes the next byte
      else if (byte === 0x22) inString = false;
      continue;
    }
    if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > JSON_DEPTH_MAX) return "too_deep";
    } else if (byte === 0x7d || byte === 0x5d) depth--;
    else if (byte === 0x2c && ++values > FORM_FIELDS_MAX) return "too_many";
  }
  return null;
}

export function isApiPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === "/api" || path.startsWith("/api/");
}

/** The web session's cookie is on the request: a signed-in browser, or one that was. */
export function carriesSession(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "")
    .split(";")
    .some((pair) => pair.trimStart().startsWith(`${SESSION_COOKIE_NAME}=`));
}

/** Sets a header on an answer whose headers may be immutable (`Response.redirect`, a fetch). */
export function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

export function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** A refusal from the edge: the envelope under /api, plain pt-BR text elsewhere. */
export function refuse(req: ExpressRequest, res: ExpressResponse, status: number, message: string) {
  if (res.headersSent) return;
  res.setHeader("Cache-Control", "private, no-store");
  if (isApiPath(req.path))
    res.status(status).json({ success: false, data: null, message } satisfies Envelope<null>);
  else res.status(status).type("text/plain; charset=utf-8").send(message);
}

/** How long the rest of a refused body is read and dropped before the connection is cut. */
const LINGER_MS = 10_000;

/**
 * Drops what is left of a refused body as it arrives. A client still sending when it is answered
 * would otherwise have its connection reset before it reads the answer; one that keeps sending
 * past LINGER_MS is cut off.
 */
function dropRestOfBody(req: ExpressRequest) {
  if (req.readableEnded) return;
  req.unpipe();
  req.removeAllListeners("data");
  req.resume();
  const cut = setTimeout(() => req.socket.destroy(), LINGER_MS);
  cut.unref();
  req.once("end", () => clearTimeout(cut)).once("close", () => clearTimeout(cut));
}

/** Counts a streamed body and fails it once it passes `maxBytes`. */
class ByteCap extends Transform {
  private seen = 0;
  constructor(
    private readonly maxBytes: number,
    /** Whether `bytes` more may be held in memory (uploads read in memory count them). */
    private readonly hold: (bytes: number) => boolean,
    private readonly onRefused: (reason: "too_large" | "busy") => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.byteLength;
    const refused =
      this.seen > this.maxBytes ? "too_large" : this.hold(chunk.byteLength) ? null : "busy";
    if (refused) {
      this.onRefused(refused);
      done(new Error(messages.formPost.bodyRefused));
      return;
    }
    done(null, chunk);
  }
}

export type Body = Buffer | Readable | null;

/**
 * The request's body within its limits: null for a method without one, a buffer for a form or
 * JSON, a counted stream for an upload; `undefined` when it was refused (the answer is sent) or
 * its client went away.
 */
export async function boundedBody(
  req: ExpressRequest,
  res: ExpressResponse,
): Promise<Body | undefined> {
  if (req.method === "GET" || req.method === "HEAD") return null;
  const contentType = req.get("content-type");
  const { maxBytes, streamed, inMemory } = bodyLimit(req.path, contentType);
  const m = messages.formPost;
  const refuseBody = (reason: "too_large" | "busy" | "timeout") => {
    if (reason === "busy") res.setHeader("Retry-After", "5");
    if (reason === "too_large") refuse(req, res, 413, m.bodyTooLarge(formatBytes(maxBytes)));
    else if (reason === "busy") refuse(req, res, 503, m.serverBusy);
    else refuse(req, res, 408, m.bodyTimeout);
    dropRestOfBody(req);
  };
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    refuseBody("too_large");
    return undefined;
  }
  const hold = inMemory ? memoryHold(res) : () => true;
  if (streamed) {
    const cap = new ByteCap(maxBytes, hold, refuseBody);
    // A client that goes away mid-upload fails the stream the upload is read from, so the upload
    // stops and its file is removed (pipe alone would leave it waiting for ever). Not pipeline:
    // a refused upload must not tear down the connection its 413 goes out on.
    const gone = () => {
      if (!req.complete) cap.destroy(new Error(messages.formPost.clientGaveUp));
    };
    req.once("error", gone).once("close", gone);
    return req.pipe(cap);
  }

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      settle(undefined);
      refuseBody("timeout");
    }, env().BODY_TIMEOUT_MS);
    const settle = (body: Body | undefined) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onGone);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      const refused = size > maxBytes ? "too_large" : hold(chunk.byteLength) ? null : "busy";
      if (refused) {
        settle(undefined);
        refuseBody(refused);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const body = Buffer.concat(chunks, size);
      const problem = bodyShapeProblem(body, contentType);
      settle(problem ? undefined : body);
      if (problem === "too_many") refuse(req, res, 413, m.tooManyFields);
      else if (problem) refuse(req, res, 400, m.tooDeep);
    };
    // The client went away mid-body: nobody to answer.
    const onGone = () => settle(undefined);
    req.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onGone);
  });
}
