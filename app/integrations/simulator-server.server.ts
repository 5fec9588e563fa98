import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { env } from "~/utils/env.server";

/**
 * The one bootstrap of the local simulators (Mercado Pago, PagHiper, FIPE, the catalogue source).
 * A simulator is a fetch-style handler, `(request, path) → Response`, served two ways: as its own
 * HTTP server on 127.0.0.1 (tests, benches) or mounted by the app's /…-sim route (local runs).
 * Here too the faults tests ask of them, and the helpers their pages share.
 */

/** Answers a request whose path below the simulator's mount is `path` (decoded, no leading slash). */
export type SimulatorHandler = (request: Request, path: string) => Promise<Response>;

export type SimulatorServer = {
  /** Starts listening (ephemeral port by default); resolves to the URL of the mount. */
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
};

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function toRequest(req: IncomingMessage): Promise<Request> {
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const chunks: Buffer[] = [];
  // A GET is not read: its (empty) stream may only end when the client closes the connection.
  if (hasBody) for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (["host", "connection", "content-length", "transfer-encoding"].includes(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(url, {
    method,
    headers,
    body: hasBody ? new Uint8Array(Buffer.concat(chunks)) : undefined,
  });
}

/**
 * A simulator as its own HTTP server on 127.0.0.1: `handle` answers below `mountPath` ("" for the
 * root, "/paghiper-sim"), `notFound` elsewhere, and `crashed` when it throws.
 */
export function simulatorServer(options: {
  mountPath: string;
  handle: SimulatorHandler;
  notFound: () => Response;
  crashed: () => Response;
}): SimulatorServer {
  const { mountPath } = options;
  let server: Server | undefined;

  async function answer(req: IncomingMessage): Promise<Response> {
    const request = await toRequest(req);
    const { pathname } = new URL(request.url);
    if (pathname !== mountPath && !pathname.startsWith(`${mountPath}/`)) return options.notFound();
    const path = pathname
      .slice(mountPath.length + 1)
      .split("/")
      .map(safeDecode)
      .join("/");
    return options.handle(request, path);
  }

  return {
    async start(port = 0) {
      const listening = createServer((req, res) => {
        answer(req)
          .catch(() => options.crashed())
          .then(async (response) => {
            response.headers.forEach((value, name) => res.setHeader(name, value));
            res.writeHead(response.status);
            res.end(Buffer.from(await response.arrayBuffer()));
          })
          .catch(() => res.destroy());
      });
      server = listening;
      await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve));
      const { port: actual } = listening.address() as AddressInfo;
      return `http://127.0.0.1:${actual}${mountPath}`;
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}

type RouteArgs = { request: Request; params: Readonly<Record<string, string | undefined>> };

/**
 * The app's /…-sim route of a simulator: `notFound` unless it is enabled, otherwise `handle`
 * answers what follows the route's `root` ("api/v1/"; default the whole splat).
 */
export function simulatorRoute(options: {
  enabled: () => boolean;
  notFound: () => Response;
  handle: SimulatorHandler;
  root?: string;
}): (args: RouteArgs) => Promise<Response> {
  const root = options.root ?? "";
  return async ({ request, params }) => {
    const path = params["*"] ?? "";
    if (!options.enabled() || !path.startsWith(root)) return options.notFound();
    return options.handle(request, path.slice(root.length));
  };
}

/**
 * On outside production and under `npm start` (ENCAIXA_LOCAL); in production only where its
 * own flag (FIPE_SIMULATOR, CATALOGUE_SIMULATOR) says so.
 */
export function simulatorEnabled(flag: boolean | undefined): boolean {
  const config = env();
  return flag ?? (config.NODE_ENV !== "production" || Boolean(config.ENCAIXA_LOCAL));
}

// --- GET-only JSON APIs (FIPE, the catalogue source) ------------------------------------------

/** What a JSON API simulator answers to one request. */
export type SimulatedResponse = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * A GET-only JSON API simulator: `respond` answers the paths below its root, whether on its own
 * server (below `mountPath`) or behind the app's route; `crashed` is answered when it throws.
 */
export function jsonApiSimulator(options: {
  mountPath: string;
  respond(path: string, search: URLSearchParams): Promise<SimulatedResponse>;
  notFound(): SimulatedResponse;
  crashed(): SimulatedResponse;
}): SimulatorServer & { handle: SimulatorHandler } {
  const asResponse = (result: SimulatedResponse) =>
    Response.json(result.body, { status: result.status, headers: result.headers });
  const handle: SimulatorHandler = async (request, path) => {
    if (request.method !== "GET" && request.method !== "HEAD")
      return asResponse(options.notFound());
    const search = new URL(request.url).searchParams;
    return asResponse(await options.respond(path, search).catch(() => options.crashed()));
  };
  const server = simulatorServer({
    mountPath: options.mountPath,
    handle,
    notFound: () => asResponse(options.notFound()),
    crashed: () => asResponse(options.crashed()),
  });
  return { handle, ...server };
}

// --- Faults a test asks for ----------------------------------------------------------------------

/** Requests counted as they arrive, each delayed by `delayMs`; the first `failFirst` are to fail. */
export function simulatedFaults(options: { delayMs?: number; failFirst?: number }) {
  let count = 0;
  return {
    /** Requests arrived so far, failures included. */
    get count() {
      return count;
    },
    /** Counts a request and waits its delay; true when it is one of the first `failFirst`. */
    async arrive(delayMs = options.delayMs): Promise<boolean> {
      count++;
      if (delayMs) await sleep(delayMs);
      return count <= (options.failFirst ?? 0);
    },
  };
}

// --- What the simulators' pages share ----------------------------------------------------------

export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A request's body as text; null when it cannot be read. */
export async function readBodyText(request: Request): Promise<string | null> {
  try {
    return await request.text();
  } catch {
    return null;
  }
}
