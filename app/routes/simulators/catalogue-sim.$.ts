import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  catalogueSimulatorEnabled,
  embeddedCatalogueSimulator,
} from "~/integrations/catalogue-source/simulator.server";
import type { Access } from "~/server/access";

export const access: Access = "public";

const API_ROOT = "api/v1/";

/**
 * GET /catalogue-sim/api/v1/... — the catalogue source simulator, for local runs and end-to-end
 * tests; a 404 in production unless CATALOGUE_SIMULATOR=true.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const path = params["*"] ?? "";
  if (!catalogueSimulatorEnabled() || !path.startsWith(API_ROOT)) {
    return Response.json({ error: "Não encontrado" }, { status: 404 });
  }
  const url = new URL(request.url);
  const result = await embeddedCatalogueSimulator.respond(
    path.slice(API_ROOT.length),
    url.searchParams,
  );
  return Response.json(result.body, { status: result.status, headers: result.headers });
}
