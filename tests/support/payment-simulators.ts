import {
  createMercadoPagoSimulator,
  type MercadoPagoSimulator,
} from "~/integrations/mercadopago/simulator.server";
import {
  createPagHiperSimulator,
  type PagHiperSimulator,
} from "~/integrations/paghiper/simulator.server";
import type { SimulatorCredentials } from "~/integrations/payment-simulators.server";
import { configureSimulatorGateways } from "~/models/payments/gateway-config.server";
import { resetEnvForTests } from "~/utils/env.server";

/** A CPF with valid check digits, for the PIX forms. */
export const TEST_CPF = "529.982.247-25";

/** A test account of both simulators, told apart by `label` in the logs and the tester pages. */
export function testCredentials(label: string): SimulatorCredentials {
  const tag = label.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
  return {
    mercadopago: {
      publicKey: `TEST-pub-${tag}`,
      accessToken: `TEST-${tag}-access-token-0001`,
      webhookSecret: `${tag}-webhook-secret-0123456789`,
    },
    paghiper: { apiKey: `apk_${tag}_0001`, token: `${tag.toUpperCase()}TOKEN0001` },
  };
}

export type PaymentSimulators = {
  mercadoPago: MercadoPagoSimulator;
  pagHiper: PagHiperSimulator;
  credentials: SimulatorCredentials;
  /** Stops both servers and points the app back at its defaults. */
  stop(): Promise<void>;
};

/**
 * Both simulators as their own HTTP servers, the app pointed at them (MERCADOPAGO_BASE_URL,
 * PAGHIPER_BASE_URL) and both gateways configured with their account. `fetch` is how they deliver
 * notifications (default: really POSTed to the notification URL); one per provider, to tell whose
 * notification it is.
 */
export async function startPaymentSimulators(
  options: {
    label?: string;
    credentials?: SimulatorCredentials;
    fetch?: typeof fetch | { mercadoPago: typeof fetch; pagHiper: typeof fetch };
  } = {},
): Promise<PaymentSimulators> {
  const credentials = options.credentials ?? testCredentials(options.label ?? "tests");
  const deliver = (provider: "mercadoPago" | "pagHiper") =>
    typeof options.fetch === "function" ? options.fetch : options.fetch?.[provider];
  const mercadoPago = createMercadoPagoSimulator({
    ...credentials.mercadopago,
    fetch: deliver("mercadoPago"),
  });
  const pagHiper = createPagHiperSimulator({ ...credentials.paghiper, fetch: deliver("pagHiper") });
  process.env.MERCADOPAGO_BASE_URL = await mercadoPago.start();
  process.env.PAGHIPER_BASE_URL = await pagHiper.start();
  resetEnvForTests();
  configureSimulatorGateways(credentials);
  return {
    mercadoPago,
    pagHiper,
    credentials,
    async stop() {
      await Promise.all([mercadoPago.stop(), pagHiper.stop()]);
      delete process.env.MERCADOPAGO_BASE_URL;
      delete process.env.PAGHIPER_BASE_URL;
      resetEnvForTests();
    },
  };
}
