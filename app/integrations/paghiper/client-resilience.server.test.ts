import { afterEach, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { countingFetch } from "../../../tests/support/counting-fetch";
import { createPagHiperClient } from "./client.server";
import {
  closedPort,
  CREDENTIALS,
  pixInput,
  rejectionOf,
  simulator,
  stopSimulators,
} from "./test-support";

afterEach(stopSimulators);

describe("PagHiper client resilience", () => {
  it("retries 5xx answers and then succeeds", async () => {
    const { sim, baseUrl } = await simulator({ failFirst: 2, failStatus: 503 });
    const client = createPagHiperClient({ baseUrl, ...CREDENTIALS, backoffMs: 1, maxAttempts: 3 });
    const pix = await client.createPix(pixInput());
    expect(pix.status).toBe("pending");
    expect(sim.requestCount).toBe(3);
    expect(sim.transactions()).toHaveLength(1);
  });

  it("retries a create whose answer was lost without charging twice", async () => {
    const { sim, baseUrl } = await simulator();
    let calls = 0;
    const losingFirstAnswer: typeof fetch = async (...args) => {
      calls++;
      const response = await fetch(...args);
      if (calls === 1) {
        await response.body?.cancel();
        throw new TypeError("fetch failed");
      }
      return response;
    };
    const client = createPagHiperClient({
      baseUrl,
      ...CREDENTIALS,
      backoffMs: 1,
      fetch: losingFirstAnswer,
    });
    const pix = await client.createPix(pixInput());
    expect(calls).toBe(2);
    expect(sim.transactions().map((t) => t.transactionId)).toEqual([pix.transactionId]);
  });

  it("gives up on a 500 after the allowed attempts, with the status", async () => {
    const { sim, baseUrl } = await simulator({ failFirst: 100 });
    const client = createPagHiperClient({ baseUrl, ...CREDENTIALS, backoffMs: 1, maxAttempts: 3 });
    const error = await rejectionOf(client.status("QUALQUER00000000"));
    expect(error.status).toBe(500);
    expect(error.message).toBe("o PagHiper respondeu com erro (HTTP 500)");
    expect(sim.requestCount).toBe(3);
  });

  it("retries a rate limit, waiting what Retry-After asks", async () => {
    let calls = 0;
    const limited: typeof fetch = async (...args) => {
      calls++;
      return calls === 1
        ? new Response("", { status: 429, headers: { "Retry-After": "1" } })
        : fetch(...args);
    };
    const { baseUrl } = await simulator();
    const client = createPagHiperClient({ baseUrl, ...CREDENTIALS, backoffMs: 1, fetch: limited });
    const before = Date.now();
    await client.createPix(pixInput());
    expect(Date.now() - before).toBeGreaterThanOrEqual(950);
    expect(calls).toBe(2);
  });

  it("times out a slow answer and retries it", async () => {
    const { sim, baseUrl } = await simulator({ delayMs: 300 });
    const client = createPagHiperClient({
      baseUrl,
      ...CREDENTIALS,
      backoffMs: 1,
      maxAttempts: 2,
      timeoutMs: 50,
    });
    await expect(client.status("QUALQUER00000000")).rejects.toThrow(
      "o PagHiper não respondeu em 0.05 s",
    );
    expect(sim.requestCount).toBe(2);
  });

  it("retries network errors and reports them", async () => {
    const port = await closedPort();
    const counting = countingFetch();
    const client = createPagHiperClient({
      baseUrl: `http://127.0.0.1:${port}`,
      ...CREDENTIALS,
      backoffMs: 1,
      maxAttempts: 3,
      fetch: counting.fetch,
    });
    await expect(client.status("QUALQUER00000000")).rejects.toThrow(
      "falha de rede ao acessar o PagHiper",
    );
    expect(counting.calls).toBe(3);
  });

  it("does not retry an answer that is not JSON, and says so in pt-BR", async () => {
    const html = countingFetch(
      async () => new Response("<html>manutenção</html>", { status: 200 }),
    );
    const client = createPagHiperClient({ baseUrl: "http://x", ...CREDENTIALS, fetch: html.fetch });
    const error = await rejectionOf(client.status("QUALQUER00000000"));
    expect(error.message).toBe("o PagHiper respondeu algo que não é JSON (HTTP 200)");
    expect(html.calls).toBe(1);
  });

  it("takes a reject for a refusal even under HTTP 200, and checks what it reads", async () => {
    const answer =
      (body: unknown): typeof fetch =>
      async () =>
        Response.json(body);
    const rejectedWith200 = createPagHiperClient({
      baseUrl: "http://x",
      ...CREDENTIALS,
      fetch: answer({
        status_request: {
          result: "reject",
          response_message: "transação não encontrada",
          http_code: "404",
        },
      }),
    });
    const refusal = await rejectionOf(rejectedWith200.status("X"));
    expect(refusal).toMatchObject({ status: 200, responseMessage: "transação não encontrada" });

    const oddStatus = createPagHiperClient({
      baseUrl: "http://x",
      ...CREDENTIALS,
      fetch: answer({ status_request: { result: "success", status: "lost", value_cents: "1" } }),
    });
    expect((await rejectionOf(oddStatus.status("X"))).message).toBe(
      messages.pagHiperSim.client.unexpected("status ausente ou inválido"),
    );

    const zeroDates = createPagHiperClient({
      baseUrl: "http://x",
      ...CREDENTIALS,
      fetch: answer({
        status_request: {
          result: "success",
          status: "pending",
          value_cents: 1500,
          order_id: "42",
          paid_date: "0000-00-00 00:00:00",
          due_date: "2030-01-02",
        },
      }),
    });
    expect(await zeroDates.status("ABC")).toEqual({
      transactionId: "ABC",
      orderId: "42",
      status: "pending",
      statusDate: null,
      dueDate: "2030-01-02",
      valueCents: 1500,
      valueCentsPaid: null,
      paidDate: null,
    });

    // What the payer paid, when PagHiper says so (ADR 0028); a figure that is not cents is refused.
    const paidAnswer = (valueCentsPaid: unknown) =>
      createPagHiperClient({
        baseUrl: "http://x",
        ...CREDENTIALS,
        fetch: answer({
          status_request: {
            result: "success",
            status: "paid",
            value_cents: "19990",
            value_cents_paid: valueCentsPaid,
          },
        }),
      });
    expect(await paidAnswer("300").status("ABC")).toMatchObject({
      valueCents: 19990,
      valueCentsPaid: 300,
    });
    expect((await rejectionOf(paidAnswer("3,00").status("ABC"))).message).toBe(
      messages.pagHiperSim.client.unexpected("value_cents_paid ausente ou inválido"),
    );
  });

  it("posts JSON with the credentials in the body to trailing-slash paths", async () => {
    const seen: { url: string; body: Record<string, unknown>; type: string | null }[] = [];
    const spy: typeof fetch = async (url, init) => {
      seen.push({
        url: String(url),
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
        type: new Headers(init?.headers).get("content-type"),
      });
      return Response.json({
        status_request: { result: "success", status: "paid", value_cents: "300" },
        cancellation_request: { result: "success" },
      });
    };
    const client = createPagHiperClient({
      baseUrl: "http://pix.test/",
      ...CREDENTIALS,
      fetch: spy,
    });
    await client.status("T1");
    await client.cancel("T1");
    await client.confirmNotification("T1", "N1");
    expect(seen.map((s) => s.url)).toEqual([
      "http://pix.test/invoice/status/",
      "http://pix.test/invoice/cancel/",
      "http://pix.test/invoice/notification/",
    ]);
    expect(seen.every((s) => s.type === "application/json")).toBe(true);
    expect(seen[0]!.body).toEqual({ ...CREDENTIALS, transaction_id: "T1" });
    expect(seen[1]!.body).toEqual({ ...CREDENTIALS, transaction_id: "T1", status: "canceled" });
    expect(seen[2]!.body).toEqual({ ...CREDENTIALS, transaction_id: "T1", notification_id: "N1" });
  });
});
