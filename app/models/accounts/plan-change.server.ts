import { and, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { payments, plans, subscriptions } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import { formatDate } from "~/utils/format";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { accept, refuse, type Outcome } from "../outcome";
import { isFreePlan, type Plan } from "../payments/plan.server";
import { currentPlan } from "./credits.server";
import {
  findPlan,
  insertPendingSubscription,
  makeActive,
  openInvoice,
  type PaymentMethod,
} from "./subscription-steps.server";

/**
 * Fair plan changes while a paid period runs (ADR 0046). An upgrade is charged the new price less
 * a credit for the unused whole days of the period paid for; a downgrade (a cheaper or free plan)
 * charges nothing now and waits, scheduled, for the period's end.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days left of a period at `now`, counted in the customer's favour: a day begun is a day
 * unused (the exact time left, in 24-hour days, rounded up), never more than the period's days.
 */
export function unusedDays(
  period: { startedAt: Date; expiresAt: Date },
  now: Date,
): { daysLeft: number; periodDays: number } {
  const periodMs = period.expiresAt.getTime() - period.startedAt.getTime();
  const periodDays = Math.max(1, Math.round(periodMs / DAY_MS));
  const leftMs = period.expiresAt.getTime() - now.getTime();
  if (leftMs <= 0) return { daysLeft: 0, periodDays };
  return { daysLeft: Math.min(periodDays, Math.ceil(leftMs / DAY_MS)), periodDays };
}

/**
 * The credit for the unused days: days left × price paid ÷ days in the period, in whole cents
 * rounded up (the customer's favour), never below zero nor above the new plan's price.
 */
export function prorationCredit(input: {
  paidCents: number;
  daysLeft: number;
  periodDays: number;
  newPriceCents: number;
}): number {
  const paid = Math.max(0, Math.floor(input.paidCents));
  const periodDays = Math.max(1, Math.floor(input.periodDays));
  const daysLeft = Math.min(periodDays, Math.max(0, Math.floor(input.daysLeft)));
  const credit = Math.ceil((daysLeft * paid) / periodDays);
  return Math.max(0, Math.min(credit, Math.max(0, Math.floor(input.newPriceCents))));
}

/** What asking for `plan` does now. */
export type PlanChangeQuote =
  /** No paid period runs: a free plan switches at once, a paid one is invoiced at its price. */
  | { kind: "switch"; priceCents: number }
  /** A dearer plan while a paid period runs: invoiced at its price less the unused days' credit. */
  | {
      kind: "upgrade";
      priceCents: number;
      creditCents: number;
      amountDueCents: number;
      replacesSubscriptionId: number;
    }
  /** A cheaper or free plan while a paid period runs: waits for the period's end. */
  | { kind: "scheduled"; priceCents: number; subscriptionId: number; effectiveAt: Date };

/** What was paid for a subscription's period: its approved invoice's price, credit included. */
function paidForPeriod(subscriptionId: number): number {
  const row = db()
    .select({ amountCents: payments.amountCents, creditCents: payments.creditCents })
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.status, "approved")))
    .orderBy(desc(payments.id))
    .get();
  // A period no invoice paid for (none kept) credits nothing.
  return row ? row.amountCents + row.creditCents : 0;
}

export function quotePlanChange(
  userId: number,
  plan: Pick<Plan, "priceCents">,
  now = new Date(),
): PlanChangeQuote {
  const priceCents = plan.priceCents ?? 0;
  const current = currentPlan(userId, now);
  if (!current?.priceCents || !current.expiresAt || !current.startedAt)
    return { kind: "switch", priceCents };
  if (isFreePlan(plan) || priceCents <= current.priceCents)
    return {
      kind: "scheduled",
      priceCents,
      subscriptionId: current.subscriptionId,
      effectiveAt: current.expiresAt,
    };
  const { daysLeft, periodDays } = unusedDays(
    { startedAt: current.startedAt, expiresAt: current.expiresAt },
    now,
  );
  const creditCents = prorationCredit({
    paidCents: paidForPeriod(current.subscriptionId),
    daysLeft,
    periodDays,
    newPriceCents: priceCents,
  });
  return {
    kind: "upgrade",
    priceCents,
    creditCents,
    amountDueCents: priceCents - creditCents,
    replacesSubscriptionId: current.subscriptionId,
  };
}

/**
 * Inside the caller's transaction: the downgrade to `plan` is recorded on the running
 * subscription, replacing any other one scheduled there.
 */
export function scheduleDowngrade(input: {
  userId: number;
  subscriptionId: number;
  plan: Plan;
  paymentMethod: PaymentMethod;
  effectiveAt: Date;
  now: Date;
}) {
  db()
    .update(subscriptions)
    .set({
      scheduledPlanId: input.plan.id,
      scheduledPaymentMethod: input.paymentMethod,
      scheduledAt: input.now,
    })
    .where(eq(subscriptions.id, input.subscriptionId))
    .run();
  logActivity({
    actorId: input.userId,
    type: "subscription",
    action: messages.planChange.activityScheduled(input.plan.name, formatDate(input.effectiveAt)),
    entity: "subscription",
    entityId: input.subscriptionId,
  });
}

export type ScheduledPlanChange = {
  subscriptionId: number;
  planId: number;
  planName: string;
  effectiveAt: Date;
  isFree: boolean;
};

/** The downgrade waiting on the user's running paid period, if any. */
export function scheduledPlanChange(userId: number, now = new Date()): ScheduledPlanChange | null {
  const current = currentPlan(userId, now);
  if (!current?.expiresAt) return null;
  const row = db()
    .select({ planId: plans.id, planName: plans.name, priceCents: plans.priceCents })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.scheduledPlanId))
    .where(eq(subscriptions.id, current.subscriptionId))
    .get();
  if (!row) return null;
  return {
    subscriptionId: current.subscriptionId,
    planId: row.planId,
    planName: row.planName,
    effectiveAt: current.expiresAt,
    isFree: isFreePlan(row),
  };
}

/** The customer keeps their plan: the downgrade waiting on the running period is dropped. */
export function cancelScheduledPlanChange(userId: number, now = new Date()): Outcome<null> {
  return immediateTransaction(db(), (): Outcome<null> => {
    const scheduled = scheduledPlanChange(userId, now);
    if (!scheduled) return refuse("not_active", messages.planChange.noScheduledChange);
    db()
      .update(subscriptions)
      .set({ scheduledPlanId: null, scheduledPaymentMethod: null, scheduledAt: null })
      .where(eq(subscriptions.id, scheduled.subscriptionId))
      .run();
    logActivity({
      actorId: userId,
      type: "subscription",
      action: messages.planChange.activityScheduleCancelled(scheduled.planName),
      entity: "subscription",
      entityId: scheduled.subscriptionId,
    });
    return accept(null);
  });
}

const dueCondition = (now: Date) =>
  and(
    eq(subscriptions.status, "active"),
    isNotNull(subscriptions.scheduledPlanId),
    lte(subscriptions.expiresAt, now),
  );

/** Whether some paid period with a downgrade waiting on it has ended (the schedule's `due`). */
export function hasDueScheduledPlanChanges(now = new Date()): boolean {
  return Boolean(
    db().select({ id: subscriptions.id }).from(subscriptions).where(dueCondition(now)).get(),
  );
}

/**
 * Every downgrade whose period has ended takes effect, each once: the ended subscription is
 * marked expired (so a second run, or another process, finds nothing), then a free plan starts
 * at the period's end and a paid one gets its invoice, to start when paid like any paid plan.
 * `userId` limits it to one customer (their settings page applies theirs as it opens).
 */
export function applyDueScheduledPlanChanges(now = new Date(), userId?: number): number {
  return immediateTransaction(db(), () => {
    const database = db();
    const due = database
      .update(subscriptions)
      .set({ status: "expired" })
      .where(
        and(dueCondition(now), userId === undefined ? sql`1` : eq(subscriptions.userId, userId)),
      )
      .returning()
      .all();
    for (const ended of due) {
      const plan = findPlan(ended.scheduledPlanId!);
      if (!plan || plan.status !== "active") continue;
      const paymentMethod = ended.scheduledPaymentMethod ?? ended.paymentMethod;
      if (isFreePlan(plan)) {
        const next = insertPendingSubscription({
          userId: ended.userId,
          planId: plan.id,
          paymentMethod,
        });
        makeActive(next.id, ended.expiresAt ?? now);
      } else {
        openInvoice({ userId: ended.userId, plan, paymentMethod, gateway: "manual" });
      }
      logActivity({
        actorId: ended.userId,
        type: "subscription",
        action: messages.planChange.activityScheduleApplied(plan.name),
        entity: "subscription",
        entityId: ended.id,
      });
    }
    return due.length;
  });
}
