import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Access } from "~/server/access";
import { serveMailSimulator } from "~/server/mail-simulator.server";

/**
 * GET /mail-sim/... — the local catcher's inbox (messages sent without SMTP_URL); a 404 in
 * production, where there is no catcher. Open like the other simulators: it runs only on a
 * machine of one's own (ADR 0042).
 */
export const access: Access = "public";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  serveMailSimulator(request, params["*"] ?? "");
