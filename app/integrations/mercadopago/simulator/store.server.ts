import { randomUUID } from "node:crypto";
import {
  mercadoPagoDate,
  type MercadoPagoPayment,
  type MercadoPagoPaymentStatus,
} from "../client.server";
import { signWebhook } from "../signature";
import type {
  MercadoPagoSimulatorOptions,
  Mutable,
  PaymentOutcome,
  PaymentOverrides,
  SimulatedPayment,
  SimulatedPaymentMoves,
  SimulatedPreference,
  WebhookDelivery,
} from "./types";

/**
 * What the Mercado Pago simulator remembers — preferences, payments, the notifications it sent —
 * and what changes it: a payment made or moved to another status, each announced by a webhook
 * signed as Mercado Pago signs them.
 */

const DEFAULT_USER_ID = 1_234_567_890;
const WEBHOOK_TIMEOUT_MS = 22_000;
export const SITE_ID = "MLB";

const STATUS_DETAIL: Record<MercadoPagoPaymentStatus, string> = {
  pending: "pending_waiting_transfer",
  approved: "accredited",
  authorized: "pending_capture",
  in_process: "pending_review_manual",
  in_mediation: "in_mediation",
  rejected: "cc_rejected_other_reason",
  cancelled: "by_collector",
  refunded: "refunded",
  charged_back: "settled",
};

const toCents = (reais: number) => Math.round(reais * 100);

export function isExpired(preference: SimulatedPreference): boolean {
  return (
    preference.expirationDateTo !== null && Date.parse(preference.expirationDateTo) < Date.now()
  );
}

export type MercadoPagoStore = SimulatedPaymentMoves & {
  /** The seller's account id. */
  readonly userId: number;
  readonly preferencesById: Map<string, SimulatedPreference>;
  readonly preferenceByIdempotencyKey: Map<string, string>;
  readonly paymentsById: ReadonlyMap<string, SimulatedPayment>;
  /** The next merchant order id, for a preference being created. */
  takeMerchantOrderId(): number;
  /** A payment as the REST API answers it. */
  paymentJson(payment: SimulatedPayment): Record<string, unknown>;
};

export function createMercadoPagoStore(options: MercadoPagoSimulatorOptions): MercadoPagoStore {
  const userId = options.userId ?? DEFAULT_USER_ID;
  const webhookTimeoutMs = options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const deliver = options.fetch ?? fetch;
  const preferencesById = new Map<string, SimulatedPreference>();
  const preferenceByIdempotencyKey = new Map<string, string>();
  const paymentsById = new Map<string, Mutable<SimulatedPayment>>();
  const notifications: Mutable<WebhookDelivery>[] = [];
  // Time-based starts, so ids stay unique across restarts of an in-memory simulator.
  let nextPaymentId = Date.now();
  let nextNotificationId = Date.now() * 10;
  let nextMerchantOrderId = Math.floor(Date.now() / 100);

  function paymentJson(payment: SimulatedPayment): Record<string, unknown> {
    const preference = preferencesById.get(payment.preferenceId);
    const refunded = payment.status === "refunded" || payment.status === "charged_back";
    return {
      id: Number(payment.id),
      date_created: payment.dateCreated,
      date_approved: payment.dateApproved,
      date_last_updated: payment.dateLastUpdated,
      money_release_date: payment.dateApproved,
      operation_type: "regular_payment",
      payment_method_id: payment.paymentMethodId,
      payment_type_id: payment.paymentTypeId,
      status: payment.status,
      status_detail: payment.statusDetail,
      currency_id: payment.currencyId,
      description: payment.description,
      live_mode: false,
      collector_id: payment.collectorId,
      payer: { email: payment.payerEmail, type: "guest" },
      metadata: {},
      order: { id: String(preference?.merchantOrderId ?? ""), type: "mercadopago" },
      external_reference: payment.externalReference,
      transaction_amount: payment.transactionAmount,
      transaction_amount_refunded: refunded ? payment.transactionAmount : 0,
      installments: 1,
      transaction_details: {
        total_paid_amount: payment.transactionAmount,
        net_received_amount: payment.transactionAmount,
        installment_amount: payment.transactionAmount,
      },
      notification_url: preference?.notificationUrl ?? null,
      statement_descriptor: preference?.body.statement_descriptor ?? null,
    };
  }

  function clientShape(payment: SimulatedPayment): MercadoPagoPayment {
    return {
      id: payment.id,
      status: payment.status,
      statusDetail: payment.statusDetail,
      externalReference: payment.externalReference,
      transactionAmount: payment.transactionAmount,
      currencyId: payment.currencyId,
      collectorId: String(payment.collectorId),
      dateApproved: payment.dateApproved,
      paymentMethodId: payment.paymentMethodId,
      paymentTypeId: payment.paymentTypeId,
      liveMode: false,
    };
  }

  async function send(delivery: Mutable<WebhookDelivery>): Promise<void> {
    try {
      const response = await deliver(delivery.url, {
        method: "POST",
        headers: delivery.headers,
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(webhookTimeoutMs),
      });
      delivery.status = response.status;
      await response.body?.cancel();
    } catch {
      // Mercado Pago records a delivery nobody answered as failed; so does the tester page.
      delivery.status = null;
    }
  }

  /** A delivery as Mercado Pago makes it: data.id and type in the query, signed per attempt. */
  function signedDelivery(paymentId: string, target: string, body: unknown) {
    const url = new URL(target);
    url.searchParams.append("data.id", paymentId);
    url.searchParams.append("type", "payment");
    const requestId = randomUUID();
    const signature = signWebhook({
      secret: options.webhookSecret,
      dataId: paymentId,
      requestId,
      ts: Math.floor(Date.now() / 1000),
    });
    const delivery: Mutable<WebhookDelivery> = {
      paymentId,
      url: url.toString(),
      headers: {
        "content-type": "application/json",
        "x-signature": signature,
        "x-request-id": requestId,
      },
      body,
      status: null,
    };
    notifications.push(delivery);
    return delivery;
  }

  async function notify(payment: SimulatedPayment, action: "payment.created" | "payment.updated") {
    const target = preferencesById.get(payment.preferenceId)?.notificationUrl;
    if (!target) return;
    const body = {
      id: nextNotificationId++,
      live_mode: false,
      type: "payment",
      date_created: mercadoPagoDate(new Date()),
      user_id: userId,
      api_version: "v1",
      action,
      data: { id: payment.id },
    };
    await send(signedDelivery(payment.id, target, body));
  }

  async function pay(
    preferenceId: string,
    outcome: PaymentOutcome,
    overrides: PaymentOverrides = {},
  ): Promise<MercadoPagoPayment> {
    const preference = preferencesById.get(preferenceId);
    if (!preference) throw new Error(`preference ${preferenceId} not found`);
    if (isExpired(preference)) throw new Error(`preference ${preferenceId} expired`);
    const now = mercadoPagoDate(new Date());
    const byPix = outcome === "pending";
    const status: MercadoPagoPaymentStatus = outcome;
    const amount =
      overrides.amountCents ??
      toCents(preference.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0));
    const payment: Mutable<SimulatedPayment> = {
      id: String(nextPaymentId++),
      preferenceId,
      status,
      statusDetail: STATUS_DETAIL[status],
      externalReference: preference.externalReference,
      transactionAmount: amount / 100,
      currencyId: overrides.currencyId ?? "BRL",
      collectorId: overrides.collectorId ?? userId,
      description: preference.items[0]?.title ?? "",
      paymentMethodId: byPix ? "pix" : "master",
      paymentTypeId: byPix ? "bank_transfer" : "credit_card",
      payerEmail: preference.payerEmail,
      dateCreated: now,
      dateApproved: status === "approved" ? now : null,
      dateLastUpdated: now,
    };
    paymentsById.set(payment.id, payment);
    await notify(payment, "payment.created");
    return clientShape(payment);
  }

  async function setStatus(paymentId: string, status: MercadoPagoPaymentStatus): Promise<void> {
    const payment = paymentsById.get(paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const now = mercadoPagoDate(new Date());
    payment.status = status;
    payment.statusDetail =
      status === "rejected" && payment.paymentTypeId !== "credit_card"
        ? "rejected_by_bank"
        : STATUS_DETAIL[status];
    if (status === "approved" && !payment.dateApproved) payment.dateApproved = now;
    payment.dateLastUpdated = now;
    await notify(payment, "payment.updated");
  }

  async function resend(paymentId: string): Promise<void> {
    const payment = paymentsById.get(paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const last = notifications.findLast((delivery) => delivery.paymentId === paymentId);
    if (!last) return notify(payment, "payment.updated");
    // A retry of the same notification: same body (and id), a new request id and signature.
    const target = preferencesById.get(payment.preferenceId)?.notificationUrl;
    if (!target) return;
    await send(signedDelivery(paymentId, target, last.body));
  }

  return {
    userId,
    preferencesById,
    preferenceByIdempotencyKey,
    paymentsById,
    notifications,
    takeMerchantOrderId: () => nextMerchantOrderId++,
    paymentJson,
    pay,
    setStatus,
    resend,
  };
}
