import { and, eq } from "drizzle-orm";
import { activity, type PAYMENT_STATUSES, payments, plans, subscriptions, users } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { accept, refuse, type Outcome } from "../outcome";
import { activatePayment, type Payment } from "../accounts/subscription.server";
import { noticeInvoiceExpired } from "../notifications/billing-mail.server";

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
 * follows it. A refund is final. Money that arrives after a rejection or expiry still counts;
 * after a cancellation it does not (ADR 0028). The first closing word wins among rejected,
 * cancelled and expired.
 */
export function nextPaymentStatus(
  current: PaymentStatus,
  reported: PaymentStatus,
): PaymentStatus | null {
  if (current === reported) return null;
  if (current === "refunded") return null;
  if (current === "approved") return reported === "refunded" ? "refunded" : null;
  // A cancelled invoice is closed for good: money paid on it is a discrepancy for the admins
  // (ADR 0028), never an approval.
  if (current === "cancelled" && reported === "approved") return null;
  if (reported === "approved" || reported === "refunded") return reported;
  if (current === "pending") return reported;
  // A closed unpaid invoice does not reopen from a late "pending"; reopening is `reopenForPix`.
  return null;
}

/** The only currency an invoice is priced in. */
export const INVOICE_CURRENCY = "BRL";
/** The activity type of a provider payment that did not match its invoice (ADR 0028). */
export const DISCREPANCY_ACTIVITY = "payment_mismatch";

/**
 * What the provider says was paid, as it said it: the amount in cents (null when it is not a whole
 * number of cents), the currency, and for Mercado Pago whether the money went to our account.
 */
export type PaidEvidence = {
  amountCents: number | null;
  currency: string | null;
  /** The account that received the money (Mercado Pago's collector_id) and whether it is ours. */
  receiver?: { ours: boolean; id: string | null };
  /** Who said it, for the record: "Mercado Pago, pagamento 123". */
  label: string;
};

/** Reais as Mercado Pago writes them (199.9) in cents, or null when not a whole number of cents. */
export function centsOf(reais: number): number | null {
  if (!Number.isFinite(reais)) return null;
  const cents = Math.round(reais * 100);
  return Math.abs(reais * 100 - cents) < 1e-6 ? cents : null;
}

/**
 * Why a provider's payment does not pay this invoice, or null when it does: the same amount in
 * cents, exactly, in BRL, received by our own account.
 */
export function paymentDiscrepancy(
  invoice: Pick<Payment, "amountCents">,
  paid: PaidEvidence | undefined,
): string | null {
  const m = messages.payments;
  if (!paid) return m.discrepancyUnknownAmount;
  if (paid.currency !== INVOICE_CURRENCY) return m.discrepancyCurrency(paid.currency);
  if (paid.amountCents !== invoice.amountCents)
    return m.discrepancyAmount(
      paid.amountCents === null ? m.unreadableAmount : formatBRL(paid.amountCents),
      formatBRL(invoice.amountCents),
    );
  if (paid.receiver && !paid.receiver.ours) return m.discrepancyReceiver(paid.receiver.id);
  return null;
}

/**
 * Why a provider's approval does not pay this closed invoice, or null when it may (ADR 0028): a
 * cancelled invoice is never approved by a provider (it was retired at a new price, or closed),
 * nor an expired one whose plan's price has changed since — the customer pays the new invoice.
 */
function closedInvoiceDiscrepancy(
  invoice: Pick<Payment, "status" | "planId" | "amountCents" | "creditCents">,
  paid: PaidEvidence | undefined,
): string | null {
  const m = messages.payments;
  const received =
    paid?.amountCents === null || paid?.amountCents === undefined
      ? m.unreadableAmount
      : formatBRL(paid.amountCents);
  if (invoice.status === "cancelled") return m.paidCancelledInvoice(received);
  if (invoice.status !== "expired" || !invoice.planId) return null;
  const plan = db()
    .select({ priceCents: plans.priceCents })
    .from(plans)
    .where(eq(plans.id, invoice.planId))
    .get();
  // The plan's price is what the invoice asks before an upgrade's credit (ADR 0046).
  if (!plan?.priceCents || plan.priceCents === invoice.amountCents + invoice.creditCents)
    return null;
  return m.paidRepricedInvoice(received, formatBRL(plan.priceCents));
}

/**
 * Records, once per invoice and wording, a provider payment that did not match it: the admin
 * invoice screens show it from the activity log.
 */
export function recordPaymentDiscrepancy(
  invoice: Pick<Payment, "id" | "userId">,
  discrepancy: string,
  label: string,
) {
  const action = messages.payments.discrepancyRecord(discrepancy, label);
  const seen = db()
    .select({ id: activity.id })
    .from(activity)
    .where(
      and(
        eq(activity.type, DISCREPANCY_ACTIVITY),
        eq(activity.entity, "payment"),
        eq(activity.entityId, String(invoice.id)),
        eq(activity.action, action),
      ),
    )
    .get();
  if (seen) return;
  logActivity({
    actorId: invoice.userId,
    type: DISCREPANCY_ACTIVITY,
    action,
    entity: "payment",
    entityId: invoice.id,
  });
}

export type StatusReport = {
  status: PaymentStatus;
  source: StatusSource;
  /**
   * What the provider says was paid. A provider's report (webhook, sync, poll) that carries it
   * changes the invoice only when it matches; one that approves must carry it.
   */
  paid?: PaidEvidence;
  /** The provider's own word for the status, kept for the admin screens. */
  providerStatus?: string | null;
  /** The provider's payment id (Mercado Pago payment, PagHiper transaction). */
  providerPaymentId?: string | null;
  actorId?: number | null;
};

export type StatusApplied = {
  payment: Payment;
  changed: boolean;
  activated: boolean;
  /** Set when the provider's payment did not match the invoice (which then did not change). */
  discrepancy?: string;
};

const FROM_PROVIDER = new Set<StatusSource>(["webhook", "sync", "poll"]);

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
    // A payment of another amount, currency or account says nothing about this invoice (ADR 0028).
    const checked =
      FROM_PROVIDER.has(report.source) && (report.paid || report.status === "approved");
    const discrepancy = checked ? paymentDiscrepancy(payment, report.paid) : null;
    if (discrepancy) {
      if (report.status === "approved")
        recordPaymentDiscrepancy(payment, discrepancy, report.paid?.label ?? report.source);
      return accept({ payment, changed: false, activated: false, discrepancy });
    }
    // Money on an invoice that was closed for good: recorded for the admins, nothing changes.
    const closed =
      FROM_PROVIDER.has(report.source) && report.status === "approved"
        ? closedInvoiceDiscrepancy(payment, report.paid)
        : null;
    if (closed) {
      recordPaymentDiscrepancy(payment, closed, report.paid?.label ?? report.source);
      return accept({ payment, changed: false, activated: false, discrepancy: closed });
    }
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
      action: messages.payments.activityStatus(payment.externalReference, target),
      entity: "payment",
      entityId: payment.id,
    });
    if (target === "expired") noticeInvoiceExpired(payment.id);
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
