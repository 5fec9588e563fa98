import { and, eq } from "drizzle-orm";
import { type PAYMENT_STATUSES, payments, subscriptions, users } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "./activity.server";
import { accept, refuse, type Outcome } from "./outcome";
import { activatePayment, type Payment } from "./subscription.server";

/**
 * The invoice's life (ADR 0019). Whatever reports a status — a provider webhook, the poller, a
 * sync button, an admin — goes through `applyPaymentStatus`, which takes the row lock
 * (BEGIN IMMEDIATE), asks `nextPaymentStatus` what the report may change, and starts a plan only
 * through `activatePayment`. So duplicates, replays and reorderings change nothing twice.
 */

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type StatusSource = "webhook" | "sync" | "poll" | "admin" | "expiry";

const CLOSED_UNPAID = new Set<PaymentStatus>(["rejected", "cancelled", "expired"]);

/**
 * Where an invoice in `current` goes when `reported` arrives; `null`: it stays. Approval is
 * sticky (a later pending, rejection or expiry never undoes it); only a refund or chargeback
 * follows it. A refund is final. Money that arrives after a rejection or expiry still counts.
 * The first closing word wins among rejected, cancelled and expired.
 */
export function nextPaymentStatus(
  current: PaymentStatus,
  reported: PaymentStatus,
): PaymentStatus | null {
  if (current === reported) return null;
  if (current === "refunded") return null;
  if (current === "approved") return reported === "refunded" ? "refunded" : null;
  if (reported === "approved" || reported === "refunded") return reported;
  if (current === "pending") return reported;
  // A closed unpaid invoice does not reopen from a late "pending"; reopening is `reopenForPix`.
  return null;
}

export type StatusReport = {
  status: PaymentStatus;
  source: StatusSource;
  /** The provider's own word for the status, kept for the admin screens. */
  providerStatus?: string | null;
  /** The provider's payment id (Mercado Pago payment, PagHiper transaction). */
  providerPaymentId?: string | null;
  actorId?: number | null;
};

export type StatusApplied = { payment: Payment; changed: boolean; activated: boolean };

function findPayment(paymentId: number): Payment | undefined {
  return db().select().from(payments).where(eq(payments.id, paymentId)).get();
}

export function applyPaymentStatus(
  paymentId: number,
  report: StatusReport,
  now = new Date(),
): Outcome<StatusApplied> {
  return immediateTransaction(db(), (): Outcome<StatusApplied> => {
    const database = db();
    const payment = findPayment(paymentId);
    if (!payment) return refuse("not_found", messages.payments.invoiceNotFound);
    const target = nextPaymentStatus(payment.status, report.status);

    const details: Partial<Payment> = {};
    if (report.providerStatus !== undefined) details.providerStatus = report.providerStatus;
    // The payment that decided the invoice is the one to remember (a checkout may carry several tries).
    if (report.providerPaymentId && (target !== null || !payment.providerPaymentId))
      details.providerPaymentId = report.providerPaymentId;
    if (Object.keys(details).length > 0)
      database
        .update(payments)
        .set({ ...details, updatedAt: now })
        .where(eq(payments.id, paymentId))
        .run();

    if (target === null)
      return accept({ payment: findPayment(paymentId)!, changed: false, activated: false });

    if (target === "approved") {
      const activation = activatePayment(paymentId, { actorId: report.actorId, now });
      if (!activation.ok) return activation;
      return accept({
        payment: activation.value.payment,
        changed: true,
        activated: activation.value.activated,
      });
    }

    database
      .update(payments)
      .set({ status: target, nextCheckAt: null, updatedAt: now })
      .where(eq(payments.id, paymentId))
      .run();
    if (payment.subscriptionId) {
      if (target === "refunded" && payment.status === "approved")
        endSubscriptionOfRefund(payment.subscriptionId, now);
      else if (CLOSED_UNPAID.has(target) || target === "refunded")
        database
          .update(subscriptions)
          .set({ status: target === "expired" ? "expired" : "cancelled", cancelledAt: now })
          .where(
            and(eq(subscriptions.id, payment.subscriptionId), eq(subscriptions.status, "pending")),
          )
          .run();
    }
    logActivity({
      actorId: report.actorId ?? payment.userId,
      type: "payment",
      action: messages.payments.activityStatus(payment.id, target),
      entity: "payment",
      entityId: payment.id,
    });
    return accept({ payment: findPayment(paymentId)!, changed: true, activated: false });
  });
}

/** A refund or chargeback takes back the plan this invoice started, if it is still the one in force. */
function endSubscriptionOfRefund(subscriptionId: number, now: Date) {
  const database = db();
  const ended = database
    .update(subscriptions)
    .set({ status: "cancelled", cancelledAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, "active")))
    .returning({ userId: subscriptions.userId })
    .get();
  if (!ended) return;
  database
    .update(users)
    .set({ role: "user" })
    .where(and(eq(users.id, ended.userId), eq(users.role, "premium_user")))
    .run();
}

/**
 * A customer asks for a new PIX on an invoice whose PIX expired: the invoice and its plan request
 * are open again. Only an expired invoice reopens; any other state is returned as it is.
 */
export function reopenExpiredInvoice(paymentId: number, now = new Date()): Payment | undefined {
  return immediateTransaction(db(), () => {
    const database = db();
    const payment = findPayment(paymentId);
    if (!payment || payment.status !== "expired") return payment;
    database
      .update(payments)
      .set({ status: "pending", pixCode: null, pixQr: null, expiresAt: null, updatedAt: now })
      .where(eq(payments.id, paymentId))
      .run();
    if (payment.subscriptionId)
      database
        .update(subscriptions)
        .set({ status: "pending", cancelledAt: null })
        .where(
          and(eq(subscriptions.id, payment.subscriptionId), eq(subscriptions.status, "expired")),
        )
        .run();
    return findPayment(paymentId);
  });
}
