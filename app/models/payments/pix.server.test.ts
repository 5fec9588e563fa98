import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { gatewayConfigs } from "~db/schema";
import { isValidBrCode } from "~/utils/brcode";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { accepted, createUser } from "../../../tests/support/factories";
import {
  CPF,
  delivered,
  invoice,
  row,
  sims,
  transactionOf,
  withGatewaySimulators,
} from "../../../tests/support/gateway-model";
import { currentPlan } from "../accounts/credits.server";
import { startCheckout } from "./checkout.server";
import { readGatewayConfig } from "./gateway-config.server";
import { PIX_VALIDITY_MINUTES, startPix } from "./pix.server";
import { hasPaymentsToCheck, reconcilePendingPayments } from "./poller.server";
import { syncPayment } from "./sync.server";
import { receivePagHiperNotification } from "./webhooks.server";

withGatewaySimulators();

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
    // The payer's CPF is kept on the invoice (digits), for its receipt.
    expect(row(paymentId).payerTaxId).toBe("12345678909");
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
