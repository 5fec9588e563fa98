import { randomBytes } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { formatBRL } from "~/utils/format";
import { payments, plans, subscriptions, users, type PAYMENT_METHODS } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { currentPlan } from "./credits.server";
import { accept, refuse, type Outcome } from "../outcome";
import { isFreePlan, type Plan } from "../payments/plan.server";

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type Subscription = typeof subscriptions.$inferSelect;
export type Payment = typeof payments.$inferSelect;

export const SUBSCRIPTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

function findPlan(planId: number): Plan | undefined {
  return db().select().from(plans).where(eq(plans.id, planId)).get();
}

/** Our reference for an invoice, sent to providers as external_reference. */
export function newExternalReference(): string {
  return `ENC-${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString("hex").toUpperCase()}`;
}

/**
 * Makes `subscriptionId` the user's only active subscription, from `now` for 30 days. Customers on a
 * paid plan become premium users; on a free plan, plain users. Runs inside the caller's transaction.
 */
function makeActive(subscriptionId: number, now: Date) {
  const database = db();
  const subscription = database
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .get()!;
  const plan = findPlan(subscription.planId)!;
  database
    .update(subscriptions)
    .set({ status: "cancelled", cancelledAt: now })
    .where(
      and(
        eq(subscriptions.userId, subscription.userId),
        eq(subscriptions.status, "active"),
        ne(subscriptions.id, subscriptionId),
      ),
    )
    .run();
  database
    .update(subscriptions)
    .set({
      status: "active",
      startedAt: now,
      expiresAt: isFreePlan(plan) ? null : new Date(now.getTime() + SUBSCRIPTION_DAYS * DAY_MS),
      cancelledAt: null,
    })
    .where(eq(subscriptions.id, subscriptionId))
    .run();
  const user = database
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, subscription.userId))
    .get();
  if (user && user.role !== "admin") {
    database
      .update(users)
      .set({ role: isFreePlan(plan) ? "user" : "premium_user" })
      .where(eq(users.id, subscription.userId))
      .run();
  }
  return plan;
}

export type SubscribeResult =
  | { kind: "activated"; subscription: Subscription }
  | { kind: "payment_required"; subscription: Subscription; payment: Payment };

/**
 * Inside the caller's transaction: a pending subscription and its pending invoice for a paid plan,
 * at the plan's price now.
 */
function openInvoice(input: {
  userId: number;
  plan: Plan;
  paymentMethod: PaymentMethod;
  gateway: Payment["gateway"];
}): { subscription: Subscription; payment: Payment } {
  const database = db();
  const subscription = database
    .insert(subscriptions)
    .values({
      userId: input.userId,
      planId: input.plan.id,
      status: "pending",
      paymentMethod: input.paymentMethod,
    })
    .returning()
    .get();
  const payment = database
    .insert(payments)
    .values({
      userId: input.userId,
      planId: input.plan.id,
      subscriptionId: subscription.id,
      status: "pending",
      gateway: input.gateway,
      amountCents: input.plan.priceCents ?? 0,
      externalReference: newExternalReference(),
    })
    .returning()
    .get();
  return { subscription, payment };
}

/**
 * A retired invoice whose PIX PagHiper may still take: `nextCheckAt` stays set on the cancelled
 * invoice until the PIX is cancelled at PagHiper (`cancelRetiredPixes`, payment-gateway).
 */
export function hasPixToCancel(payment: Pick<Payment, "gateway" | "providerPaymentId">): boolean {
  return payment.gateway === "paghiper_pix" && payment.providerPaymentId !== null;
}

/**
 * Inside the caller's transaction: an invoice priced before its plan's price changed is closed —
 * cancelled while pending (an expired one stays expired), with its pending plan request — and
 * `replacement` recorded as the one to pay (ADR 0028). A live PIX of it is left marked for
 * cancelling at PagHiper (`nextCheckAt` now), which whoever retired it does next, or the poller.
 */
function retireStaleInvoice(stale: Payment, replacement: Payment, now: Date) {
  const database = db();
  database
    .update(payments)
    .set({ status: "cancelled", nextCheckAt: hasPixToCancel(stale) ? now : null, updatedAt: now })
    .where(and(eq(payments.id, stale.id), eq(payments.status, "pending")))
    .run();
  if (stale.subscriptionId)
    database
      .update(subscriptions)
      .set({ status: "cancelled", cancelledAt: now })
      .where(and(eq(subscriptions.id, stale.subscriptionId), eq(subscriptions.status, "pending")))
      .run();
  logActivity({
    actorId: stale.userId,
    type: "payment",
    action: messages.payments.repriced(
      stale.id,
      formatBRL(stale.amountCents),
      replacement.id,
      formatBRL(replacement.amountCents),
    ),
    entity: "payment",
    entityId: replacement.id,
  });
}

/** A paid plan whose price is no longer what the invoice asks. */
function priceChanged(payment: Payment, plan: Plan | undefined): plan is Plan {
  return Boolean(plan && !isFreePlan(plan) && plan.priceCents !== payment.amountCents);
}

export type Reissued = { payment: Payment; replaced: Payment | null };

/**
 * Before an invoice is paid: a pending or expired invoice whose plan's price changed since it was
 * made is closed and a new one made at the current price, which is the one to pay (`replaced` is
 * the old one). Any other invoice is answered as it is (ADR 0028).
 */
export function reissueAtCurrentPrice(paymentId: number, now = new Date()): Reissued | null {
  return immediateTransaction(db(), () => {
    const database = db();
    const payment = database.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment) return null;
    if ((payment.status !== "pending" && payment.status !== "expired") || !payment.planId)
      return { payment, replaced: null };
    const plan = findPlan(payment.planId);
    if (!priceChanged(payment, plan)) return { payment, replaced: null };
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
    });
    retireStaleInvoice(payment, opened.payment, now);
    return { payment: opened.payment, replaced: payment };
  });
}

/**
 * A customer's plan change. A free plan switches at once. A paid plan creates a pending
 * subscription and a pending invoice; the current plan stays until that invoice is approved
 * (`activatePayment`). Asking again for the same paid plan reuses the invoice still pending,
 * unless the plan's price changed since: then that one is cancelled and a new one made.
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
  return immediateTransaction(db(), (): Outcome<SubscribeResult> => {
    const database = db();
    if (isFreePlan(plan)) {
      const subscription = database
        .insert(subscriptions)
        .values({
          userId: input.userId,
          planId: plan.id,
          status: "pending",
          paymentMethod: input.paymentMethod,
        })
        .returning()
        .get();
      makeActive(subscription.id, now);
      logActivity({
        actorId: input.userId,
        type: "subscription",
        action: messages.planChange.activityChanged(plan.name),
        entity: "subscription",
        entityId: subscription.id,
      });
      return accept({
        kind: "activated",
        subscription: database
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, subscription.id))
          .get()!,
      });
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
    if (pending && !priceChanged(pending.payment, plan))
      return accept({ kind: "payment_required", ...pending });
    const { subscription, payment } = openInvoice({
      userId: input.userId,
      plan,
      paymentMethod: input.paymentMethod,
      gateway: input.gateway ?? "manual",
    });
    if (pending) retireStaleInvoice(pending.payment, payment, now);
    logActivity({
      actorId: input.userId,
      type: "subscription",
      action: messages.planChange.activityRequested(plan.name, payment.id),
      entity: "payment",
      entityId: payment.id,
    });
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
      action: messages.payments.activityApproved(payment.id, planName),
      entity: "payment",
      entityId: payment.id,
    });
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
    const subscription = database
      .insert(subscriptions)
      .values({
        userId: input.userId,
        planId: plan.id,
        status: "pending",
        paymentMethod: input.paymentMethod,
      })
      .returning()
      .get();
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
    const subscription = database
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, input.subscriptionId))
      .get();
    if (!subscription || subscription.status !== "active")
      return refuse("not_active", messages.customersAdmin.noActiveSubscription);
    database
      .update(subscriptions)
      .set({ status: "cancelled", cancelledAt: now })
      .where(eq(subscriptions.id, subscription.id))
      .run();
    const user = database
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, subscription.userId))
      .get();
    if (user?.role === "premium_user")
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
export function pendingInvoicesByPlan(userId: number): Record<number, number> {
  const rows = db()
    .select({ id: payments.id, planId: payments.planId })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, "pending")))
    .all();
  return Object.fromEntries(rows.filter((r) => r.planId !== null).map((r) => [r.planId!, r.id]));
}
