import {
  jsonApiSimulator,
  simulatorRoute,
  type SimulatedResponse,
  type SimulatorHandler,
} from "./simulator-server.server";

/**
 * What the two GET-only JSON API simulators (FIPE, the catalogue source) are on top of the
 * bootstrap's jsonApiSimulator: a count of the requests they answered, and the app's
 * `/…-sim/api/v1` route serving the embedded one.
 */

export type CountedJsonApiSimulator = {
  /** Answers a path below the API root; `?simulate=<status>` fails this request. */
  respond(path: string, search?: URLSearchParams): Promise<SimulatedResponse>;
  /** The same as an HTTP handler, `path` below the API root. */
  handle: SimulatorHandler;
  /** Starts an HTTP server (ephemeral port by default); resolves to the base URL of the API. */
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
  /** Requests answered so far, failures included. */
  readonly requestCount: number;
};

/** `respond` served below `mountPath`; `faults` (simulatedFaults) counts the requests. */
export function countedJsonApiSimulator(options: {
  mountPath: string;
  faults: { readonly count: number };
  respond(path: string, search?: URLSearchParams): Promise<SimulatedResponse>;
  notFound(): SimulatedResponse;
  crashed(): SimulatedResponse;
}): CountedJsonApiSimulator {
  const { faults, respond } = options;
  return {
    respond,
    get requestCount() {
      return faults.count;
    },
    ...jsonApiSimulator(options),
  };
}

/** GET /…-sim/api/v1/…: the embedded simulator, its own 404 where it is off. */
export function jsonApiSimulatorRoute(options: {
  enabled: () => boolean;
  simulator: { handle: SimulatorHandler };
  notFound(): SimulatedResponse;
}) {
  return simulatorRoute({
    enabled: options.enabled,
    notFound: () => Response.json(options.notFound().body, { status: 404 }),
    handle: options.simulator.handle,
    root: "api/v1/",
  });
}
