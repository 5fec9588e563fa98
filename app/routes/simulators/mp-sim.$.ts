import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { serveMercadoPagoSimulator } from "~/integrations/mercadopago/simulator.server";
import type { Access } from "~/server/access";

export const access: Access = "public";

/**
 * /mp-sim/* — the Mercado Pago simulator (REST API, checkout page, tester page at
 * /mp-sim/_simulador) for local runs and end-to-end tests; a 404 unless the payment simulators
 * are enabled (outside production, or PAYMENT_SIMULATORS=true).
 */
export const loader = (args: LoaderFunctionArgs) => serveMercadoPagoSimulator(args);
export const action = (args: ActionFunctionArgs) => serveMercadoPagoSimulator(args);
