import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import { payments } from "~db/schema";
import { PagHiperError } from "~/integrations/paghiper/client.server";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { applyPaymentStatus, type PaymentStatus } from "./payment.server";
import type { Payment } from "../accounts/subscription.server";
import { askProvider, FIRST_CHECK_MS, pagHiper } from "./providers.server";

/**
 * The poller: asks the providers about pending invoices with a backoff, expires PIX codes past
 * their time, and cancels at PagHiper the live PIX of retired invoices.
 */

/** A Mercado Pago checkout link stays valid this long; the poller stops asking after it. */
export const CHECKOUT_VALIDITY_DAYS = 3;

const MAX_CHECK_INTERVAL_MS = 30 * 60_000;

function nextCheckDelay(attempts: number): number {
  return Math.min(FIRST_CHECK_MS * 2 ** attempts, MAX_CHECK_INTERVAL_MS);
}

const dueFilter = (now: Date) =>
  and(
    eq(payments.status, "pending"),
    inArray(payments.gateway, ["mercadopago", "paghiper_pix"]),
    or(isNotNull(payments.providerPaymentId), isNotNull(payments.checkoutId)),
    or(isNull(payments.nextCheckAt), lte(payments.nextCheckAt, now)),
  );

/**
 * A cancelled invoice whose PIX is still to be cancelled at PagHiper (retired at a new price,
 * ADR 0028): `nextCheckAt` stays set until PagHiper has it cancelled. `now`: only those due.
 */
const retiredPixFilter = (now?: Date) =>
  and(
    eq(payments.status, "cancelled"),
    eq(payments.gateway, "paghiper_pix"),
    isNotNull(payments.providerPaymentId),
    now ? lte(payments.nextCheckAt, now) : isNotNull(payments.nextCheckAt),
  );

/** Tries to cancel a retired invoice's PIX this many times (backing off) before giving up. */
const RETIRED_PIX_ATTEMPTS = 10;

/**
 * Cancels at PagHiper the live PIX of retired invoices — a customer's (all of them, now), or
 * with no customer those due (the poller). Best effort: a PagHiper outage leaves the mark for
 * a later try; the invoice itself stays cancelled whatever is later paid on it (ADR 0028).
 */
export async function cancelRetiredPixes(userId: number | null, now = new Date()): Promise<number> {
  const retired = db()
    .select()
    .from(payments)
    .where(
      userId === null
        ? retiredPixFilter(now)
        : and(eq(payments.userId, userId), retiredPixFilter()),
    )
    .limit(50)
    .all();
  let cancelled = 0;
  for (const payment of retired) {
    const done = await cancelPixQuietly(payment);
    if (done) cancelled++;
    const attempts = payment.checkAttempts + 1;
    db()
      .update(payments)
      .set({
        checkAttempts: attempts,
        nextCheckAt:
          done || attempts >= RETIRED_PIX_ATTEMPTS
            ? null
            : new Date(now.getTime() + nextCheckDelay(attempts)),
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "cancelled")))
      .run();
  }
  return cancelled;
}

/** Whether the poller has anything to ask a provider now (a cheap check before enqueueing it). */
export function hasPaymentsToCheck(now = new Date()): boolean {
  return (
    db()
      .select({ id: payments.id })
      .from(payments)
      .where(or(dueFilter(now), retiredPixFilter(now)))
      .limit(1)
      .get() !== undefined
  );
}

export type ReconcileReport = {
  checked: number;
  approved: number;
  closed: number;
  stillPending: number;
  failed: number;
};

/**
 * One pass of the poller: asks the providers about pending invoices that are due, with a
 * backoff per invoice (15 s doubling up to 30 min), expires PIX codes past their time (cancelling
 * them at PagHiper first, unless they were paid meanwhile) and stops asking about checkout links
 * past their validity. Safe to run twice at once: every change goes through `applyPaymentStatus`.
 */
export async function reconcilePendingPayments(
  now = new Date(),
  limit = 50,
): Promise<ReconcileReport> {
  const due = db()
    .select()
    .from(payments)
    .where(dueFilter(now))
    .orderBy(asc(payments.nextCheckAt))
    .limit(limit)
    .all();
  const report: ReconcileReport = {
    checked: 0,
    approved: 0,
    closed: 0,
    stillPending: 0,
    failed: 0,
  };
  // Live PIXes of invoices retired at a new price, not yet cancelled at PagHiper (ADR 0028).
  await cancelRetiredPixes(null, now);
  for (const payment of due) {
    report.checked++;
    try {
      const said = await askProvider(payment, now);
      let status: PaymentStatus = said?.status ?? "pending";
      if (
        status === "pending" &&
        payment.gateway === "paghiper_pix" &&
        payment.expiresAt &&
        payment.expiresAt <= now
      ) {
        await cancelPixQuietly(payment);
        status = "expired";
      }
      if (status !== "pending") {
        const fromProvider = said?.status === status;
        const applied = applyPaymentStatus(
          payment.id,
          {
            status,
            providerStatus: said?.providerStatus,
            providerPaymentId: said?.providerPaymentId,
            paid: fromProvider ? said.paid : undefined,
            source: fromProvider ? "poll" : "expiry",
          },
          now,
        );
        if (applied.ok && applied.value.payment.status === "approved") report.approved++;
        else if (applied.ok && applied.value.discrepancy) {
          // Money that does not pay the invoice: it stays pending, and is asked about again.
          report.stillPending++;
          scheduleNextCheck(payment, now);
        } else report.closed++;
        continue;
      }
      report.stillPending++;
      scheduleNextCheck(payment, now);
    } catch (error) {
      // PagHiper no longer knows a PIX past its time (a refusal, not an outage): it cannot be paid.
      const pastDue =
        payment.gateway === "paghiper_pix" && payment.expiresAt && payment.expiresAt <= now;
      if (pastDue && error instanceof PagHiperError && error.responseMessage !== undefined) {
        applyPaymentStatus(payment.id, { status: "expired", source: "expiry" }, now);
        report.closed++;
        continue;
      }
      report.failed++;
      console.error(messages.payments.logCheckFailed(payment.id), error);
      scheduleNextCheck(payment, now);
    }
  }
  return report;
}

/**
 * Cancels the invoice's PIX at PagHiper, never throwing. True when PagHiper has it cancelled or
 * refuses to (already paid, cancelled or unknown: nothing left to cancel); false when it could
 * not be asked.
 */
async function cancelPixQuietly(payment: Payment): Promise<boolean> {
  const gateway = pagHiper();
  if (!gateway.ok || !payment.providerPaymentId) return false;
  try {
    await gateway.value.client.cancel(payment.providerPaymentId);
    return true;
  } catch (error) {
    // A refusal about the charge (paid, cancelled, unknown) leaves nothing to cancel; one about
    // our credentials is an outage like any other.
    if (
      error instanceof PagHiperError &&
      error.responseMessage !== undefined &&
      !/token|apikey|api key|credencia/i.test(error.responseMessage)
    )
      return true;
    console.error(messages.payments.logPixCancelFailed(payment.id), error);
    return false;
  }
}

function scheduleNextCheck(payment: Payment, now: Date) {
  const checkoutOver =
    payment.gateway === "mercadopago" &&
    now.getTime() - payment.createdAt.getTime() > CHECKOUT_VALIDITY_DAYS * 86_400_000;
  db()
    .update(payments)
    .set({
      checkAttempts: payment.checkAttempts + 1,
      nextCheckAt: checkoutOver
        ? null
        : new Date(now.getTime() + nextCheckDelay(payment.checkAttempts + 1)),
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
    .run();
}
