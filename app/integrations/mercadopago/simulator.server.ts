import * as messages from "~/messages";
import {
  paymentSimulatorCredentials,
  paymentSimulatorsEnabled,
} from "../payment-simulators.server";
import { simulatorRoute, simulatorServer } from "../simulator-server.server";
import { mercadoPagoPages, TESTER_PATH } from "./simulator/pages.server";
import { apiError, mercadoPagoRestApi } from "./simulator/rest.server";
import { createMercadoPagoStore } from "./simulator/store.server";
import type { MercadoPagoSimulator, MercadoPagoSimulatorOptions } from "./simulator/types";

/**
 * A local stand-in for Mercado Pago (Checkout Pro): the REST paths, JSON shapes, error bodies and
 * signed webhooks the real API has, kept in memory, plus the two pages a person needs to play the
 * buyer (the checkout a preference's init_point opens) and the tester (`_simulador`, to approve,
 * refund or charge back a payment afterwards). It runs as its own HTTP server (tests) or behind the
 * app's /mp-sim route (local runs), where `path` is what follows the mount.
 */

export type { MercadoPagoSimulator, MercadoPagoSimulatorOptions } from "./simulator/types";

/** Origin plus the path the simulator is mounted at, ending in "/": where init_point points. */
function baseUrlOf(url: URL, path: string): string {
  const segments = url.pathname.split("/");
  const mount = segments.slice(0, Math.max(1, segments.length - path.split("/").length));
  return `${url.origin}${mount.join("/")}/`;
}

export function createMercadoPagoSimulator(
  options: MercadoPagoSimulatorOptions,
): MercadoPagoSimulator {
  const store = createMercadoPagoStore(options);
  const rest = mercadoPagoRestApi(store, options);
  const pages = mercadoPagoPages(store);
  const internalError = () => apiError(500, "internal_error", "internal error");

  async function handle(request: Request, path: string): Promise<Response> {
    try {
      const url = new URL(request.url);
      const base = baseUrlOf(url, path);
      // Pages link by path from the mount: the browser stays on the origin it came in on.
      const mountPath = new URL(base).pathname;
      const segments = path.split("/").filter(Boolean);
      const route = segments.join("/");
      const method = request.method === "HEAD" ? "GET" : request.method;
      if (route === "checkout/v1/redirect" && method === "GET")
        return pages.checkoutPage(url, mountPath);
      if (route === "checkout/v1/pay" && method === "POST") return await pages.payFromCheckout(url);
      if (route === TESTER_PATH && method === "GET") return pages.testerPage(mountPath);
      if (segments[0] === TESTER_PATH && segments.length === 3 && method === "POST") {
        return await pages.testerAction(segments[1]!, segments[2]!, mountPath);
      }
      return await rest.api(request, segments, base);
    } catch {
      return internalError();
    }
  }

  return {
    handle,
    pay: store.pay,
    setStatus: store.setStatus,
    resend: store.resend,
    notifications: store.notifications,
    preferences: () => [...store.preferencesById.values()],
    payments: () => [...store.paymentsById.values()],
    get requestCount() {
      return rest.requestCount;
    },
    ...simulatorServer({ mountPath: "", handle, notFound: internalError, crashed: internalError }),
  };
}

let embedded: MercadoPagoSimulator | undefined;

/** The simulator behind this app's /mp-sim route, with the simulators' test account. */
export function embeddedMercadoPagoSimulator(): MercadoPagoSimulator {
  if (!embedded) {
    const { accessToken, webhookSecret } = paymentSimulatorCredentials().mercadopago;
    embedded = createMercadoPagoSimulator({ accessToken, webhookSecret });
  }
  return embedded;
}

/** /mp-sim/*: the embedded simulator, a 404 unless the payment simulators are enabled. */
export const serveMercadoPagoSimulator = simulatorRoute({
  enabled: paymentSimulatorsEnabled,
  notFound: () =>
    Response.json(
      { message: messages.mercadoPagoSim.notFound, error: "not_found", status: 404, cause: [] },
      { status: 404 },
    ),
  handle: (request, path) => embeddedMercadoPagoSimulator().handle(request, path),
});
