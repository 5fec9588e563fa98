import type { ActionFunctionArgs } from "@remix-run/node";
import { mercadoPagoGatewayView } from "~/api/views/payments";
import {
  maskedGatewayConfigs,
  publicOrigin,
  saveMercadoPagoConfig,
} from "~/models/payments/index.server";
import { apiMercadoPagoConfigSchema, MERCADOPAGO_API_FIELDS } from "~/schemas/payments/payments";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.payments;

/**
 * POST /api/payment-gateways/mercadopago — saves Mercado Pago's settings (secrets encrypted at
 * rest) and answers them as GET /api/payment-gateways does, secrets masked.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, {
    // The saved settings are read once the caller is known: fields left out keep them.
    body: () => apiMercadoPagoConfigSchema(maskedGatewayConfigs().mercadopago),
  });
  const saved = saveMercadoPagoConfig(body, user.id);
  if (!saved.ok) return apiRefusal(saved, { fieldName: (f) => MERCADOPAGO_API_FIELDS[f] ?? f });
  const origin = publicOrigin() ?? "";
  return ok(
    mercadoPagoGatewayView(
      maskedGatewayConfigs().mercadopago,
      `${origin}/api/webhooks/mercadopago`,
    ),
    m.gatewaySaved,
  );
}

export const loader = () => methodNotAllowed();
