import { createServer } from "node:net";
import { expect } from "vitest";
import { PagHiperError, type CreatePixInput } from "./client.server";
import { createPagHiperSimulator, type PagHiperSimulator } from "./simulator.server";

/** What the PagHiper client tests share: test credentials, a charge's input, a simulator. */

export const CREDENTIALS = { apiKey: "apk_test-0123456789", token: "TOKEN0123456789ABCDEF" };

let orderSequence = 0;
export function pixInput(overrides: Partial<CreatePixInput> = {}): CreatePixInput {
  orderSequence++;
  return {
    orderId: `fatura-${orderSequence}`,
    payerEmail: "cliente@example.com",
    payerName: "Maria da Silva",
    payerCpf: "123.456.789-09",
    notificationUrl: "http://app.test/api/webhooks/paghiper",
    daysDueDate: 3,
    items: [
      { itemId: "plano-pro", description: "Plano Pro (mensal)", quantity: 1, priceCents: 4990 },
    ],
    ...overrides,
  };
}

const started: PagHiperSimulator[] = [];

export async function simulator(
  options: Partial<Parameters<typeof createPagHiperSimulator>[0]> = {},
) {
  const sim = createPagHiperSimulator({ ...CREDENTIALS, ...options });
  const baseUrl = await sim.start();
  started.push(sim);
  return { sim, baseUrl };
}

/** Stops the simulators a test started: each test file runs it after each test. */
export async function stopSimulators() {
  await Promise.all(started.splice(0).map((sim) => sim.stop()));
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const rejectionOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("expected a PagHiperError"),
    (error: unknown) => {
      expect(error).toBeInstanceOf(PagHiperError);
      return error as PagHiperError;
    },
  );
