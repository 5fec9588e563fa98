import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveFipeSimulator } from "~/integrations/fipe/simulator.server";
import type { Access } from "~/server/access";

export const access: Access = "public";

/**
 * GET /fipe-sim/api/v1/... — the FIPE v1 simulator, for local runs and end-to-end tests; a 404
 * in production unless FIPE_SIMULATOR=true.
 */
export const loader = (args: LoaderFunctionArgs) => serveFipeSimulator(args);
