import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as messages from "~/messages";
import { embeddedMercadoPagoSimulator } from "~/integrations/mercadopago/simulator.server";
import { paymentSimulatorsEnabled } from "~/integrations/payment-simulators.server";
import type { Access } from "~/server/access";

export const access: Access = "public";

/**
 * /mp-sim/* — the Mercado Pago simulator (REST API, checkout page, tester page at
 * /mp-sim/_simulador) for local runs and end-to-end tests; a 404 unless the payment simulators
 * are enabled (outside production, or PAYMENT_SIMULATORS=true).
 */
function simulate({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!paymentSimulatorsEnabled()) {
    return Response.json(
      { message: messages.mercadoPagoSim.notFound, error: "not_found", status: 404, cause: [] },
      { status: 404 },
    );
  }
  return embeddedMercadoPagoSimulator().handle(request, params["*"] ?? "");
}

export async function loader(args: LoaderFunctionArgs) {
  return simulate(args);
}

export async function action(args: ActionFunctionArgs) {
  return simulate(args);
}
