import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gatewayConfigs, payments } from "~db/schema";
import { signWebhook } from "~/integrations/mercadopago/signature";
import { isValidBrCode } from "~/utils/brcode";
import { sealSecret } from "~/utils/secret-box.server";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { accepted, createFreePlan, createPlan, createUser } from "../../../tests/support/factories";
import {
  startPaymentSimulators,
  type PaymentSimulators,
} from "../../../tests/support/payment-simulators";
import { currentPlan } from "../accounts/credits.server";
import { configureSimulatorGateways, readGatewayConfig } from "./gateway-config.server";
import {
  hasPaymentsToCheck,
  PIX_VALIDITY_MINUTES,
  receiveMercadoPagoNotification,
  receivePagHiperNotification,
  reconcilePendingPayments,
  setPaymentStatusByAdmin,
  startCheckout,
  startPix,
  syncPayment,
  testMercadoPagoConnection,
  testPagHiperConnection,
} from "./payment-gateway.server";
import { subscribe } from "../accounts/subscription.server";

const CPF = "123.456.789-09";
const ORIGIN = "http://app.test";

type Delivery = { url: string; headers: Headers; body: string };
const delivered: Delivery[] = [];
const keep: typeof fetch = async (input, init) => {
  delivered.push({
    url: String(input),
    headers: new Headers(init?.headers),
    body: String(init?.body ?? ""),
  });
  return new Response("{}", { status: 200 });
};

let sims: PaymentSimulators;

beforeAll(async () => {
  // The public address providers are given comes from APP_URL, never from a request (ADR 0028).
  process.env.APP_URL = ORIGIN;
  sims = await startPaymentSimulators({ label: "model", fetch: keep });
});

afterAll(async () => {
  delete process.env.APP_URL;
  await sims.stop();
});

beforeEach(() => {
  db().delete(gatewayConfigs).run();
  configureSimulatorGateways(sims.credentials);
});

async function invoice(priceCents = 4990) {
  createFreePlan();
  const plan = createPlan({ priceCents, creditsPerMonth: 3000 });
  const { user } = await createUser();
  const result = accepted(subscribe({ userId: user.id, planId: plan.id, paymentMethod: "pix" }));
  if (result.kind !== "payment_required") throw new Error("expected an invoice");
  return { user, plan, viewer: { id: user.id, role: user.role }, paymentId: result.payment.id };
}

const row = (id: number) => db().select().from(payments).where(eq(payments.id, id)).get()!;
const transactionOf = (pixCode: string) =>
  sims.pagHiper.transactions().find((t) => t.emv === pixCode)!;

describe("gateway settings at rest", () => {
  it("stores no secret in clear text", () => {
    const stored = db().select().from(gatewayConfigs).all();
    const raw = JSON.stringify(stored);
    for (const secret of [
      sims.credentials.mercadopago.accessToken,
      sims.credentials.mercadopago.webhookSecret,
      sims.credentials.paghiper.token,
    ])
      expect(raw).not.toContain(secret);
    expect(readGatewayConfig("paghiper")).toEqual(sims.credentials.paghiper);
  });
});

describe("PIX by PagHiper", () => {
  it("refuses a CPF with wrong check digits", async () => {
    const { viewer, paymentId } = await invoice();
    expect(await startPix(viewer, paymentId, "123.456.789-00")).toMatchObject({
      ok: false,
      message: messages.payments.invalidCpf,
      field: "cpf",
    });
  });

  it("issues a valid BR Code once, even for two clicks at the same time, and a customer cannot pay another's invoice", async () => {
    const { viewer, paymentId } = await invoice(12345);
    const before = sims.pagHiper.transactions().length;
    const [a, b] = await Promise.all([
      startPix(viewer, paymentId, CPF),
      startPix(viewer, paymentId, CPF),
    ]);
    const first = accepted(a);
    expect(accepted(b).pixCode).toBe(first.pixCode);
    expect(sims.pagHiper.transactions().length).toBe(before + 1);
    expect(isValidBrCode(first.pixCode)).toBe(true);
    expect(first.pixCode).toContain("5406123.45");
    expect(first.pixQrDataUrl.startsWith("data:image/png;base64,")).toBe(true);
    expect(first.expiresAt.getTime() - Date.now()).toBeGreaterThan(
      (PIX_VALIDITY_MINUTES - 1) * 60_000,
    );
    const stranger = await createUser();
    expect(await startPix({ id: stranger.user.id, role: "user" }, paymentId, CPF)).toMatchObject({
      ok: false,
      reason: "not_found",
    });
  });

  it("says so plainly when PagHiper is not configured", async () => {
    const { viewer, paymentId } = await invoice();
    db().delete(gatewayConfigs).where(eq(gatewayConfigs.provider, "paghiper")).run();
    expect(await startPix(viewer, paymentId, CPF)).toMatchObject({
      ok: false,
      reason: "not_configured",
      message: "PagHiper não configurado. Configure em Admin > Pagamentos.",
    });
  });

  it("a paid PIX starts the plan through the sync, and the confirmed notification changes nothing more", async () => {
    const { user, plan, viewer, paymentId } = await invoice();
    const pix = accepted(await startPix(viewer, paymentId, CPF));
    const transaction = transactionOf(pix.pixCode);
    delivered.length = 0;
    await sims.pagHiper.pay(transaction.transactionId);
    expect(accepted(await syncPayment(viewer, paymentId)).status).toBe("approved");
    expect(currentPlan(user.id)?.planId).toBe(plan.id);
    const notification = delivered.find((d) => d.url.endsWith("/api/webhooks/paghiper"))!;
    const form = new URLSearchParams(notification.body);
    expect(accepted(await receivePagHiperNotification(form))).toMatchObject({ duplicate: false });
    expect(accepted(await receivePagHiperNotification(form))).toMatchObject({ duplicate: true });
    expect(row(paymentId).status).toBe("approved");
  });

  it("a PIX paid after its customer switched the invoice to a card checkout still counts", async () => {
    const { viewer, paymentId } = await invoice();
    const pix = accepted(await startPix(viewer, paymentId, CPF));
    accepted(await startCheckout(viewer, paymentId));
    expect(row(paymentId).gateway).toBe("mercadopago");
    delivered.length = 0;
    await sims.pagHiper.pay(transactionOf(pix.pixCode).transactionId);
    const notification = delivered.find((d) => d.url.endsWith("/api/webhooks/paghiper"))!;
    accepted(await receivePagHiperNotification(new URLSearchParams(notification.body)));
    expect(row(paymentId).status).toBe("approved");
  });

  it("refuses a notification with another apiKey or one PagHiper never sent", async () => {
    const { viewer, paymentId } = await invoice();
    const pix = accepted(await startPix(viewer, paymentId, CPF));
    const transactionId = transactionOf(pix.pixCode).transactionId;
    const forged = new URLSearchParams({
      apiKey: "apk_other",
      transaction_id: transactionId,
      notification_id: "N".repeat(64),
    });
    expect(await receivePagHiperNotification(forged)).toMatchObject({
      ok: false,
      reason: "unverified",
    });
    forged.set("apiKey", sims.credentials.paghiper.apiKey);
    expect(await receivePagHiperNotification(forged)).toMatchObject({
      ok: false,
      reason: "unverified",
    });
    expect(await receivePagHiperNotification(new URLSearchParams("apiKey=x"))).toMatchObject({
      ok: false,
      reason: "invalid_reference",
    });
    expect(row(paymentId).status).toBe("pending");
  });

  it("the poller expires an unpaid PIX past its time (cancelling it at PagHiper) and a new PIX reopens the invoice", async () => {
    const { viewer, paymentId } = await invoice();
    const pix = accepted(await startPix(viewer, paymentId, CPF));
    const later = new Date(Date.now() + (PIX_VALIDITY_MINUTES + 1) * 60_000);
    expect(hasPaymentsToCheck(later)).toBe(true);
    await reconcilePendingPayments(later);
    expect(row(paymentId).status).toBe("expired");
    expect(transactionOf(pix.pixCode).status).toBe("canceled");
    const again = accepted(await startPix(viewer, paymentId, CPF));
    expect(again.pixCode).not.toBe(pix.pixCode);
    expect(row(paymentId).status).toBe("pending");
  });

  it("a PIX that expired at PagHiper (canceled past its due date) is expired, not cancelled", async () => {
    const { viewer, paymentId } = await invoice();
    const pix = accepted(await startPix(viewer, paymentId, CPF));
    await sims.pagHiper.expire(transactionOf(pix.pixCode).transactionId);
    expect(accepted(await syncPayment(viewer, paymentId)).status).toBe("expired");
  });

  it("the poller approves a PIX paid without a notification and backs off on one still pending", async () => {
    const paid = await invoice();
    const waiting = await invoice();
    const paidPix = accepted(await startPix(paid.viewer, paid.paymentId, CPF));
    accepted(await startPix(waiting.viewer, waiting.paymentId, CPF));
    await sims.pagHiper.pay(transactionOf(paidPix.pixCode).transactionId);
    const now = new Date(Date.now() + 20_000);
    const report = await reconcilePendingPayments(now);
    expect(report.approved).toBeGreaterThanOrEqual(1);
    expect(row(paid.paymentId).status).toBe("approved");
    const first = row(waiting.paymentId);
    expect(first.status).toBe("pending");
    expect(first.checkAttempts).toBe(1);
    await reconcilePendingPayments(new Date(first.nextCheckAt!.getTime()));
    const second = row(waiting.paymentId);
    expect(second.checkAttempts).toBe(2);
    expect(second.nextCheckAt!.getTime() - first.nextCheckAt!.getTime()).toBe(60_000);
  });
});

describe("Mercado Pago checkout", () => {
  it("creates one preference per invoice and starts the plan when the payment is approved", async () => {
    const { user, plan, viewer, paymentId } = await invoice();
    const [a, b] = await Promise.all([
      startCheckout(viewer, paymentId),
      startCheckout(viewer, paymentId),
    ]);
    expect(accepted(a).initPoint).toBe(accepted(b).initPoint);
    const preference = sims.mercadoPago
      .preferences()
      .find((p) => p.externalReference === row(paymentId).externalReference)!;
    expect(preference.notificationUrl).toBe(
      `${ORIGIN}/api/webhooks/mercadopago?source_news=webhooks`,
    );
    expect(preference.backUrls.success).toBe(
      `${ORIGIN}/invoices?payment=success&invoice=${paymentId}`,
    );
    await sims.mercadoPago.pay(preference.id, "rejected");
    expect(accepted(await syncPayment(viewer, paymentId)).status).toBe("pending");
    await sims.mercadoPago.pay(preference.id, "approved");
    expect(accepted(await syncPayment(viewer, paymentId)).status).toBe("approved");
    expect(currentPlan(user.id)?.planId).toBe(plan.id);
  });

  it("verifies the webhook signature and fetches the payment rather than trusting the body", async () => {
    const { viewer, paymentId } = await invoice();
    accepted(await startCheckout(viewer, paymentId));
    const preference = sims.mercadoPago
      .preferences()
      .find((p) => p.externalReference === row(paymentId).externalReference)!;
    const mpPayment = await sims.mercadoPago.pay(preference.id, "approved");
    const body = {
      id: 987,
      type: "payment",
      action: "payment.updated",
      data: { id: mpPayment.id },
    };
    const searchParams = new URLSearchParams({ "data.id": mpPayment.id, type: "payment" });
    const ts = Math.floor(Date.now() / 1000);
    const unsigned = await receiveMercadoPagoNotification({
      searchParams,
      headers: new Headers(),
      body,
    });
    expect(unsigned).toMatchObject({ ok: false, reason: "unverified" });
    expect(row(paymentId).status).toBe("pending");
    const headers = new Headers({
      "x-request-id": "req-1",
      "x-signature": signWebhook({
        secret: sims.credentials.mercadopago.webhookSecret,
        dataId: mpPayment.id,
        requestId: "req-1",
        ts,
      }),
    });
    expect(
      accepted(await receiveMercadoPagoNotification({ searchParams, headers, body })),
    ).toMatchObject({ duplicate: false });
    expect(row(paymentId).status).toBe("approved");
    expect(
      accepted(await receiveMercadoPagoNotification({ searchParams, headers, body })),
    ).toMatchObject({ duplicate: true });
  });

  it("a chargeback after approval ends the plan", async () => {
    const { user, plan, viewer, paymentId } = await invoice();
    accepted(await startCheckout(viewer, paymentId));
    const preference = sims.mercadoPago
      .preferences()
      .find((p) => p.externalReference === row(paymentId).externalReference)!;
    const mpPayment = await sims.mercadoPago.pay(preference.id, "approved");
    accepted(await syncPayment(viewer, paymentId));
    await sims.mercadoPago.setStatus(mpPayment.id, "charged_back");
    expect(accepted(await syncPayment(viewer, paymentId)).status).toBe("refunded");
    expect(currentPlan(user.id)?.planId).not.toBe(plan.id);
  });
});

describe("admin actions and connection tests", () => {
  it("'Marcar pago' approves once; a refunded invoice cannot be marked paid", async () => {
    const admin = await createUser({ role: "admin" });
    const { paymentId } = await invoice();
    expect(accepted(setPaymentStatusByAdmin(paymentId, "approved", admin.user.id)).status).toBe(
      "approved",
    );
    expect(accepted(setPaymentStatusByAdmin(paymentId, "approved", admin.user.id)).status).toBe(
      "approved",
    );
    accepted(setPaymentStatusByAdmin(paymentId, "refunded", admin.user.id));
    expect(setPaymentStatusByAdmin(paymentId, "approved", admin.user.id)).toMatchObject({
      ok: false,
    });
    expect(setPaymentStatusByAdmin(paymentId, "pending", admin.user.id)).toMatchObject({
      ok: false,
      reason: "not_active",
    });
  });

  it("tests each gateway's credentials against the provider", async () => {
    expect(accepted(await testMercadoPagoConnection()).account).toBeTruthy();
    expect(await testMercadoPagoConnection("TEST-wrong")).toMatchObject({
      ok: false,
      reason: "provider_failed",
    });
    expect(accepted(await testPagHiperConnection()).account).toBe(messages.payments.pagHiperTestOk);
    db().delete(gatewayConfigs).run();
    configureSimulatorGateways({
      ...sims.credentials,
      paghiper: { apiKey: sims.credentials.paghiper.apiKey, token: "WRONG" },
    });
    expect(await testPagHiperConnection()).toMatchObject({ ok: false, reason: "provider_failed" });
  });

  it("with the simulators, a configuration sealed with another key is replaced, not a failed start", () => {
    const otherKey = "ab".repeat(32);
    db()
      .update(gatewayConfigs)
      .set({
        encryptedConfig: sealSecret(
          JSON.stringify({ apiKey: "x", token: "y" }),
          otherKey,
          "paghiper",
        ),
      })
      .where(eq(gatewayConfigs.provider, "paghiper"))
      .run();
    expect(() => readGatewayConfig("paghiper")).toThrow();
    configureSimulatorGateways(sims.credentials);
    expect(readGatewayConfig("paghiper")).toEqual(sims.credentials.paghiper);
  });
});
