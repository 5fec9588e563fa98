import { afterEach, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import {
  clientFor,
  closedPort,
  errorOf,
  headerOf,
  preferenceInput,
  simulator,
  stopSimulators,
} from "./test-support";

afterEach(stopSimulators);

describe("Mercado Pago client resilience", () => {
  it("retries 5xx answers and then succeeds", async () => {
    const { sim, baseUrl } = await simulator({ failFirst: 2 });
    expect((await clientFor(baseUrl).me()).id).toBe(987654);
    expect(sim.requestCount).toBe(3);
  });

  it("retries a 429", async () => {
    const { sim, baseUrl } = await simulator({ failFirst: 1, failStatus: 429 });
    expect((await clientFor(baseUrl).me()).id).toBe(987654);
    expect(sim.requestCount).toBe(2);
  });

  it("gives up after the allowed attempts, with the last status", async () => {
    const { sim, baseUrl } = await simulator({ failFirst: 100, failStatus: 503 });
    const error = await errorOf(clientFor(baseUrl, { maxAttempts: 3 }).getPayment("1"));
    expect(error).toMatchObject({
      status: 503,
      code: "internal_error",
      message: messages.mercadoPagoSim.client.serverError(503),
    });
    expect(sim.requestCount).toBe(3);
  });

  it("waits exponentially longer between retries", async () => {
    const { baseUrl } = await simulator({ failFirst: 2 });
    const before = Date.now();
    await clientFor(baseUrl, { backoffMs: 60 }).me();
    expect(Date.now() - before).toBeGreaterThanOrEqual(60 + 120 - 5);
  });

  it("retries a POST with the same idempotency key, so a lost answer creates nothing twice", async () => {
    const { sim, baseUrl } = await simulator();
    const keys: (string | undefined)[] = [];
    let calls = 0;
    const losesFirstAnswer: typeof fetch = async (input, init) => {
      calls++;
      keys.push(headerOf(init ?? {}, "x-idempotency-key"));
      const response = await fetch(input, init);
      if (calls === 1) {
        await response.body?.cancel();
        throw new TypeError("fetch failed");
      }
      return response;
    };
    const preference = await clientFor(baseUrl, { fetch: losesFirstAnswer }).createPreference(
      preferenceInput({ idempotencyKey: "lost-answer" }),
    );
    expect(keys).toEqual(["lost-answer", "lost-answer"]);
    expect(sim.preferences().map((p) => p.id)).toEqual([preference.id]);
  });

  it("times out a slow answer and retries it", async () => {
    const { sim, baseUrl } = await simulator({ delayMs: 300 });
    const client = clientFor(baseUrl, { timeoutMs: 50, maxAttempts: 2 });
    const error = await errorOf(client.me());
    expect(error.message).toBe(messages.mercadoPagoSim.client.timeout(0.05));
    expect(error.status).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(sim.requestCount).toBe(2);
  });

  it("retries network errors and reports them", async () => {
    let calls = 0;
    const counting: typeof fetch = (...args) => {
      calls++;
      return fetch(...args);
    };
    const client = clientFor(`http://127.0.0.1:${await closedPort()}`, {
      maxAttempts: 3,
      fetch: counting,
    });
    const error = await errorOf(client.searchPayments("inv_1"));
    expect(error.message).toBe(messages.mercadoPagoSim.client.network);
    expect(calls).toBe(3);
  });
});
