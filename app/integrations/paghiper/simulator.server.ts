import * as messages from "~/messages";
import {
  PAGHIPER_SIM_PATH,
  paymentSimulatorCredentials,
  paymentSimulatorsEnabled,
} from "../payment-simulators.server";
import { simulatorRoute, simulatorServer } from "../simulator-server.server";
import { API_WRAPPERS, type ApiPath, json, pagHiperApi } from "./simulator/api.server";
import { ACTION_SLUGS, pagHiperPages } from "./simulator/pages.server";
import { createPagHiperStore } from "./simulator/store.server";
import type { PagHiperSimulator, PagHiperSimulatorOptions } from "./simulator/types";

/**
 * A local stand-in for PagHiper's PIX API (payments.md, PagHiper section): the same paths, JSON
 * shapes, string numbers and pt-BR rejects, state in memory. Charges change status only by a
 * tester's hand — the pages at the simulator's root, or `pay`/`expire`/`cancel`/`refund` in
 * tests — and each change is POSTed form-encoded to the charge's notification_url as PagHiper
 * does, for the app to confirm at /invoice/notification/. It runs as its own HTTP server (tests)
 * or behind the app's /paghiper-sim route (local runs).
 */

export type { PagHiperSimulator, PagHiperSimulatorOptions } from "./simulator/types";

const api = messages.pagHiperSim.api;

/** The simulator's root, as the client reached it: "http://host/paghiper-sim/" for "invoice/create/". */
function rootUrl(request: Request, path: string): URL {
  const depth = path.split("/").length - 1;
  return new URL("../".repeat(depth) || "./", request.url);
}

export function createPagHiperSimulator(options: PagHiperSimulatorOptions): PagHiperSimulator {
  const store = createPagHiperStore(options);
  const { transactions, act } = store;
  const apiHandler = pagHiperApi(store, options);
  const { listPage, pixPage, testerAction } = pagHiperPages(store);

  async function handle(request: Request, path: string): Promise<Response> {
    const method = request.method.toUpperCase();
    const route = path.replace(/^\/+|\/+$/g, "");
    const url = new URL(request.url);
    if (route === "" && path === "" && !url.pathname.endsWith("/")) {
      // "/paghiper-sim" → "/paghiper-sim/", so that the pages' relative links resolve below it.
      return new Response(null, {
        status: 308,
        headers: { Location: `${url.pathname}/${url.search}` },
      });
    }
    if (route in API_WRAPPERS) {
      if (method !== "POST") {
        return json(405, { error: api.methodNotAllowed }, { Allow: "POST" });
      }
      return apiHandler.handle(request, route as ApiPath, rootUrl(request, path));
    }
    const segments = route.split("/");
    if (method === "GET" || method === "HEAD") {
      if (route === "") return listPage();
      const [first, id, ...rest] = segments;
      if (first === "pix" && id && rest.length === 0) {
        const transaction = transactions.get(id);
        if (transaction) return pixPage(transaction);
      }
      const png = first === "qrcode" && rest.length === 0 ? id?.match(/^(\w+)\.png$/) : null;
      const pngOf = png ? transactions.get(png[1]!) : undefined;
      if (pngOf) {
        return new Response(Buffer.from(pngOf.qrcodeBase64, "base64"), {
          headers: { "Content-Type": "image/png", "Cache-Control": "no-store" },
        });
      }
    } else if (method === "POST") {
      const [first, id, slug, ...rest] = segments;
      const action = slug !== undefined ? ACTION_SLUGS[slug] : undefined;
      if (first === "_simulador" && id && action && rest.length === 0 && transactions.has(id)) {
        return testerAction(request, id, action, rootUrl(request, path));
      }
      if (route === "") return json(405, { error: api.methodNotAllowed }, { Allow: "GET" });
    }
    return json(404, { error: api.notFound });
  }

  return {
    handle,
    pay: (transactionId) => act("pay", transactionId),
    cancel: (transactionId) => act("cancel", transactionId),
    expire: (transactionId) => act("expire", transactionId),
    refund: (transactionId) => act("refund", transactionId),
    settled: store.settled,
    notifications: store.notifications,
    transactions: () => [...transactions.values()],
    get requestCount() {
      return apiHandler.requestCount;
    },
    ...simulatorServer({
      mountPath: PAGHIPER_SIM_PATH,
      handle,
      notFound: () => json(404, { error: api.notFound }),
      crashed: () => json(500, { error: api.simulatedFailure }),
    }),
  };
}

let embedded: { apiKey: string; token: string; simulator: PagHiperSimulator } | undefined;

/**
 * The simulator behind this app's /paghiper-sim, accepting the simulators' test account
 * (payment-simulators.server.ts): created on first use, then kept with its charges.
 */
export function embeddedPagHiperSimulator(): PagHiperSimulator {
  const { apiKey, token } = paymentSimulatorCredentials().paghiper;
  if (embedded?.apiKey !== apiKey || embedded.token !== token) {
    embedded = { apiKey, token, simulator: createPagHiperSimulator({ apiKey, token }) };
  }
  return embedded.simulator;
}

/** /paghiper-sim/*: the embedded simulator, a 404 unless the payment simulators are enabled. */
export const servePagHiperSimulator = simulatorRoute({
  enabled: paymentSimulatorsEnabled,
  notFound: () => Response.json({ error: api.notFound }, { status: 404 }),
  handle: (request, path) => embeddedPagHiperSimulator().handle(request, path),
});
