import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveCatalogueSimulator } from "~/integrations/catalogue-source/simulator.server";
import type { Access } from "~/server/access";

export const access: Access = "public";

/**
 * GET /catalogue-sim/api/v1/... — the catalogue source simulator, for local runs and end-to-end
 * tests; a 404 in production unless CATALOGUE_SIMULATOR=true.
 */
export const loader = (args: LoaderFunctionArgs) => serveCatalogueSimulator(args);
