import { createHash, randomBytes } from "node:crypto";
import { open, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import {
  completeIdempotencyKey,
  idempotencyKeyOf,
  KEPT_ANSWER_MAX_BYTES,
  keepsAnswer,
  releaseIdempotencyKey,
  reserveIdempotencyKey,
  RESERVATION_HEARTBEAT_MS,
  touchIdempotencyKey,
  type KeptAnswer,
  type Reservation,
} from "~/models/accounts/index.server";
import * as messages from "~/messages";
import { env } from "~/utils/env.server";
import { privateDirectory } from "~/utils/private-files.server";
import { getAuth } from "./auth.server";
import { isApiPath, type Body } from "./bounded-body.server";
import { mediaType } from "./csrf.server";
import { refusalEnvelope } from "./refusal.server";

/**
 * `Idempotency-Key` at the HTTP edge (ADR 0051; IETF draft-ietf-httpapi-idempotency-key-header,
 * as Stripe does it): a POST or PATCH under /api from a known caller, sent with a key, runs once;
 * its retries get its answer again. The storage rules are in app/models/accounts/idempotency.
 */

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set on an answer that is the kept one of an earlier request with the same key. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
const KEYED_METHODS = new Set(["POST", "PATCH"]);
/** The headers kept with an answer: what a client reads besides the body. */
const KEPT_HEADER = /^(content-type|location|ratelimit(-policy)?|x-(?!remix-).+)$/i;
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

const m = messages.apiIdempotency;

/**
 * The request's fingerprint: SHA-256 of its method, its path and query, and its body's bytes. A
 * multipart body's boundary is left out: a client picks a new one on every send (fetch's
 * FormData, curl -F), and its retry is the same request.
 */
class Fingerprint {
  private readonly hash = createHash("sha256");
  private readonly delimiter: Buffer | null;
  /** The tail of the last chunk that may be the start of a boundary. */
  private carry = Buffer.alloc(0);

  constructor(method: string, url: string, contentType: string | undefined) {
    this.hash.update(`${method}\n${url}\n`);
    const boundary =
      mediaType(contentType) === "multipart/form-data"
        ? /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "")
        : null;
    this.delimiter = boundary ? Buffer.from(`--${boundary[1] ?? boundary[2]}`) : null;
  }

  update(chunk: Buffer) {
    if (!this.delimiter) {
      this.hash.update(chunk);
      return;
    }
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    let from = 0;
    for (
      let at = data.indexOf(this.delimiter);
      at !== -1;
      at = data.indexOf(this.delimiter, from)
    ) {
      this.hash.update(data.subarray(from, at));
      this.hash.update("--\0");
      from = at + this.delimiter.length;
    }
    const keep = Math.min(this.delimiter.length - 1, data.length - from);
    this.hash.update(data.subarray(from, data.length - keep));
    this.carry = Buffer.from(data.subarray(data.length - keep));
  }

  digest(): string {
    this.hash.update(this.carry);
    return this.hash.digest("hex");
  }
}

/**
 * Reads a streamed upload to its end (within its route's limit, which the stream enforces) into a
 * file in DATA_DIR, fingerprinting it, and gives it back as a stream for the route: the key is
 * judged before the route reads a byte, and a 200 MB CSV is never held in memory. The file is
 * unlinked as soon as it is open, so nothing is left behind whatever happens to the process.
 * Undefined when the upload failed (refused at its limit, its client gone).
 */
async function spool(
  upload: Readable,
  fingerprint: Fingerprint,
  res: ExpressResponse,
): Promise<Readable | undefined> {
  const directory = path.join(env().DATA_DIR, "spool");
  privateDirectory(directory);
  const file = path.join(directory, randomBytes(16).toString("hex"));
  const handle = await open(file, "w+", 0o600);
  await unlink(file);
  try {
    for await (const chunk of upload) {
      const bytes = chunk as Buffer;
      fingerprint.update(bytes);
      await handle.write(bytes);
    }
  } catch {
    await handle.close();
    return undefined;
  }
  const spooled = handle.createReadStream({ start: 0 });
  // A route that answers without reading the whole file must not leave it open.
  res.once("close", () => spooled.destroy());
  return spooled;
}

/**
 * Reads and drops an upload nobody will use (its key was refused): still counted by its cap, so
 * the client gets to read the answer, as the edge does with a refused body.
 */
function drain(body: Body) {
  if (!body || Buffer.isBuffer(body)) return;
  body.on("error", () => {});
  body.resume();
}

function refusal(status: number, message: string, headers: Record<string, string> = {}) {
  const response = refusalEnvelope(message, status);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** The answer kept of an earlier request with the same key, marked as replayed. */
function replay(answer: KeptAnswer): Response {
  const headers = new Headers(answer.headers);
  headers.set(REPLAYED_HEADER, "true");
  let body = answer.body;
  if (body === null) {
    body = JSON.stringify({ success: answer.status < 400, data: null, message: m.answerNotKept });
    headers.set("Content-Type", "application/json; charset=utf-8");
  }
  return new Response(NULL_BODY_STATUS.has(answer.status) ? null : body, {
    status: answer.status,
    headers,
  });
}

function answerTo(reservation: Exclude<Reservation, { kind: "reserved" }>): Response {
  if (reservation.kind === "replay") return replay(reservation.answer);
  if (reservation.kind === "mismatch") return refusal(422, m.keyReused);
  return refusal(409, m.inProgress, { "Retry-After": "1" });
}

/** Reads up to `max` bytes of a body: all of it, or the bytes read and the rest still to come. */
async function readUpTo(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<{
  chunks: Uint8Array[];
  size: number;
  rest: ReadableStreamDefaultReader<Uint8Array> | null;
}> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!body) return { chunks, size, rest: null };
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { chunks, size, rest: null };
    chunks.push(value);
    size += value.byteLength;
    if (size > max) return { chunks, size, rest: reader };
  }
}

function isJson(contentType: string | null): boolean {
  const type = mediaType(contentType ?? undefined);
  return type === "application/json" || type.endsWith("+json");
}

/**
 * Keeps the route's answer for the key's retries when it is the request's outcome, or gives the
 * key up when it is not (a 5xx, a refusal before anything ran, Remix answering for a route that
 * did not run); the answer goes on to the client unchanged either way.
 */
async function keep(
  response: Response,
  store: (answer: KeptAnswer | null) => void,
): Promise<Response> {
  const remixOwn =
    response.headers.has("X-Remix-Error") || response.headers.has("X-Remix-Router-Error");
  if (!keepsAnswer(response.status) || remixOwn) {
    store(null);
    return response;
  }
  const { chunks, size, rest } = await readUpTo(response.body, KEPT_ANSWER_MAX_BYTES);
  const bytes = Buffer.concat(chunks, size);
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (KEPT_HEADER.test(name)) headers[name] = value;
  const text = !rest && (size === 0 || isJson(response.headers.get("content-type")));
  store({ status: response.status, headers, body: text ? bytes.toString("utf8") : null });
  const body = rest
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const { done, value } = await rest.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        cancel: (reason) => rest.cancel(reason),
      })
    : bytes;
  return new Response(NULL_BODY_STATUS.has(response.status) ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * Runs the request (`run`, over the Fetch request `toRequest` makes of a body) once per
 * `Idempotency-Key`. Anything but a POST or PATCH under /api, a request without the header, or one
 * from nobody the app knows (the header is then ignored) just runs. Otherwise: a malformed key is a
 * 400; the key's first use reserves it, runs, and keeps the answer; a retry of the same request
 * gets that answer again (`Idempotent-Replayed: true`) without running; another request with the
 * key is a 422; a retry while the first still runs, a 409 with `Retry-After: 1`. Undefined when
 * there is nobody to answer (an upload refused at its limit, already answered, or abandoned).
 */
export async function answerOnce(
  req: ExpressRequest,
  res: ExpressResponse,
  body: Body,
  toRequest: (body: Body) => Request,
  run: (request: Request) => Promise<Response>,
): Promise<Response | undefined> {
  const value = req.get(IDEMPOTENCY_KEY_HEADER);
  const method = req.method.toUpperCase();
  if (value === undefined || !KEYED_METHODS.has(method) || !isApiPath(req.path))
    return run(toRequest(body));
  const streamed = body !== null && !Buffer.isBuffer(body);
  const request = toRequest(streamed ? null : body);
  const auth = await getAuth(request);
  if (!auth) return run(streamed ? toRequest(body) : request);
  const key = idempotencyKeyOf(value);
  if (key === null) {
    drain(body);
    return refusal(400, m.invalidKey);
  }

  const fingerprint = new Fingerprint(method, req.originalUrl, req.get("content-type"));
  let runBody: Body = body;
  if (streamed) {
    const spooled = await spool(body, fingerprint, res);
    if (!spooled) return undefined;
    runBody = spooled;
  } else if (body) fingerprint.update(body);

  const userId = auth.user.id;
  const reservation = reserveIdempotencyKey(userId, key, fingerprint.digest());
  if (reservation.kind !== "reserved") {
    if (runBody && !Buffer.isBuffer(runBody)) runBody.destroy();
    return answerTo(reservation);
  }
  const { token } = reservation;
  const heartbeat = setInterval(() => {
    try {
      touchIdempotencyKey(userId, key, token);
    } catch {
      // A busy database skips one beat; the next one keeps the reservation.
    }
  }, RESERVATION_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const response = await run(streamed ? toRequest(runBody) : request);
    return await keep(response, (answer) => {
      if (answer) completeIdempotencyKey(userId, key, token, answer);
      else releaseIdempotencyKey(userId, key, token);
    });
  } catch (error) {
    releaseIdempotencyKey(userId, key, token);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
