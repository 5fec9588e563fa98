import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What a JSON API simulator answers to one request. */
export type SimulatedResponse = { status: number; body: unknown; headers?: Record<string, string> };

export type SimulatorServer = {
  /** Starts listening (ephemeral port by default); resolves to the base URL of the API. */
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
};

/**
 * The HTTP side of a GET-only JSON API simulator (FIPE, the catalogue source): serves `respond`
 * below `apiPrefix` on 127.0.0.1, answers `notFound` elsewhere and `crashed` if `respond` throws.
 */
export function simulatorServer(options: {
  apiPrefix: string;
  respond(path: string, search: URLSearchParams): Promise<SimulatedResponse>;
  notFound(): SimulatedResponse;
  crashed(): SimulatedResponse;
}): SimulatorServer {
  const { apiPrefix, respond } = options;
  let server: Server | undefined;
  return {
    async start(port = 0) {
      server = createServer((req, res) => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const reply = (result: SimulatedResponse) => {
          res.writeHead(result.status, {
            "Content-Type": "application/json; charset=utf-8",
            ...result.headers,
          });
          res.end(JSON.stringify(result.body));
        };
        if (req.method !== "GET" || !url.pathname.startsWith(apiPrefix)) {
          reply(options.notFound());
          return;
        }
        respond(url.pathname.slice(apiPrefix.length), url.searchParams).then(reply, () =>
          reply(options.crashed()),
        );
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve));
      const { port: actual } = listening.address() as AddressInfo;
      return `http://127.0.0.1:${actual}${apiPrefix.slice(0, -1)}`;
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
