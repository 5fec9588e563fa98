import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, payments, subscriptions, webhookEvents } from "~db/schema";
import { signWebhook } from "~/integrations/mercadopago/signature";
import { currentPlan } from "~/models/accounts/credits.server";
import { createPagHiperClient } from "~/integrations/paghiper/client.server";
import {
  mercadoPagoEventId,
  reconcilePendingPayments,
  startCheckout,
  startPix,
  syncPayment,
} from "~/models/payments/index.server";
import { subscribe } from "~/models/accounts/subscription.server";
import { foreignOriginRefusal } from "~/server/origin.server";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import * as messages from "~/messages";
import {
  accepted,
  createFreePlan,
  createPlan,
  createUser,
  sessionHeaders,
} from "../support/factories";
import {
  startPaymentSimulators,
  TEST_CPF,
  type PaymentSimulators,
} from "../support/payment-simulators";
import { deliverToWebhookRoutes, hitWebhookRoute } from "../support/webhook-routes";

/**
 * The providers' notifications (POST /api/webhooks/mercadopago, JSON and signed; POST
 * /api/webhooks/paghiper, form-encoded and confirmed with PagHiper), delivered by the simulators
 * themselves to the routes. No session, no Origin: the providers call from their own servers.
 */

const m = messages.payments;

let holding = false;
const toRoutes = deliverToWebhookRoutes(() => holding);
const hit = hitWebhookRoute;

/** A card payment approved at the simulator whose notification the app has not had yet. */
async function heldCheckoutPayment() {
  const { viewer, invoiceId } = await paidPlanInvoice();
  const checkout = accepted(await startCheckout(viewer, invoiceId));
  const preference = sims.mercadoPago
    .preferences()
    .find((p) => p.externalReference === checkout.payment.externalReference)!;
  holding = true;
  try {
    const paid = await sims.mercadoPago.pay(preference.id, "approved");
    return { invoiceId, paymentId: paid.id, delivery: sims.mercadoPago.notifications.at(-1)! };
  } finally {
    holding = false;
  }
}

let sims: PaymentSimulators;
let plan = 0;

/** Every row a notification could touch. */
function snapshot() {
  return JSON.stringify([
    db().select().from(payments).all(),
    db().select().from(subscriptions).all(),
    db().select().from(webhookEvents).all(),
    db().select().from(activity).all(),
  ]);
}
const invoice = (id: number) => db().select().from(payments).where(eq(payments.id, id)).get()!;
const eventsOf = (provider: string) =>
  db().select().from(webhookEvents).where(eq(webhookEvents.provider, provider)).all();

async function paidPlanInvoice() {
  const { user } = await createUser();
  const result = accepted(
    subscribe({ userId: user.id, planId: plan, paymentMethod: "credit_card" }),
  );
  if (result.kind !== "payment_required") throw new Error("expected an invoice");
  return { user, viewer: { id: user.id, role: user.role }, invoiceId: result.payment.id };
}

/** A checkout paid by card at the simulator; its notification already delivered to the route. */
async function paidCheckout() {
  const { user, viewer, invoiceId } = await paidPlanInvoice();
  const checkout = accepted(await startCheckout(viewer, invoiceId));
  const preference = sims.mercadoPago
    .preferences()
    .find((p) => p.externalReference === checkout.payment.externalReference)!;
  const paid = await sims.mercadoPago.pay(preference.id, "approved");
  return { user, invoiceId, paymentId: paid.id, delivery: sims.mercadoPago.notifications.at(-1)! };
}

/** A PIX generated for a new invoice (not paid yet). */
async function pixInvoice() {
  const { user, viewer, invoiceId } = await paidPlanInvoice();
  const pix = accepted(await startPix(viewer, invoiceId, TEST_CPF));
  const transaction = sims.pagHiper.transactions().find((t) => t.emv === pix.pixCode)!;
  return { user, invoiceId, transactionId: transaction.transactionId };
}

/** A Mercado Pago delivery sent again, with the headers and body given. */
function redeliver(
  delivery: { url: string; headers: Readonly<Record<string, string>>; body: unknown },
  change: { headers?: Record<string, string | null>; body?: string; url?: string } = {},
) {
  const headers = new Headers(delivery.headers);
  for (const [name, value] of Object.entries(change.headers ?? {}))
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  return hit(change.url ?? delivery.url, {
    method: "POST",
    headers,
    body: change.body ?? JSON.stringify(delivery.body),
  });
}

/** A delivery signed now, with the real secret, for a payment id (a new request id unless given). */
function signedNow(url: string, dataId: string, body: unknown, requestId = crypto.randomUUID()) {
  const signature = signWebhook({
    secret: sims.credentials.mercadopago.webhookSecret,
    dataId,
    requestId,
    ts: Math.floor(Date.now() / 1000),
  });
  return hit(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-signature": signature,
      "x-request-id": requestId,
    },
    body: JSON.stringify(body),
  });
}

const pagHiperForm = (fields: Record<string, string>) =>
  hit("http://localhost/api/webhooks/paghiper", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  createFreePlan();
  plan = createPlan({ name: "Profissional Webhooks", priceCents: 4990 }).id;
  sims = await startPaymentSimulators({ label: "webhooks", fetch: toRoutes });
});

afterAll(async () => {
  await sims?.stop();
});

describe("POST /api/webhooks/mercadopago", () => {
  it("a genuine notification approves the invoice and starts the plan (200)", async () => {
    const { user, invoiceId, paymentId, delivery } = await paidCheckout();
    expect(delivery.status).toBe(200);
    expect(delivery.url).toContain("/api/webhooks/mercadopago?source_news=webhooks&data.id=");
    expect(invoice(invoiceId)).toMatchObject({ status: "approved", providerPaymentId: paymentId });
    expect(currentPlan(user.id)?.planId).toBe(plan);
  });

  it("a repeated notification is processed once: one webhook_events row, one approval", async () => {
    const { invoiceId, paymentId, delivery } = await paidCheckout();
    // The key is what the signature covers: data.id and x-request-id (ADR 0028).
    const eventId = mercadoPagoEventId(paymentId, new Headers(delivery.headers));
    await sims.mercadoPago.resend(paymentId);
    expect(sims.mercadoPago.notifications.at(-1)!.status).toBe(200);
    const again = await redeliver(sims.mercadoPago.notifications.at(-1)!);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      success: true,
      data: { duplicate: true },
      message: m.webhookDuplicate,
    });
    expect(eventsOf("mercadopago").filter((e) => e.eventId === eventId)).toHaveLength(1);
    const approvals = db()
      .select()
      .from(activity)
      .where(eq(activity.entityId, String(invoiceId)))
      .all()
      .filter((a) => a.action.includes("aprovado"));
    expect(approvals).toHaveLength(1);
  });

  it("a forged, missing, stale or borrowed signature is a 401 and changes nothing", async () => {
    const { invoiceId, paymentId, delivery: genuine } = await heldCheckoutPayment();
    const paid = { id: paymentId };
    const adminCookie = await sessionHeaders((await createUser({ role: "admin" })).user, "web");
    const before = snapshot();

    const now = Math.floor(Date.now() / 1000);
    const requestId = genuine.headers["x-request-id"]!;
    const forgeries = [
      { headers: { "x-signature": `ts=${now},v1=${"ab".repeat(32)}` } },
      {
        headers: {
          "x-signature": signWebhook({
            secret: "not-our-secret",
            dataId: paid.id,
            requestId,
            ts: now,
          }),
        },
      },
      {
        headers: {
          "x-signature": signWebhook({
            secret: sims.credentials.mercadopago.webhookSecret,
            dataId: paid.id,
            requestId,
            ts: now - 3600,
          }),
        },
      },
      { headers: { "x-signature": null } },
      { headers: { "x-signature": "garbage" } },
      { url: genuine.url.replace(`data.id=${paid.id}`, `data.id=${paid.id}9`) },
      // Cross-site as a browser would send it, with an admin's session cookie: still only the signature counts.
      {
        headers: {
          "x-signature": `ts=${now},v1=${"cd".repeat(32)}`,
          Origin: "https://evil.example",
          "Sec-Fetch-Site": "cross-site",
          ...adminCookie,
        },
      },
    ];
    for (const change of forgeries) {
      const response = await redeliver(genuine, change);
      expect(response.status, JSON.stringify(change)).toBe(401);
      expect(await response.json()).toEqual({
        success: false,
        data: null,
        message: m.webhookUnverified,
      });
    }
    expect(snapshot()).toBe(before);
    expect(invoice(invoiceId).status).toBe("pending");

    // The genuine one, from another site and with no cookie, is accepted.
    const real = await redeliver(genuine, {
      headers: { Origin: "https://www.mercadopago.com.br" },
    });
    expect(real.status).toBe(200);
    expect(invoice(invoiceId).status).toBe("approved");
  });

  it("a body that is not a notification is a 400 (415 when not JSON), changing nothing", async () => {
    const before = snapshot();
    const url = "http://localhost/api/webhooks/mercadopago?source_news=webhooks";
    const cases: [RequestInit, number, string][] = [
      [
        { headers: { "content-type": "application/json" }, body: "{not json" },
        400,
        messages.api.invalidJson,
      ],
      [{ headers: { "content-type": "application/json" }, body: "{}" }, 400, m.webhookInvalid],
      [{ headers: { "content-type": "application/json" }, body: "[]" }, 400, m.webhookInvalid],
      [{ headers: { "content-type": "application/json" }, body: "null" }, 400, m.webhookInvalid],
      [
        { headers: { "content-type": "application/json" }, body: '{"data":{"id":{"x":1}}}' },
        400,
        m.webhookInvalid,
      ],
      [
        { headers: { "content-type": "text/plain" }, body: '{"data":{"id":"1"}}' },
        415,
        messages.api.jsonRequired,
      ],
      [{}, 400, m.webhookInvalid],
    ];
    for (const [init, status, message] of cases) {
      const response = await hit(url, { method: "POST", ...init });
      expect(response.status, JSON.stringify(init)).toBe(status);
      expect((await response.json()).message).toBe(message);
    }
    // Signed, but naming a payment id that cannot be one.
    const odd = await signedNow(
      `${url}&data.id=${encodeURIComponent("1;drop")}&type=payment`,
      "1;drop",
      {
        type: "payment",
        data: { id: "1;drop" },
      },
    );
    expect(odd.status).toBe(400);
    expect(snapshot()).toBe(before);
    const get = await hit(url, { method: "PUT" });
    expect(get.status).toBe(405);
  });

  it("another notification type is acknowledged (200) and changes nothing", async () => {
    const before = snapshot();
    const response = await signedNow(
      "http://localhost/api/webhooks/mercadopago?data.id=123&type=merchant_order",
      "123",
      { type: "merchant_order", data: { id: "123" } },
    );
    expect(response.status).toBe(200);
    expect(snapshot()).toBe(before);
  });

  it("Mercado Pago unreachable: 503 with Retry-After, so it delivers again; the retry is processed", async () => {
    const { invoiceId, paymentId, delivery: delivered } = await heldCheckoutPayment();
    const paid = { id: paymentId };
    const eventsBefore = eventsOf("mercadopago").length;
    // Mercado Pago delivers the same notification again: the same x-request-id, signed anew.
    const requestId = crypto.randomUUID();

    // A port nobody listens on.
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const alive = process.env.MERCADOPAGO_BASE_URL;
    process.env.MERCADOPAGO_BASE_URL = `http://127.0.0.1:${port}`;
    resetEnvForTests();
    try {
      const response = await signedNow(delivered.url, paid.id, delivered.body, requestId);
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("60");
      expect((await response.json()).success).toBe(false);
      expect(invoice(invoiceId).status).toBe("pending");
    } finally {
      process.env.MERCADOPAGO_BASE_URL = alive;
      resetEnvForTests();
    }
    const retry = await signedNow(delivered.url, paid.id, delivered.body, requestId);
    expect(retry.status).toBe(200);
    expect(invoice(invoiceId).status).toBe("approved");
    expect(eventsOf("mercadopago")).toHaveLength(eventsBefore + 1);
  }, 20_000);
});

describe("POST /api/webhooks/paghiper", () => {
  it("a paid PIX is confirmed with PagHiper and approves the invoice (200)", async () => {
    const { user, invoiceId, transactionId } = await pixInvoice();
    await sims.pagHiper.pay(transactionId);
    const notification = sims.pagHiper.notifications.at(-1)!;
    expect(notification.url).toMatch(/^http:\/\/localhost:\d+\/api\/webhooks\/paghiper$/);
    expect(notification.status).toBe(200);
    expect(invoice(invoiceId).status).toBe("approved");
    expect(currentPlan(user.id)?.planId).toBe(plan);
  });

  it("the same notification again is processed once (one webhook_events row)", async () => {
    const { invoiceId, transactionId } = await pixInvoice();
    await sims.pagHiper.pay(transactionId);
    const notification = sims.pagHiper.notifications.at(-1)!;
    const again = await pagHiperForm(notification.body);
    expect(again.status).toBe(200);
    expect((await again.json()).data).toEqual({ duplicate: true });
    expect(
      eventsOf("paghiper").filter((e) => e.eventId === notification.body.notification_id),
    ).toHaveLength(1);
    expect(invoice(invoiceId).status).toBe("approved");
  });

  it("a wrong apiKey is a 401 and changes nothing", async () => {
    const { invoiceId, transactionId } = await pixInvoice();
    const before = snapshot();
    for (const apiKey of [
      "apk_attacker",
      sims.credentials.paghiper.token,
      `${sims.credentials.paghiper.apiKey}x`,
    ]) {
      const response = await pagHiperForm({
        apiKey,
        transaction_id: transactionId,
        notification_id: "A".repeat(64),
        notification_date: "2025-01-01 10:00:00",
      });
      expect(response.status).toBe(401);
      expect((await response.json()).message).toBe(m.webhookUnverified);
    }
    expect(snapshot()).toBe(before);
    expect(invoice(invoiceId).status).toBe("pending");
  });

  it("a notification PagHiper did not send (our apiKey, an invented id) is a 401; the invoice stays", async () => {
    const { invoiceId, transactionId } = await pixInvoice();
    const response = await pagHiperForm({
      apiKey: sims.credentials.paghiper.apiKey,
      transaction_id: transactionId,
      notification_id: "F".repeat(64),
    });
    expect(response.status).toBe(401);
    expect(invoice(invoiceId).status).toBe("pending");
  });

  it("a form without its fields is a 400, another body type a 415, changing nothing", async () => {
    const before = snapshot();
    const missing = await pagHiperForm({ apiKey: sims.credentials.paghiper.apiKey });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe(m.webhookInvalid);
    const empty = await hit("http://localhost/api/webhooks/paghiper", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(empty.status).toBe(400);
    for (const [type, body] of [
      ["application/json", JSON.stringify({ apiKey: sims.credentials.paghiper.apiKey })],
      ["text/plain", "apiKey=x"],
      ["multipart/form-data; boundary=x", "--x--"],
    ]) {
      const response = await hit("http://localhost/api/webhooks/paghiper", {
        method: "POST",
        headers: { "Content-Type": type! },
        body,
      });
      expect(response.status, type).toBe(415);
      expect((await response.json()).message).toBe(m.webhookFormRequired);
    }
    expect(snapshot()).toBe(before);
  });
});

describe("a payment must match its invoice (issue #24, ADR 0028)", () => {
  let enterprise = 0;
  beforeAll(() => {
    enterprise = createPlan({ name: "Enterprise Webhooks", priceCents: 19990 }).id;
  });

  async function enterpriseInvoice() {
    const { user } = await createUser();
    const viewer = { id: user.id, role: user.role };
    const result = accepted(
      subscribe({ userId: user.id, planId: enterprise, paymentMethod: "credit_card" }),
    );
    if (result.kind !== "payment_required") throw new Error("expected an invoice");
    return { user, viewer, invoiceId: result.payment.id };
  }

  const discrepancies = (invoiceId: number) =>
    db()
      .select()
      .from(activity)
      .where(eq(activity.entityId, String(invoiceId)))
      .all()
      .filter((a) => a.type === "payment_mismatch");
  const eventOf = (provider: string, eventId: string) =>
    eventsOf(provider).find((e) => e.eventId === eventId)!;

  it("Mercado Pago: R$ 0,01 for an R$ 199,90 invoice is acknowledged (200), recorded, and approves nothing", async () => {
    const { user, viewer, invoiceId } = await enterpriseInvoice();
    const checkout = accepted(await startCheckout(viewer, invoiceId));
    const preference = sims.mercadoPago
      .preferences()
      .find((p) => p.externalReference === checkout.payment.externalReference)!;
    const cent = await sims.mercadoPago.pay(preference.id, "approved", { amountCents: 1 });
    const delivery = sims.mercadoPago.notifications.at(-1)!;
    expect(delivery.status).toBe(200);
    expect(invoice(invoiceId)).toMatchObject({ status: "pending", providerPaymentId: null });
    expect(currentPlan(user.id)?.planId).not.toBe(enterprise);
    const event = eventOf(
      "mercadopago",
      mercadoPagoEventId(cent.id, new Headers(delivery.headers)),
    );
    expect(event.processedAt).not.toBeNull();
    expect(event.outcome).toMatch(
      /^fatura #\d+: Pagamento divergente: recebido R\$\s0,01, esperado R\$\s199,90$/,
    );
    expect(discrepancies(invoiceId)).toHaveLength(1);
    expect(discrepancies(invoiceId)[0]!.action).toContain(`Mercado Pago, pagamento ${cent.id}`);

    // "Verificar pagamento" and the poller ask Mercado Pago and come to the same answer.
    expect(accepted(await syncPayment(viewer, invoiceId)).status).toBe("pending");
    await reconcilePendingPayments(new Date(Date.now() + 3_600_000));
    expect(invoice(invoiceId).status).toBe("pending");
    expect(discrepancies(invoiceId)).toHaveLength(1);

    // The full amount afterwards does approve it.
    await sims.mercadoPago.pay(preference.id, "approved");
    expect(invoice(invoiceId).status).toBe("approved");
    expect(currentPlan(user.id)?.planId).toBe(enterprise);
  });

  it("Mercado Pago: the full amount received by another account, or in another currency, approves nothing", async () => {
    const { viewer, invoiceId } = await enterpriseInvoice();
    const checkout = accepted(await startCheckout(viewer, invoiceId));
    const preference = sims.mercadoPago
      .preferences()
      .find((p) => p.externalReference === checkout.payment.externalReference)!;
    const elsewhere = await sims.mercadoPago.pay(preference.id, "approved", { collectorId: 42 });
    expect(sims.mercadoPago.notifications.at(-1)!.status).toBe(200);
    const dollars = await sims.mercadoPago.pay(preference.id, "approved", { currencyId: "USD" });
    expect(sims.mercadoPago.notifications.at(-1)!.status).toBe(200);
    expect(accepted(await syncPayment(viewer, invoiceId)).status).toBe("pending");
    expect(invoice(invoiceId).status).toBe("pending");
    const recorded = discrepancies(invoiceId).map((a) => a.action);
    expect(recorded).toEqual([
      `${m.discrepancyReceiver("42")} (Mercado Pago, pagamento ${elsewhere.id})`,
      `${m.discrepancyCurrency("USD")} (Mercado Pago, pagamento ${dollars.id})`,
    ]);
  });

  it("PagHiper: a charge of another value under our invoice's order id is confirmed, recorded, and approves nothing", async () => {
    const { user, invoiceId } = await enterpriseInvoice();
    const reference = invoice(invoiceId).externalReference;
    // Our apiKey travels in every notification; with it anyone may create a charge at PagHiper.
    const attacker = createPagHiperClient({
      baseUrl: process.env.PAGHIPER_BASE_URL!,
      apiKey: sims.credentials.paghiper.apiKey,
      token: "not-our-token",
    });
    const charge = await attacker.createPix({
      orderId: `${reference}-P9`,
      payerEmail: "atacante@example.com",
      payerName: "Atacante",
      payerCpf: TEST_CPF,
      notificationUrl: "http://localhost/api/webhooks/paghiper",
      daysDueDate: 1,
      items: [{ itemId: "1", description: "barato", quantity: 1, priceCents: 300 }],
    });
    await sims.pagHiper.pay(charge.transactionId);
    const notification = sims.pagHiper.notifications.at(-1)!;
    expect(notification.status).toBe(200);
    expect(invoice(invoiceId).status).toBe("pending");
    expect(currentPlan(user.id)?.planId).not.toBe(enterprise);
    expect(eventOf("paghiper", notification.body.notification_id!).outcome).toMatch(
      /^fatura #\d+: Pagamento divergente: recebido R\$\s3,00, esperado R\$\s199,90$/,
    );
    expect(discrepancies(invoiceId)[0]!.action).toContain(
      `PagHiper, transação ${charge.transactionId}`,
    );
  });

  it("no provider credential is stored in webhook_events.payload", async () => {
    const { transactionId } = await pixInvoice();
    await sims.pagHiper.pay(transactionId);
    const notification = sims.pagHiper.notifications.at(-1)!;
    expect(notification.body.apiKey).toBe(sims.credentials.paghiper.apiKey);
    const stored = eventOf("paghiper", notification.body.notification_id!);
    expect(stored.payload).not.toContain(sims.credentials.paghiper.apiKey);
    expect(JSON.parse(stored.payload)).toMatchObject({
      apiKey: "[removido]",
      transaction_id: transactionId,
    });
    // A Mercado Pago body carrying something secret-looking is scrubbed too.
    const secret = "APP_USR-123-secret-token";
    const response = await signedNow(
      "http://localhost/api/webhooks/mercadopago?data.id=424242&type=payment",
      "424242",
      {
        id: 5150,
        type: "payment",
        data: { id: "424242" },
        access_token: secret,
        x: { token: secret },
      },
    );
    expect(response.status).toBe(200);
    const all = JSON.stringify(db().select().from(webhookEvents).all());
    expect(all).not.toContain(secret);
    for (const value of Object.values(sims.credentials.paghiper)) expect(all).not.toContain(value);
    for (const value of Object.values(sims.credentials.mercadopago))
      expect(all).not.toContain(value);
  });

  it("a signed notification for a payment Mercado Pago does not know is a 200, recorded as unknown_payment", async () => {
    const before = JSON.stringify(db().select().from(payments).all());
    const requestId = crypto.randomUUID();
    const response = await signedNow(
      "http://localhost/api/webhooks/mercadopago?data.id=777000111&type=payment",
      "777000111",
      { id: 8080, type: "payment", action: "payment.updated", data: { id: "777000111" } },
      requestId,
    );
    expect(response.status).toBe(200);
    expect(eventOf("mercadopago", `777000111:${requestId}`)).toMatchObject({
      outcome: "unknown_payment",
      processedAt: expect.any(Date),
    });
    expect(JSON.stringify(db().select().from(payments).all())).toBe(before);
  });
});

describe("no Origin check on the webhooks", () => {
  it("server.mjs' foreign-origin refusal leaves /api/webhooks alone", () => {
    for (const path of ["/api/webhooks/mercadopago", "/api/webhooks/paghiper"])
      expect(
        foreignOriginRefusal(
          "POST",
          path,
          (name) => ({ origin: "https://evil.example", host: "localhost" })[name],
        ),
      ).toBeNull();
  });
});
