import type { LoaderFunctionArgs } from "@remix-run/node";
import { embeddedFipeSimulator, fipeSimulatorEnabled } from "~/integrations/fipe/simulator.server";
import type { Access } from "~/server/access";

export const access: Access = "public";

const API_ROOT = "api/v1/";

/**
 * GET /fipe-sim/api/v1/... — the FIPE v1 simulator, for local runs and end-to-end tests; a 404
 * in production unless FIPE_SIMULATOR=true.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const path = params["*"] ?? "";
  if (!fipeSimulatorEnabled() || !path.startsWith(API_ROOT)) {
    return Response.json({ error: "Não encontrado" }, { status: 404 });
  }
  const url = new URL(request.url);
  const result = await embeddedFipeSimulator.respond(path.slice(API_ROOT.length), url.searchParams);
  return Response.json(result.body, { status: result.status, headers: result.headers });
}
