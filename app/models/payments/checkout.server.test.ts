import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { gatewayConfigs } from "~db/schema";
import { signWebhook } from "~/integrations/mercadopago/signature";
import { sealSecret } from "~/utils/secret-box.server";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { accepted, createUser } from "../../../tests/support/factories";
import {
  invoice,
  ORIGIN,
  row,
  sims,
  withGatewaySimulators,
} from "../../../tests/support/gateway-model";
import { currentPlan } from "../accounts/credits.server";
import { startCheckout } from "./checkout.server";
import { testMercadoPagoConnection, testPagHiperConnection } from "./connection-tests.server";
import { configureSimulatorGateways, readGatewayConfig } from "./gateway-config.server";
import { setPaymentStatusByAdmin, syncPayment } from "./sync.server";
import { receiveMercadoPagoNotification } from "./webhooks.server";

withGatewaySimulators();

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
