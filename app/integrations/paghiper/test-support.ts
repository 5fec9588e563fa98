import { expect } from "vitest";
import { simulatorPool } from "../../../tests/support/simulators";
import { PagHiperError, type CreatePixInput } from "./client.server";
import { createPagHiperSimulator } from "./simulator.server";

export { closedPort } from "../../../tests/support/simulators";

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

const simulators = simulatorPool(
  (options: Partial<Parameters<typeof createPagHiperSimulator>[0]> = {}) =>
    createPagHiperSimulator({ ...CREDENTIALS, ...options }),
);
export const simulator = simulators.start;
/** Stops the simulators a test started: each test file runs it after each test. */
export const stopSimulators = simulators.stopAll;

export const rejectionOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("expected a PagHiperError"),
    (error: unknown) => {
      expect(error).toBeInstanceOf(PagHiperError);
      return error as PagHiperError;
    },
  );
