import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { servePagHiperSimulator } from "~/integrations/paghiper/simulator.server";
import type { Access } from "~/server/access";

/** The simulator checks its own credentials (API) and serves a tester's pages: no session here. */
export const access: Access = "public";

/**
 * /paghiper-sim/* — the PagHiper PIX simulator, for local runs and end-to-end tests: the API
 * (POST invoice/create/, status/, cancel/, notification/) and the tester's pages (GET the root,
 * GET pix/<id>, POST _simulador/<id>/<ação>). A 404 unless PAYMENT_SIMULATORS is on (the default
 * outside production).
 */
export const loader = (args: LoaderFunctionArgs) => servePagHiperSimulator(args);
export const action = (args: ActionFunctionArgs) => servePagHiperSimulator(args);
