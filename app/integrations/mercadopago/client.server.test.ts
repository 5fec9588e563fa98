import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { paymentSimulatorCredentials } from "../payment-simulators.server";
import {
  createMercadoPagoClient,
  MercadoPagoError,
  type CreatePreferenceInput,
  type MercadoPagoClientOptions,
} from "./client.server";
import { verifyWebhookSignature } from "./signature";
import {
  createMercadoPagoSimulator,
  embeddedMercadoPagoSimulator,
  type MercadoPagoSimulator,
  type MercadoPagoSimulatorOptions,
} from "./simulator.server";

const ACCESS_TOKEN = "TEST-123-abc-sim";
const WEBHOOK_SECRET = "webhook-secret-for-tests";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

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

const started: MercadoPagoSimulator[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((sim) => sim.stop()));
});

async function simulator(options: Partial<MercadoPagoSimulatorOptions> = {}) {
  const sim = createMercadoPagoSimulator({
    accessToken: ACCESS_TOKEN,
    webhookSecret: WEBHOOK_SECRET,
    userId: 987654,
    ...options,
  });
  const baseUrl = await sim.start();
  started.push(sim);
  return { sim, baseUrl };
}

function clientFor(baseUrl: string, options: Partial<MercadoPagoClientOptions> = {}) {
  return createMercadoPagoClient({ baseUrl, accessToken: ACCESS_TOKEN, backoffMs: 1, ...options });
}

let keyCounter = 0;
function preferenceInput(overrides: Partial<CreatePreferenceInput> = {}): CreatePreferenceInput {
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
function recordingFetch() {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetcher: typeof fetch = (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return fetch(input, init);
  };
  return { calls, fetcher };
}

function headerOf(init: RequestInit, name: string): string | undefined {
  return new Headers(init.headers).get(name) ?? undefined;
}

async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function errorOf(promise: Promise<unknown>): Promise<MercadoPagoError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MercadoPagoError);
  return error as MercadoPagoError;
}

describe("Mercado Pago client against the simulator", () => {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  afterEach(() => {
    receiver.received.length = 0;
    receiver.status = 200;
  });

  it("creates a Checkout Pro preference as the API expects it", async () => {
    const { sim, baseUrl } = await simulator();
    const { calls, fetcher } = recordingFetch();
    const expiresAt = new Date("2030-01-31T12:00:00Z");
    const preference = await clientFor(baseUrl, { fetch: fetcher }).createPreference(
      preferenceInput({ externalReference: "inv_42", expiresAt, idempotencyKey: "idem-42" }),
    );

    expect(preference.id).toMatch(new RegExp(`^987654-${UUID}$`));
    const checkout = `${baseUrl}/checkout/v1/redirect?pref-id=${encodeURIComponent(preference.id)}`;
    expect(preference).toEqual({
      id: preference.id,
      initPoint: checkout,
      sandboxInitPoint: checkout,
    });

    const [call] = calls;
    expect(call!.url).toBe(`${baseUrl}/checkout/preferences`);
    expect(call!.init.method).toBe("POST");
    expect(headerOf(call!.init, "authorization")).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(headerOf(call!.init, "x-idempotency-key")).toBe("idem-42");
    expect(headerOf(call!.init, "content-type")).toBe("application/json");
    const body = JSON.parse(String(call!.init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      items: [
        {
          id: "inv_42",
          title: "Plano Profissional — mensal",
          description: "Assinatura do Encaixa",
          quantity: 1,
          currency_id: "BRL",
          unit_price: 49.9,
        },
      ],
      payer: { email: "cliente@example.com", name: "Maria Silva" },
      back_urls: preferenceInput().backUrls,
      auto_return: "approved",
      notification_url: "http://127.0.0.1:9/api/webhooks/mercadopago",
      external_reference: "inv_42",
      statement_descriptor: "ENCAIXA",
      payment_methods: { excluded_payment_types: [{ id: "ticket" }] },
      expires: true,
      expiration_date_to: "2030-01-31T09:00:00.000-03:00",
    });
    expect(String(body.expiration_date_from)).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/,
    );

    const [stored] = sim.preferences();
    expect(stored).toMatchObject({
      externalReference: "inv_42",
      payerEmail: "cliente@example.com",
    });
    expect(stored!.body).toMatchObject({ collector_id: 987654, init_point: checkout });
  });

  it("leaves the expiration out when there is none", async () => {
    const { baseUrl } = await simulator();
    const { calls, fetcher } = recordingFetch();
    await clientFor(baseUrl, { fetch: fetcher }).createPreference(preferenceInput());
    const body = JSON.parse(String(calls[0]!.init.body)) as Record<string, unknown>;
    expect(body).not.toHaveProperty("expires");
    expect(body).not.toHaveProperty("expiration_date_to");
  });

  it("answers the same preference to a repeated idempotency key", async () => {
    const { sim, baseUrl } = await simulator();
    const client = clientFor(baseUrl);
    const input = preferenceInput();
    const first = await client.createPreference(input);
    const again = await client.createPreference({ ...input, title: "Outro título" });
    const other = await client.createPreference({ ...input, idempotencyKey: "another-key" });
    expect(again).toEqual(first);
    expect(other.id).not.toBe(first.id);
    expect(sim.preferences()).toHaveLength(2);
  });

  it("refuses an amount that is not a positive whole number of cents before calling", async () => {
    const { sim, baseUrl } = await simulator();
    for (const amountCents of [0, -100, 12.5, Number.NaN]) {
      const error = await errorOf(
        clientFor(baseUrl).createPreference(preferenceInput({ amountCents })),
      );
      expect(error.message).toBe(messages.mercadoPagoSim.client.invalidAmount);
    }
    expect(sim.requestCount).toBe(0);
  });

  it("reads the account behind the token", async () => {
    const { baseUrl } = await simulator();
    expect(await clientFor(baseUrl).me()).toEqual({
      id: 987654,
      nickname: "TESTUSER987654",
      email: "test_user_987654@testuser.com",
    });
  });

  it("pays a preference, sends the signed webhook as Mercado Pago does, and reads the payment back", async () => {
    const { sim, baseUrl } = await simulator();
    const client = clientFor(baseUrl);
    const preference = await client.createPreference(
      preferenceInput({ externalReference: "inv_pay", notificationUrl: receiver.url }),
    );
    const before = Math.floor(Date.now() / 1000);
    const paid = await sim.pay(preference.id, "approved");

    expect(paid).toMatchObject({
      status: "approved",
      statusDetail: "accredited",
      externalReference: "inv_pay",
      transactionAmount: 49.9,
      paymentMethodId: "master",
      paymentTypeId: "credit_card",
      liveMode: false,
    });
    expect(paid.id).toMatch(/^\d+$/);
    expect(paid.dateApproved).not.toBeNull();

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.url.pathname).toBe("/api/webhooks/mercadopago");
    expect(delivery!.url.searchParams.get("source_news")).toBe("webhooks");
    expect(delivery!.url.searchParams.get("data.id")).toBe(paid.id);
    expect(delivery!.url.searchParams.get("type")).toBe("payment");
    expect(delivery!.headers["content-type"]).toBe("application/json");
    expect(delivery!.headers["x-request-id"]).toMatch(new RegExp(`^${UUID}$`));
    expect(delivery!.body).toEqual({
      id: expect.any(Number),
      live_mode: false,
      type: "payment",
      date_created: expect.any(String),
      user_id: 987654,
      api_version: "v1",
      action: "payment.created",
      data: { id: paid.id },
    });
    const signatureHeader = String(delivery!.headers["x-signature"]);
    expect(signatureHeader).toMatch(/^ts=\d{10},v1=[0-9a-f]{64}$/);
    expect(Number(/ts=(\d+)/.exec(signatureHeader)![1])).toBeGreaterThanOrEqual(before);
    expect(
      verifyWebhookSignature({
        secret: WEBHOOK_SECRET,
        signatureHeader,
        requestId: String(delivery!.headers["x-request-id"]),
        dataId: delivery!.url.searchParams.get("data.id"),
        nowSeconds: Math.floor(Date.now() / 1000),
      }),
    ).toEqual({ ok: true });
    expect(sim.notifications).toHaveLength(1);
    expect(sim.notifications[0]).toMatchObject({ paymentId: paid.id, status: 200 });

    expect(await client.getPayment(paid.id)).toEqual(paid);
    expect(await client.searchPayments("inv_pay")).toEqual([paid]);
    expect(await client.searchPayments("inv_other")).toEqual([]);
  });

  it("sends payment.updated on every change and resends the same notification freshly signed", async () => {
    const { sim, baseUrl } = await simulator();
    const client = clientFor(baseUrl);
    const preference = await client.createPreference(
      preferenceInput({ externalReference: "inv_pix", notificationUrl: receiver.url }),
    );
    const pending = await sim.pay(preference.id, "pending");
    expect(pending).toMatchObject({
      status: "pending",
      statusDetail: "pending_waiting_transfer",
      paymentMethodId: "pix",
      paymentTypeId: "bank_transfer",
      dateApproved: null,
    });

    await sim.setStatus(pending.id, "approved");
    expect(await client.getPayment(pending.id)).toMatchObject({
      status: "approved",
      statusDetail: "accredited",
      dateApproved: expect.any(String),
    });
    await sim.setStatus(pending.id, "refunded");
    expect((await client.getPayment(pending.id)).status).toBe("refunded");
    await sim.resend(pending.id);

    const actions = receiver.received.map((r) => (r.body as { action: string }).action);
    expect(actions).toEqual([
      "payment.created",
      "payment.updated",
      "payment.updated",
      "payment.updated",
    ]);
    const [, , last, resent] = receiver.received;
    expect(resent!.body).toEqual(last!.body);
    expect(resent!.headers["x-request-id"]).not.toBe(last!.headers["x-request-id"]);
    for (const delivery of receiver.received) {
      expect(
        verifyWebhookSignature({
          secret: WEBHOOK_SECRET,
          signatureHeader: String(delivery.headers["x-signature"]),
          requestId: String(delivery.headers["x-request-id"]),
          dataId: delivery.url.searchParams.get("data.id"),
          nowSeconds: Math.floor(Date.now() / 1000),
        }),
      ).toEqual({ ok: true });
    }
  });

  it("records the app's answer, or none when nobody answers", async () => {
    const { sim, baseUrl } = await simulator({ webhookTimeoutMs: 2_000 });
    const client = clientFor(baseUrl);
    receiver.status = 500;
    const answered = await client.createPreference(
      preferenceInput({ notificationUrl: receiver.url }),
    );
    await sim.pay(answered.id, "rejected");
    const unreachable = await client.createPreference(
      preferenceInput({ notificationUrl: `http://127.0.0.1:${await closedPort()}/hook` }),
    );
    const rejected = await sim.pay(unreachable.id, "rejected");
    expect(rejected).toMatchObject({
      status: "rejected",
      statusDetail: "cc_rejected_other_reason",
    });
    expect(sim.notifications.map((n) => n.status)).toEqual([500, null]);
  });

  it("pays through the checkout page and returns to the back URL with Mercado Pago's parameters", async () => {
    const { sim, baseUrl } = await simulator();
    const preference = await clientFor(baseUrl).createPreference(
      preferenceInput({
        title: 'Plano <script>alert("x")</script>',
        externalReference: "inv_page",
        notificationUrl: receiver.url,
      }),
    );
    const page = await fetch(preference.initPoint);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const markup = await page.text();
    expect(markup).toContain("Mercado Pago — simulador");
    expect(markup).toContain("Plano &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(markup).not.toContain("<script>");
    expect(markup).toMatch(/R\$\s49,90/);
    for (const label of ["Pagar (aprovado)", "Recusar", "Deixar pendente"]) {
      expect(markup).toContain(`>${label}</button>`);
    }
    const actions = [...markup.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) =>
      m[1]!.replaceAll("&amp;", "&"),
    );
    expect(actions).toHaveLength(3);

    const approve = actions.find((a) => a.includes("outcome=approved"))!;
    const answer = await fetch(new URL(approve, baseUrl), { method: "POST", redirect: "manual" });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location")!);
    const [payment] = sim.payments();
    expect(`${location.origin}${location.pathname}`).toBe("http://app.test/faturas/1");
    expect([...location.searchParams]).toEqual([
      ["resultado", "sucesso"],
      ["collection_id", payment!.id],
      ["collection_status", "approved"],
      ["payment_id", payment!.id],
      ["status", "approved"],
      ["external_reference", "inv_page"],
      ["payment_type", "credit_card"],
      ["merchant_order_id", expect.stringMatching(/^\d+$/)],
      ["preference_id", preference.id],
      ["site_id", "MLB"],
      ["processing_mode", "aggregator"],
      ["merchant_account_id", "null"],
    ]);
    expect(receiver.received).toHaveLength(1);

    const reject = actions.find((a) => a.includes("outcome=rejected"))!;
    const refused = await fetch(new URL(reject, baseUrl), { method: "POST", redirect: "manual" });
    expect(new URL(refused.headers.get("location")!).searchParams.get("resultado")).toBe("falha");
    const leave = actions.find((a) => a.includes("outcome=pending"))!;
    const left = await fetch(new URL(leave, baseUrl), { method: "POST", redirect: "manual" });
    expect(new URL(left.headers.get("location")!).searchParams.get("status")).toBe("pending");
  });

  it("says so on the checkout of an unknown or expired preference", async () => {
    const { sim, baseUrl } = await simulator();
    const unknown = await fetch(`${baseUrl}/checkout/v1/redirect?pref-id=nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(messages.mercadoPagoSim.checkout.preferenceNotFound);

    const preference = await clientFor(baseUrl).createPreference(
      preferenceInput({ expiresAt: new Date(Date.now() + 150) }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const page = await (await fetch(preference.initPoint)).text();
    expect(page).toContain(messages.mercadoPagoSim.checkout.expired);
    expect(page).not.toContain("<form");
    await expect(sim.pay(preference.id, "approved")).rejects.toThrow();
    const pay = await fetch(
      `${baseUrl}/checkout/v1/pay?pref-id=${encodeURIComponent(preference.id)}&outcome=approved`,
      { method: "POST", redirect: "manual" },
    );
    expect(pay.status).toBe(400);
    expect(sim.payments()).toHaveLength(0);
  });

  it("lets the tester change a payment from its page", async () => {
    const { sim, baseUrl } = await simulator();
    const client = clientFor(baseUrl);
    const preference = await client.createPreference(
      preferenceInput({ externalReference: "inv_<tester>", notificationUrl: receiver.url }),
    );
    const payment = await sim.pay(preference.id, "approved");
    const page = await (await fetch(`${baseUrl}/_simulador`)).text();
    expect(page).toContain(payment.id);
    expect(page).toContain("inv_&lt;tester&gt;");
    expect(page).toContain("payment.created → HTTP 200");
    for (const label of ["Aprovar", "Recusar", "Estornar", "Chargeback", "Reenviar notificação"]) {
      expect(page).toContain(`>${label}</button>`);
    }
    expect(page).toContain(`action="/_simulador/${payment.id}/chargeback"`);

    const answer = await fetch(`${baseUrl}/_simulador/${payment.id}/chargeback`, {
      method: "POST",
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/_simulador");
    expect((await client.getPayment(payment.id)).status).toBe("charged_back");
    await fetch(`${baseUrl}/_simulador/${payment.id}/resend`, {
      method: "POST",
      redirect: "manual",
    });
    expect(receiver.received).toHaveLength(3);

    const unknown = await fetch(`${baseUrl}/_simulador/1/approve`, { method: "POST" });
    expect(unknown.status).toBe(404);
    const bogus = await fetch(`${baseUrl}/_simulador/${payment.id}/explode`, { method: "POST" });
    expect(bogus.status).toBe(404);
  });

  it("builds init_point and redirects on the origin and mount path the request came in on", async () => {
    const sim = createMercadoPagoSimulator({ accessToken: ACCESS_TOKEN, webhookSecret: "s" });
    const created = await sim.handle(
      new Request("http://loja.test:3000/mp-sim/checkout/preferences/", {
        method: "POST",
        headers: { Authorization: `Bearer ${ACCESS_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ items: [{ title: "Plano", quantity: 1, unit_price: 10 }] }),
      }),
      "checkout/preferences/",
    );
    expect(created.status).toBe(201);
    const { id, init_point: initPoint } = (await created.json()) as Record<string, string>;
    expect(initPoint).toBe(
      `http://loja.test:3000/mp-sim/checkout/v1/redirect?pref-id=${encodeURIComponent(id!)}`,
    );
    const page = await (await sim.handle(new Request(initPoint!), "checkout/v1/redirect")).text();
    expect(page).toContain(`action="/mp-sim/checkout/v1/pay?pref-id=`);
    const payment = await sim.pay(id!, "pending");
    const moved = await sim.handle(
      new Request(`http://loja.test:3000/mp-sim/_simulador/${payment.id}/approve`, {
        method: "POST",
      }),
      `_simulador/${payment.id}/approve`,
    );
    expect(moved.headers.get("location")).toBe("/mp-sim/_simulador");
  });
});

describe("Mercado Pago errors", () => {
  it("maps an invalid token to a 401 in pt-BR, with MP's code, without retrying", async () => {
    const { sim, baseUrl } = await simulator();
    const error = await errorOf(
      createMercadoPagoClient({ baseUrl, accessToken: "APP_USR-wrong", backoffMs: 1 }).me(),
    );
    expect(error).toMatchObject({
      status: 401,
      code: "unauthorized",
      message: messages.mercadoPagoSim.client.invalidToken,
    });
    expect(sim.requestCount).toBe(1);

    const raw = await fetch(`${baseUrl}/users/me`);
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({
      message: "invalid access token",
      error: "unauthorized",
      status: 401,
      cause: [],
    });
  });

  it("maps a 404 to 'not found' and a 403 to missing permissions", async () => {
    const { baseUrl } = await simulator();
    const missing = await errorOf(clientFor(baseUrl).getPayment("123"));
    expect(missing).toMatchObject({
      status: 404,
      code: "not_found",
      message: messages.mercadoPagoSim.client.notFound,
    });

    const forbidden: typeof fetch = async () =>
      Response.json(
        {
          message: "At least one policy returned UNAUTHORIZED.",
          error: "forbidden",
          status: 403,
          cause: [],
        },
        { status: 403 },
      );
    const error = await errorOf(clientFor(baseUrl, { fetch: forbidden }).me());
    expect(error).toMatchObject({
      status: 403,
      code: "forbidden",
      message: messages.mercadoPagoSim.client.forbidden,
    });
  });

  it("reports a refused preference with the API's code and words", async () => {
    const { sim, baseUrl } = await simulator();
    const input = preferenceInput();
    const error = await errorOf(
      clientFor(baseUrl).createPreference({
        ...input,
        backUrls: { ...input.backUrls, success: "" },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe("invalid_auto_return");
    expect(error.message).toBe(
      messages.mercadoPagoSim.client.rejected(
        400,
        "auto_return invalid. back_url.success must be defined",
      ),
    );
    expect(sim.requestCount).toBe(1);
  });

  it("validates preference bodies like the API, in its error shape", async () => {
    const { baseUrl } = await simulator();
    const post = async (body: string) => {
      const response = await fetch(`${baseUrl}/checkout/preferences`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ACCESS_TOKEN}`, "Content-Type": "application/json" },
        body,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const noItems = await post(JSON.stringify({ items: [] }));
    expect(noItems).toEqual({
      status: 400,
      body: {
        message: "items needed",
        error: "bad_request",
        status: 400,
        cause: [{ code: "invalid_items", description: "items needed" }],
      },
    });
    const badItem = await post(
      JSON.stringify({ items: [{ title: "", quantity: 0, unit_price: "10" }] }),
    );
    expect(badItem.status).toBe(400);
    expect(badItem.body.cause).toHaveLength(3);
    const badUrl = await post(
      JSON.stringify({
        items: [{ title: "a", quantity: 1, unit_price: 1 }],
        notification_url: "not a url",
      }),
    );
    expect(badUrl.body.message).toBe("notification_url attribute must be url valid");
    expect((await post("{not json")).status).toBe(400);
    expect((await post("[1,2]")).status).toBe(400);
    const autoReturn = await post(
      JSON.stringify({
        items: [{ title: "a", quantity: 1, unit_price: 1 }],
        auto_return: "approved",
      }),
    );
    expect(autoReturn.body).toEqual({
      message: "auto_return invalid. back_url.success must be defined",
      error: "invalid_auto_return",
      status: 400,
      cause: [],
    });
  });

  it("answers unknown paths and wrong methods like an API", async () => {
    const { baseUrl } = await simulator();
    const headers = { Authorization: `Bearer ${ACCESS_TOKEN}` };
    const unknown = await fetch(`${baseUrl}/v1/nothing`, { headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "not_found", status: 404 });
    expect((await fetch(`${baseUrl}/checkout/preferences`, { headers })).status).toBe(405);
    expect((await fetch(`${baseUrl}/users/me`, { method: "POST", headers })).status).toBe(405);
  });

  it("turns an answer that is not JSON into a pt-BR error", async () => {
    const html: typeof fetch = async () =>
      new Response("<html>Bad gateway</html>", {
        status: 200,
        headers: { "Content-Type": "text/html" },
      });
    const error = await errorOf(clientFor("http://mp.invalid", { fetch: html }).me());
    expect(error.message).toBe(messages.mercadoPagoSim.client.notJson(200));
    expect(error.status).toBe(200);
  });
});

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

describe("the embedded simulator", () => {
  it("is one instance, accepting the simulators' test credentials", async () => {
    const sim = embeddedMercadoPagoSimulator();
    expect(embeddedMercadoPagoSimulator()).toBe(sim);
    const { accessToken } = paymentSimulatorCredentials().mercadopago;
    const me = await sim.handle(
      new Request("http://localhost/mp-sim/users/me", {
        headers: { Authorization: `Bearer ${accessToken}` },
      }),
      "users/me",
    );
    expect(me.status).toBe(200);
    const refused = await sim.handle(new Request("http://localhost/mp-sim/users/me"), "users/me");
    expect(refused.status).toBe(401);
  });
});
