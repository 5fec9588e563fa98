import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { closedPort } from "../../../tests/support/simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createHttpClient,
  type HttpAnswer,
  type HttpClientOptions,
  type HttpRetry,
  ProviderError,
  type ProviderErrorDetails,
  retryAfterMs,
} from "./client.server";

/** A provider's own error type, as each client declares one. */
class AcmeError extends ProviderError {
  constructor(message: string, details: ProviderErrorDetails = {}) {
    super("acme", message, details);
    this.name = "AcmeError";
  }
}

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
type Handler = (res: ServerResponse, seen: Seen, count: number) => void;

/** A real local HTTP server whose answer each test sets. */
let server: Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: Seen = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      seen.push(request);
      handler(res, request, seen.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
  handler = (res) => json(res, 200, { ok: true });
});

function json(res: ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Fails the first `failures` requests with `status`, then answers `{ ok: true }`. */
function failingFirst(failures: number, status: number, headers = {}): Handler {
  return (res, _seen, count) =>
    count <= failures
      ? json(res, status, { error: "busy" }, headers)
      : json(res, 200, { ok: true });
}

/** What a client's reader does: the JSON of a 2xx, else the provider's error for the answer. */
function readJson(answer: HttpAnswer): unknown {
  if (!answer.ok) throw new AcmeError(`HTTP ${answer.status}`, answer.details);
  return JSON.parse(answer.text);
}

function client(options: Partial<HttpClientOptions<AcmeError>> = {}) {
  return createHttpClient<AcmeError>({
    baseUrl,
    timeoutMs: 2_000,
    maxAttempts: 3,
    backoffMs: 1,
    failures: {
      error: (message, details) => new AcmeError(message, details),
      network: "network down",
      timeout: (seconds) => `no answer in ${seconds} s`,
      droppedMidAnswer: "dropped",
    },
    ...options,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<AcmeError> {
  const error = await promise.then(
    () => expect.fail("expected a failure"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AcmeError);
  return error as AcmeError;
}

describe("the HTTP client core", () => {
  it("sends the request below the base URL, with its headers and JSON body", async () => {
    const answer = await client({ headers: { Authorization: "Bearer t" } }).request(
      { method: "POST", path: "things?x=1", json: { a: 1 } },
      readJson,
    );
    expect(answer).toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/things?x=1", body: '{"a":1}' });
    expect(seen[0]!.headers).toMatchObject({
      authorization: "Bearer t",
      "content-type": "application/json",
    });
  });

  it("retries a 5xx and then succeeds", async () => {
    handler = failingFirst(2, 503);
    expect(await client().request({ path: "x" }, readJson)).toEqual({ ok: true });
    expect(seen).toHaveLength(3);
  });

  it("retries a 429 after the seconds Retry-After asks", async () => {
    handler = failingFirst(1, 429, { "Retry-After": "1" });
    const retries: HttpRetry<AcmeError>[] = [];
    const before = Date.now();
    await client({ onRetry: (retry) => retries.push(retry) }).request({ path: "x" }, readJson);
    expect(Date.now() - before).toBeGreaterThanOrEqual(950);
    expect(retries.map(({ attempt, delayMs }) => ({ attempt, delayMs }))).toEqual([
      { attempt: 1, delayMs: 1000 },
    ]);
    expect(retries[0]!.error).toMatchObject({ status: 429, retryAfterMs: 1000, retryable: true });
    expect(seen).toHaveLength(2);
  });

  it("retries a 503 after the HTTP date Retry-After names", async () => {
    const at = new Date(Date.now() + 2_500).toUTCString();
    handler = failingFirst(1, 503, { "Retry-After": at });
    const delays: number[] = [];
    const before = Date.now();
    await client({ onRetry: ({ delayMs }) => delays.push(delayMs) }).request(
      { path: "x" },
      readJson,
    );
    // An HTTP date counts whole seconds: the wait is what is left of them.
    expect(delays[0]).toBeGreaterThan(1_000);
    expect(delays[0]).toBeLessThanOrEqual(2_500);
    expect(Date.now() - before).toBeGreaterThanOrEqual(delays[0]! - 50);
  });

  it("caps what Retry-After asks", async () => {
    handler = failingFirst(1, 429, { "Retry-After": "120" });
    const delays: number[] = [];
    await client({ maxDelayMs: 20, onRetry: ({ delayMs }) => delays.push(delayMs) }).request(
      { path: "x" },
      readJson,
    );
    expect(delays).toEqual([20]);
  });

  it("does not retry a 4xx, and keeps the start of its body", async () => {
    handler = (res) => json(res, 400, { error: "x".repeat(500) });
    const error = await failureOf(client().request({ path: "x" }, readJson));
    expect(error).toMatchObject({ status: 400, retryable: false });
    expect(error.bodyExcerpt).toHaveLength(200);
    expect(error.bodyExcerpt).toMatch(/^\{"error":"x+$/);
    expect(seen).toHaveLength(1);
  });

  it("gives up after the allowed attempts with the last error", async () => {
    handler = failingFirst(100, 500);
    const error = await failureOf(client({ maxAttempts: 4 }).request({ path: "x" }, readJson));
    expect(error).toMatchObject({ message: "HTTP 500", status: 500, retryable: true });
    expect(seen).toHaveLength(4);
  });

  it("times out a slow answer, says so in the provider's words and retries it", async () => {
    handler = (res) => setTimeout(() => json(res, 200, { ok: true }), 300);
    const error = await failureOf(
      client({ timeoutMs: 50, maxAttempts: 2 }).request({ path: "x" }, readJson),
    );
    expect(error).toMatchObject({ message: "no answer in 0.05 s", retryable: true });
    expect(error.status).toBeUndefined();
    expect(seen).toHaveLength(2);
  });

  it("retries a network error and reports it", async () => {
    const retries: number[] = [];
    const error = await failureOf(
      client({
        baseUrl: `http://127.0.0.1:${await closedPort()}`,
        onRetry: ({ attempt }) => retries.push(attempt),
      }).request({ path: "x" }, readJson),
    );
    expect(error).toMatchObject({ message: "network down", retryable: true });
    expect(retries).toEqual([1, 2]);
  });

  it("keeps the idempotency key in the same header on every try", async () => {
    handler = failingFirst(2, 502);
    await client().request(
      { method: "POST", path: "charges", json: {}, idempotencyKey: "key-1" },
      readJson,
    );
    expect(seen.map((request) => request.headers["x-idempotency-key"])).toEqual([
      "key-1",
      "key-1",
      "key-1",
    ]);

    seen = [];
    handler = failingFirst(1, 500);
    await client({ idempotencyHeader: "Idempotency-Key" }).request(
      { method: "POST", path: "charges", json: {}, idempotencyKey: "key-2" },
      readJson,
    );
    expect(seen.map((request) => request.headers["idempotency-key"])).toEqual(["key-2", "key-2"]);
    expect(seen[0]!.headers["x-idempotency-key"]).toBeUndefined();
  });

  it("names the provider in every error, whatever failed", async () => {
    handler = (res) => json(res, 404, {});
    const refused = await failureOf(client().request({ path: "x" }, readJson));
    const unreachable = await failureOf(
      client({ baseUrl: `http://127.0.0.1:${await closedPort()}`, maxAttempts: 1 }).request(
        { path: "x" },
        readJson,
      ),
    );
    for (const error of [refused, unreachable]) {
      expect(error).toBeInstanceOf(ProviderError);
      expect(error.provider).toBe("acme");
      expect(error.name).toBe("AcmeError");
    }
  });

  it("backs off exponentially, with jitter on top that never shortens a wait", async () => {
    handler = failingFirst(100, 500);
    const delays: number[] = [];
    await failureOf(
      client({
        backoffMs: 10,
        maxAttempts: 4,
        jitterRatio: 0.5,
        onRetry: ({ delayMs }) => delays.push(delayMs),
      }).request({ path: "x" }, readJson),
    );
    expect(delays).toHaveLength(3);
    [10, 20, 40].forEach((base, i) => {
      expect(delays[i]).toBeGreaterThanOrEqual(base);
      expect(delays[i]).toBeLessThanOrEqual(base * 1.5);
    });

    seen = [];
    const exact: number[] = [];
    await failureOf(
      client({
        backoffMs: 2,
        maxAttempts: 4,
        jitterRatio: 0,
        onRetry: ({ delayMs }) => exact.push(delayMs),
      }).request({ path: "x" }, readJson),
    );
    expect(exact).toEqual([2, 4, 8]);
  });

  it("waits its turn before every attempt", async () => {
    handler = failingFirst(1, 500);
    let turns = 0;
    await client({
      beforeAttempt: async () => {
        turns++;
      },
    }).request({ path: "x" }, readJson);
    expect(turns).toBe(2);
  });

  it("lets a reader's own bug through at once", async () => {
    const bug = new TypeError("not a provider's failure");
    await expect(
      client().request({ path: "x" }, () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
    expect(seen).toHaveLength(1);
  });
});

describe("Retry-After", () => {
  const now = Date.parse("2030-01-01T12:00:00Z");

  it("reads delay-seconds and HTTP dates", () => {
    expect(retryAfterMs("3", now)).toBe(3_000);
    expect(retryAfterMs("0.5", now)).toBe(500);
    expect(retryAfterMs("Tue, 01 Jan 2030 12:00:07 GMT", now)).toBe(7_000);
  });

  it("ignores an absent, zero, past or unreadable value", () => {
    for (const header of [null, "", " ", "0", "-1", "soon", "Tue, 01 Jan 2030 11:59:00 GMT"])
      expect(retryAfterMs(header, now)).toBeUndefined();
  });
});
