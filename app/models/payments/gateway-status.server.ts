import {
  MERCADOPAGO_PUBLIC_URL,
  mercadoPagoBaseUrl,
  PAGHIPER_PUBLIC_URL,
  pagHiperBaseUrl,
} from "~/integrations/payment-simulators.server";
import * as messages from "~/messages";
import { testMercadoPagoConnection, testPagHiperConnection } from "./connection-tests.server";
import { maskedGatewayConfigs } from "./gateway-config.server";
import type { Refusal } from "../outcome";

/**
 * The dashboard's "Pagamentos" tab (ADR 0056): each gateway's situation at a glance — set up or
 * not, which environment it charges in, its credentials masked — and "Testar conexão" run on the
 * saved credentials. Built on `maskedGatewayConfigs` and the connection tests that
 * /payment-methods uses: no secret leaves this module but as a mask.
 */

export const TESTABLE_GATEWAYS = ["mercadopago", "paghiper"] as const;
export type GatewayId = (typeof TESTABLE_GATEWAYS)[number];

/**
 * Where a gateway's charges go: the embedded (or another local) simulator, the provider's test
 * checkout (Mercado Pago's sandbox), or real money.
 */
export type GatewayEnvironment = "simulator" | "sandbox" | "production";
export type CredentialName = "publicKey" | "accessToken" | "apiKey" | "token";

export type GatewayStatus = {
  id: GatewayId;
  configured: boolean;
  environment: GatewayEnvironment;
  /** Each credential as it may be shown: a secret's mask ("••••••••1a2b"), the public key itself; empty when unset. */
  credentials: { name: CredentialName; masked: string }[];
  updatedAt: Date | null;
};

export function gatewayStatuses(): Record<GatewayId, GatewayStatus> {
  const { mercadopago, paghiper } = maskedGatewayConfigs();
  return {
    mercadopago: {
      id: "mercadopago",
      configured: mercadopago.configured,
      environment:
        mercadoPagoBaseUrl() !== MERCADOPAGO_PUBLIC_URL
          ? "simulator"
          : mercadopago.sandboxMode
            ? "sandbox"
            : "production",
      credentials: [
        // Not a secret: the checkout carries it, and /payment-methods shows it in full too.
        { name: "publicKey", masked: mercadopago.publicKey },
        { name: "accessToken", masked: mercadopago.accessTokenMasked },
      ],
      updatedAt: mercadopago.updatedAt,
    },
    paghiper: {
      id: "paghiper",
      configured: paghiper.configured,
      environment: pagHiperBaseUrl() !== PAGHIPER_PUBLIC_URL ? "simulator" : "production",
      credentials: [
        { name: "apiKey", masked: paghiper.apiKeyMasked },
        { name: "token", masked: paghiper.tokenMasked },
      ],
      updatedAt: paghiper.updatedAt,
    },
  };
}

export function isGatewayId(value: unknown): value is GatewayId {
  return TESTABLE_GATEWAYS.some((id) => id === value);
}

/**
 * "Testar conexão" on a gateway's saved credentials: whether the provider accepts them, in the
 * words /payment-methods uses ("Conexão OK: …", "Falha no teste de conexão: …", or what is missing).
 */
export async function testGatewayConnection(
  gateway: GatewayId,
): Promise<{ ok: true; message: string } | Refusal> {
  if (gateway === "mercadopago") {
    const tested = await testMercadoPagoConnection();
    return tested.ok
      ? { ok: true, message: messages.payments.testOk(tested.value.account) }
      : tested;
  }
  const tested = await testPagHiperConnection();
  return tested.ok ? { ok: true, message: tested.value.account } : tested;
}
