import type { LoaderFunctionArgs } from "@remix-run/node";
import { gatewaysView } from "~/api/views/payments";
import { maskedGatewayConfigs, publicOrigin } from "~/models/payments/index.server";
import { ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: ["admin"] };

/**
 * GET /api/payment-gateways — Mercado Pago and PagHiper: whether each is configured, their public
 * settings, their secrets masked, and the webhook addresses to give the providers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const origin = publicOrigin() ?? "";
  return ok(
    gatewaysView(maskedGatewayConfigs(), {
      mercadopago: `${origin}/api/webhooks/mercadopago`,
      paghiper: `${origin}/api/webhooks/paghiper`,
    }),
  );
}
