import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import {
  createMercadoPagoClient,
  MercadoPagoError,
  type CreatePreferenceInput,
  type MercadoPagoClientOptions,
} from "./client.server";
import { simulatorPool } from "../../../tests/support/simulators";
import { createMercadoPagoSimulator, type MercadoPagoSimulatorOptions } from "./simulator.server";

export { closedPort } from "../../../tests/support/simulators";

/** What the Mercado Pago client and simulator tests share: a simulator, a client, a webhook receiver. */

export const ACCESS_TOKEN = "TEST-123-abc-sim";
export const WEBHOOK_SECRET = "webhook-secret-for-tests";
export const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

type Received = {
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

/** The app's webhook endpoint: records every delivery and answers `status`. */
class WebhookReceiver {
  readonly received: Received[] = [];
  status = 200;
  private server: Server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      this.received.push({
        url: new URL(req.url ?? "/", "http://127.0.0.1"),
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown,
      });
      res.writeHead(this.status).end();
    });
  });
  url = "";

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/api/webhooks/mercadopago?source_news=webhooks`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A receiver for the enclosing describe: listening for its tests, emptied and answering 200 after each. */
export function useWebhookReceiver(): WebhookReceiver {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  afterEach(() => {
    receiver.received.length = 0;
    receiver.status = 200;
  });
  return receiver;
}

const simulators = simulatorPool((options: Partial<MercadoPagoSimulatorOptions> = {}) =>
  createMercadoPagoSimulator({
    accessToken: ACCESS_TOKEN,
    webhookSecret: WEBHOOK_SECRET,
    userId: 987654,
    ...options,
  }),
);
/** Stops the simulators a test started: each test file runs it after each test. */
export const stopSimulators = simulators.stopAll;
export const simulator = simulators.start;

export function clientFor(baseUrl: string, options: Partial<MercadoPagoClientOptions> = {}) {
  return createMercadoPagoClient({ baseUrl, accessToken: ACCESS_TOKEN, backoffMs: 1, ...options });
}

let keyCounter = 0;
export function preferenceInput(
  overrides: Partial<CreatePreferenceInput> = {},
): CreatePreferenceInput {
  keyCounter++;
  return {
    externalReference: `inv_${keyCounter}`,
    title: "Plano Profissional — mensal",
    description: "Assinatura do Encaixa",
    amountCents: 4990,
    payerEmail: "cliente@example.com",
    payerName: "Maria Silva",
    notificationUrl: "http://127.0.0.1:9/api/webhooks/mercadopago",
    backUrls: {
      success: "http://app.test/faturas/1?resultado=sucesso",
      pending: "http://app.test/faturas/1?resultado=pendente",
      failure: "http://app.test/faturas/1?resultado=falha",
    },
    idempotencyKey: `key-${keyCounter}`,
    ...overrides,
  };
}

/** A fetch that records what the client sent, then sends it. */
export function recordingFetch() {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetcher: typeof fetch = (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return fetch(input, init);
  };
  return { calls, fetcher };
}

export function headerOf(init: RequestInit, name: string): string | undefined {
  return new Headers(init.headers).get(name) ?? undefined;
}

export async function errorOf(promise: Promise<unknown>): Promise<MercadoPagoError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MercadoPagoError);
  return error as MercadoPagoError;
}
