import { and, desc, eq } from "drizzle-orm";
import { payments, subscriptions, users } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { currentPlan } from "./credits.server";
import { accept, refuse, type Outcome } from "../outcome";
import { isFreePlan, type Plan } from "../payments/plan.server";
import { bankTransferOffered, refuseUnofferedTransfer } from "../payments/bank-transfer.server";
import { quotePlanChange, scheduleDowngrade, type PlanChangeQuote } from "./plan-change.server";
import { noticeInvoiceOpened, noticePaymentApproved } from "../notifications/billing-mail.server";
import {
  creditChanged,
  findPlan,
  findSubscription,
  type InvoiceCredit,
  insertPendingSubscription,
  makeActive,
  newExternalReference,
  openInvoice,
  type Payment,
  type PaymentMethod,
  priceChanged,
  retireStaleInvoice,
  roleOf,
  type Subscription,
} from "./subscription-steps.server";

export type { Payment, PaymentMethod, Subscription } from "./subscription-steps.server";

export type SubscribeResult =
  | { kind: "activated"; subscription: Subscription }
  | { kind: "payment_required"; subscription: Subscription; payment: Payment }
  /** A downgrade while a paid period runs: `subscription` (the running one) moves at `effectiveAt`. */
  | { kind: "scheduled"; subscription: Subscription; plan: Plan; effectiveAt: Date };

/** The credit an invoice for this quote carries: an upgrade's, or none. */
function creditOf(quote: PlanChangeQuote): InvoiceCredit | null {
  return quote.kind === "upgrade"
    ? { creditCents: quote.creditCents, replacesSubscriptionId: quote.replacesSubscriptionId }
    : null;
}

export type Reissued = { payment: Payment; replaced: Payment | null };

/**
 * Before an invoice is paid: a pending or expired invoice whose plan's price changed since it was
 * made — or whose upgrade credit is not today's (ADR 0046) — is closed and a new one made at the
 * current price and credit, which is the one to pay (`replaced` is the old one). Any other invoice
 * is answered as it is (ADR 0028).
 */
export function reissueAtCurrentPrice(paymentId: number, now = new Date()): Reissued | null {
  return immediateTransaction(db(), () => {
    const database = db();
    const payment = database.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment) return null;
    if ((payment.status !== "pending" && payment.status !== "expired") || !payment.planId)
      return { payment, replaced: null };
    const plan = findPlan(payment.planId);
    if (!plan || isFreePlan(plan)) return { payment, replaced: null };
    const credit = creditOf(quotePlanChange(payment.userId, plan, now));
    if (!priceChanged(payment, plan) && !creditChanged(payment, credit))
      return { payment, replaced: null };
    const paymentMethod =
      (payment.subscriptionId
        ? database
            .select({ paymentMethod: subscriptions.paymentMethod })
            .from(subscriptions)
            .where(eq(subscriptions.id, payment.subscriptionId))
            .get()?.paymentMethod
        : null) ?? (payment.gateway === "mercadopago" ? "credit_card" : "pix");
    const opened = openInvoice({
      userId: payment.userId,
      plan,
      paymentMethod,
      gateway: payment.gateway,
      credit,
    });
    retireStaleInvoice(payment, opened.payment, now);
    return { payment: opened.payment, replaced: payment };
  });
}

/**
 * A customer's plan change. While a paid period runs, a cheaper or free plan is scheduled for the
 * period's end and a dearer one is invoiced less the unused days' credit (ADR 0046). Otherwise a
 * free plan switches at once. A paid plan creates a pending subscription and a pending invoice;
 * the current plan stays until that invoice is approved (`activatePayment`). Asking again for the
 * same paid plan reuses the invoice still pending, unless the plan's price or the credit changed
 * since: then that one is cancelled and a new one made.
 */
export function subscribe(
  input: {
    userId: number;
    planId: number;
    paymentMethod: PaymentMethod;
    gateway?: Payment["gateway"];
  },
  now = new Date(),
): Outcome<SubscribeResult> {
  const plan = findPlan(input.planId);
  // A customer cannot tell an inactive plan from a missing one: neither can be bought.
  if (!plan || plan.status !== "active")
    return refuse("not_found", messages.planChange.planNotFound);
  if (currentPlan(input.userId, now)?.planId === plan.id)
    return refuse("already_current", messages.planChange.alreadyOnPlan);
  // Transfer leads somewhere only while there is an account to send to (ADR 0044).
  if (input.paymentMethod === "bank_transfer" && !isFreePlan(plan) && !bankTransferOffered())
    return refuseUnofferedTransfer();
  return immediateTransaction(db(), (): Outcome<SubscribeResult> => {
    const database = db();
    const quote = quotePlanChange(input.userId, plan, now);
    if (quote.kind === "scheduled") {
      scheduleDowngrade({
        userId: input.userId,
        subscriptionId: quote.subscriptionId,
        plan,
        paymentMethod: input.paymentMethod,
        effectiveAt: quote.effectiveAt,
        now,
      });
      return accept({
        kind: "scheduled",
        subscription: findSubscription(quote.subscriptionId)!,
        plan,
        effectiveAt: quote.effectiveAt,
      });
    }
    const credit = creditOf(quote);
    if (isFreePlan(plan)) {
      const subscription = insertPendingSubscription({
        userId: input.userId,
        planId: plan.id,
        paymentMethod: input.paymentMethod,
      });
      makeActive(subscription.id, now);
      logActivity({
        actorId: input.userId,
        type: "subscription",
        action: messages.planChange.activityChanged(plan.name),
        entity: "subscription",
        entityId: subscription.id,
      });
      return accept({ kind: "activated", subscription: findSubscription(subscription.id)! });
    }
    const pending = database
      .select({ subscription: subscriptions, payment: payments })
      .from(subscriptions)
      .innerJoin(payments, eq(payments.subscriptionId, subscriptions.id))
      .where(
        and(
          eq(subscriptions.userId, input.userId),
          eq(subscriptions.planId, plan.id),
          eq(subscriptions.status, "pending"),
          eq(payments.status, "pending"),
        ),
      )
      .orderBy(desc(payments.id))
      .get();
    if (pending && !priceChanged(pending.payment, plan) && !creditChanged(pending.payment, credit))
      return accept({ kind: "payment_required", ...pending });
    const { subscription, payment } = openInvoice({
      userId: input.userId,
      plan,
      paymentMethod: input.paymentMethod,
      gateway: input.gateway ?? "manual",
      credit,
    });
    if (pending) retireStaleInvoice(pending.payment, payment, now);
    logActivity({
      actorId: input.userId,
      type: "subscription",
      action: messages.planChange.activityRequested(plan.name, payment.externalReference),
      entity: "payment",
      entityId: payment.id,
    });
    // A credit that pays the whole price leaves nothing to charge: the invoice is paid now.
    if (payment.amountCents === 0) {
      const approved = activatePayment(payment.id, { actorId: input.userId, now });
      if (!approved.ok) return approved;
      return accept({ kind: "activated", subscription: findSubscription(subscription.id)! });
    }
    noticeInvoiceOpened(payment.id);
    return accept({ kind: "payment_required", subscription, payment });
  });
}

/**
 * The one place a paid plan starts: approves a pending invoice and activates its subscription.
 * Called by the payment webhook, a sync, or an admin's "Marcar pago"; calling it again for the
 * same invoice changes nothing and returns `activated: false`.
 */
export function activatePayment(
  paymentId: number,
  options: { actorId?: number | null; now?: Date } = {},
): Outcome<{ activated: boolean; payment: Payment }> {
  const now = options.now ?? new Date();
  return immediateTransaction(db(), () => {
    const database = db();
    const payment = database.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment) return refuse("not_found", messages.api.notFound);
    if (payment.status === "approved") return accept({ activated: false, payment });
    // Money given back is final: approving it again would hand out a plan nobody paid for.
    if (payment.status === "refunded")
      return refuse("not_active", messages.payments.refundedIsFinal);
    database
      .update(payments)
      .set({ status: "approved", paidAt: now, nextCheckAt: null, updatedAt: now })
      .where(eq(payments.id, paymentId))
      .run();
    let planName = "";
    if (payment.subscriptionId) planName = makeActive(payment.subscriptionId, now).name;
    logActivity({
      actorId: options.actorId ?? payment.userId,
      type: "payment",
      action: messages.payments.activityApproved(payment.externalReference, planName),
      entity: "payment",
      entityId: payment.id,
    });
    noticePaymentApproved(payment.id);
    return accept({
      activated: true,
      payment: database.select().from(payments).where(eq(payments.id, paymentId)).get()!,
    });
  });
}

/**
 * An admin gives a customer a plan: it is active at once. A paid plan records an approved manual
 * invoice, so revenue and the customer's history show it.
 */
export function assignPlanByAdmin(
  input: { userId: number; planId: number; paymentMethod: PaymentMethod; actorId: number },
  now = new Date(),
): Outcome<{ subscriptionId: number; paymentId: number | null }> {
  const m = messages.customersAdmin;
  const plan = findPlan(input.planId);
  if (!plan) return refuse("invalid_reference", m.planNotFound, "planId");
  if (plan.status !== "active") return refuse("inactive", m.planInactive, "planId");
  return immediateTransaction(db(), () => {
    const database = db();
    const subscription = insertPendingSubscription({
      userId: input.userId,
      planId: plan.id,
      paymentMethod: input.paymentMethod,
    });
    let paymentId: number | null = null;
    if (!isFreePlan(plan)) {
      paymentId = database
        .insert(payments)
        .values({
          userId: input.userId,
          planId: plan.id,
          subscriptionId: subscription.id,
          status: "approved",
          gateway: "manual",
          amountCents: plan.priceCents ?? 0,
          externalReference: newExternalReference(),
          paidAt: now,
        })
        .returning({ id: payments.id })
        .get().id;
    }
    makeActive(subscription.id, now);
    logActivity({
      actorId: input.actorId,
      type: "subscription",
      action: messages.customersAdmin.activityPlanAssigned(plan.name, input.userId),
      entity: "subscription",
      entityId: subscription.id,
    });
    return accept({ subscriptionId: subscription.id, paymentId });
  });
}

/** Ends an active subscription; the customer falls back to the default daily searches. */
export function cancelSubscription(
  input: { subscriptionId: number; actorId: number },
  now = new Date(),
): Outcome<null> {
  return immediateTransaction(db(), () => {
    const database = db();
    const subscription = findSubscription(input.subscriptionId);
    if (!subscription || subscription.status !== "active")
      return refuse("not_active", messages.customersAdmin.noActiveSubscription);
    database
      .update(subscriptions)
      .set({ status: "cancelled", cancelledAt: now })
      .where(eq(subscriptions.id, subscription.id))
      .run();
    if (roleOf(subscription.userId) === "premium_user")
      database.update(users).set({ role: "user" }).where(eq(users.id, subscription.userId)).run();
    logActivity({
      actorId: input.actorId,
      type: "subscription",
      action: messages.customersAdmin.activitySubscriptionCancelled(subscription.id),
      entity: "subscription",
      entityId: subscription.id,
    });
    return accept(null);
  });
}

/** The latest invoice of a user, for the profile's subscription tab. */
export function latestPayment(userId: number): Payment | undefined {
  return db()
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.id))
    .get();
}

export function activeSubscriptionId(userId: number): number | null {
  return (
    db()
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")))
      .orderBy(desc(subscriptions.id))
      .get()?.id ?? null
  );
}

/** Pending invoices of a user by plan: the settings page says which plan is waiting for payment. */
/** Each plan's pending invoice of the user, by its reference (the number the customer sees). */
export function pendingInvoicesByPlan(userId: number): Record<number, string> {
  const rows = db()
    .select({ reference: payments.externalReference, planId: payments.planId })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, "pending")))
    .all();
  return Object.fromEntries(
    rows.filter((r) => r.planId !== null).map((r) => [r.planId!, r.reference]),
  );
}
