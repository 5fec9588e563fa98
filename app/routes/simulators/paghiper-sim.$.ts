import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { paymentSimulatorsEnabled } from "~/integrations/payment-simulators.server";
import { embeddedPagHiperSimulator } from "~/integrations/paghiper/simulator.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

/** The simulator checks its own credentials (API) and serves a tester's pages: no session here. */
export const access: Access = "public";

/**
 * /paghiper-sim/* — the PagHiper PIX simulator, for local runs and end-to-end tests: the API
 * (POST invoice/create/, status/, cancel/, notification/) and the tester's pages (GET the root,
 * GET pix/<id>, POST _simulador/<id>/<ação>). A 404 unless PAYMENT_SIMULATORS is on (the default
 * outside production).
 */
async function delegate({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!paymentSimulatorsEnabled()) {
    return Response.json({ error: messages.pagHiperSim.api.notFound }, { status: 404 });
  }
  return embeddedPagHiperSimulator().handle(request, params["*"] ?? "");
}

export const loader = (args: LoaderFunctionArgs) => delegate(args);
export const action = (args: ActionFunctionArgs) => delegate(args);
