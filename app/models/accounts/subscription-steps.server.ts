import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { formatBRL } from "~/utils/format";
import { payments, plans, subscriptions, users, type PAYMENT_METHODS } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { isFreePlan, type Plan } from "../payments/plan.server";

/**
 * The steps a plan change is made of — making a subscription the active one, opening an invoice,
 * retiring one priced before its plan's price changed — each inside the caller's transaction.
 * subscription.server's own plumbing, not on the domain's face.
 */

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type Subscription = typeof subscriptions.$inferSelect;
export type Payment = typeof payments.$inferSelect;

export const SUBSCRIPTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function findPlan(planId: number): Plan | undefined {
  return db().select().from(plans).where(eq(plans.id, planId)).get();
}

/** Our reference for an invoice, sent to providers as external_reference. */
export function newExternalReference(): string {
  return `ENC-${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString("hex").toUpperCase()}`;
}

export function findSubscription(subscriptionId: number): Subscription | undefined {
  return db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).get();
}

export function roleOf(userId: number) {
  return db().select({ role: users.role }).from(users).where(eq(users.id, userId)).get()?.role;
}

/** A subscription waiting to be made active (`makeActive`), inside the caller's transaction. */
export function insertPendingSubscription(input: {
  userId: number;
  planId: number;
  paymentMethod: PaymentMethod;
}): Subscription {
  return db()
    .insert(subscriptions)
    .values({ ...input, status: "pending" })
    .returning()
    .get();
}

/**
 * Makes `subscriptionId` the user's only active subscription, from `now` for 30 days. Customers on a
 * paid plan become premium users; on a free plan, plain users. Runs inside the caller's transaction.
 */
export function makeActive(subscriptionId: number, now: Date) {
  const database = db();
  const subscription = findSubscription(subscriptionId)!;
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
  const role = roleOf(subscription.userId);
  if (role && role !== "admin") {
    database
      .update(users)
      .set({ role: isFreePlan(plan) ? "user" : "premium_user" })
      .where(eq(users.id, subscription.userId))
      .run();
  }
  return plan;
}

/** An upgrade's credit for the unused days of the subscription it replaces (ADR 0046). */
export type InvoiceCredit = { creditCents: number; replacesSubscriptionId: number };

/**
 * Inside the caller's transaction: a pending subscription and its pending invoice for a paid plan,
 * at the plan's price now, less an upgrade's credit (the provider is charged the rest).
 */
export function openInvoice(input: {
  userId: number;
  plan: Plan;
  paymentMethod: PaymentMethod;
  gateway: Payment["gateway"];
  credit?: InvoiceCredit | null;
}): { subscription: Subscription; payment: Payment } {
  const subscription = insertPendingSubscription({
    userId: input.userId,
    planId: input.plan.id,
    paymentMethod: input.paymentMethod,
  });
  const payment = db()
    .insert(payments)
    .values({
      userId: input.userId,
      planId: input.plan.id,
      subscriptionId: subscription.id,
      status: "pending",
      gateway: input.gateway,
      amountCents: (input.plan.priceCents ?? 0) - (input.credit?.creditCents ?? 0),
      creditCents: input.credit?.creditCents ?? 0,
      replacesSubscriptionId: input.credit?.replacesSubscriptionId ?? null,
      externalReference: newExternalReference(),
    })
    .returning()
    .get();
  return { subscription, payment };
}

/**
 * A retired invoice whose PIX PagHiper may still take: `nextCheckAt` stays set on the cancelled
 * invoice until the PIX is cancelled at PagHiper (`cancelRetiredPixes`, the payments poller).
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
export function retireStaleInvoice(stale: Payment, replacement: Payment, now: Date) {
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
      stale.externalReference,
      formatBRL(stale.amountCents),
      replacement.externalReference,
      formatBRL(replacement.amountCents),
    ),
    entity: "payment",
    entityId: replacement.id,
  });
}

/** A paid plan whose price is no longer what the invoice asks (before its credit). */
export function priceChanged(payment: Payment, plan: Plan | undefined): plan is Plan {
  return Boolean(
    plan && !isFreePlan(plan) && plan.priceCents !== payment.amountCents + payment.creditCents,
  );
}

/** An invoice whose upgrade credit is not the one `credit` (now's) gives, or none when none is due. */
export function creditChanged(payment: Payment, credit: InvoiceCredit | null): boolean {
  return (
    payment.creditCents !== (credit?.creditCents ?? 0) ||
    (credit !== null && payment.replacesSubscriptionId !== credit.replacesSubscriptionId)
  );
}
