import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { mailOutbox, plans, subscriptions, userPreferences } from "~db/schema";
import { db } from "~/utils/db.server";
import { formatDateTime } from "~/utils/format";
import * as messages from "~/messages";
import { appUrl, notify } from "./notify.server";

/**
 * "Your plan ends in 7 days / in 1 day" (ADR 0047). The job that sends them ticks hourly; each
 * notice is keyed by the subscription and its end, so repeated runs, two processes, or a renewal's
 * new end each send exactly what is due once. A subscription first seen with a day or less left
 * gets only the 1-day notice; the texts name the real count of days and the end's date.
 */

const m = messages.notifications;
const DAY_MS = 24 * 60 * 60_000;
const scheduledPlans = alias(plans, "scheduled_plans");

export const PLAN_ENDING_NOTICES = [
  { days: 1, kind: "plan_ending_1", key: "plan-ending-1" },
  { days: 7, kind: "plan_ending_7", key: "plan-ending-7" },
] as const;

type Ending = {
  subscriptionId: number;
  userId: number;
  planName: string;
  /** The cheaper plan the customer scheduled for the end of this period, if any (ADR 0046). */
  scheduledPlanName: string | null;
  expiresAt: Date;
  notice: (typeof PLAN_ENDING_NOTICES)[number];
  eventKey: string;
};

/** Active paid subscriptions inside a notice's window whose notice is not in the outbox yet. */
export function plansEndingSoon(now = new Date()): Ending[] {
  const widest = Math.max(...PLAN_ENDING_NOTICES.map((notice) => notice.days));
  const rows = db()
    .select({
      subscriptionId: subscriptions.id,
      userId: subscriptions.userId,
      planName: plans.name,
      scheduledPlanName: scheduledPlans.name,
      expiresAt: subscriptions.expiresAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(scheduledPlans, eq(scheduledPlans.id, subscriptions.scheduledPlanId))
    .leftJoin(userPreferences, eq(userPreferences.userId, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, "active"),
        gt(subscriptions.expiresAt, now),
        lte(subscriptions.expiresAt, new Date(now.getTime() + widest * DAY_MS)),
        // Accounts that said no never become due, so the job stays idle for them.
        sql`coalesce(${userPreferences.emailNotifications}, 1) = 1`,
        sql`coalesce(${userPreferences.subscriptionAlerts}, 1) = 1`,
      ),
    )
    .limit(500)
    .all();
  const endings = rows.map((row) => {
    const expiresAt = row.expiresAt!;
    const left = expiresAt.getTime() - now.getTime();
    const notice = PLAN_ENDING_NOTICES.find((n) => left <= n.days * DAY_MS)!;
    const eventKey = `${notice.key}:${row.subscriptionId}:${expiresAt.toISOString()}`;
    return { ...row, expiresAt, notice, eventKey };
  });
  if (endings.length === 0) return [];
  const sent = new Set(
    db()
      .select({ key: mailOutbox.eventKey })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.eventKey,
          endings.map((ending) => ending.eventKey),
        ),
      )
      .all()
      .map((row) => row.key),
  );
  return endings.filter((ending) => !sent.has(ending.eventKey));
}

/** Whether the plan-ending job has anything to send (a cheap check before enqueueing it). */
export function hasPlanEndingNotices(now = new Date()): boolean {
  return plansEndingSoon(now).length > 0;
}

async function queuePlanEnding(ending: Ending, now: Date): Promise<boolean> {
  const days = Math.max(1, Math.ceil((ending.expiresAt.getTime() - now.getTime()) / DAY_MS));
  return notify(
    {
      userId: ending.userId,
      topic: "billing",
      eventKey: ending.eventKey,
      kind: ending.notice.kind,
      layout: (appName) => ({
        subject: m.planEndingSubject(appName, ending.planName, days),
        heading: m.planEndingHeading(days),
        paragraphs: ending.scheduledPlanName
          ? [
              m.planEndingScheduledIntro(
                ending.planName,
                formatDateTime(ending.expiresAt),
                ending.scheduledPlanName,
              ),
              m.planEndingScheduledHint,
            ]
          : [
              m.planEndingIntro(ending.planName, formatDateTime(ending.expiresAt)),
              m.planEndingHint,
            ],
        action: { label: m.planEndingAction, url: appUrl("/settings") },
      }),
    },
    now,
  );
}

/** Queues every plan-ending notice due now; one failing account does not stop the others. */
export async function queuePlanEndingNotices(
  now = new Date(),
): Promise<{ queued: number; failed: number }> {
  let queued = 0;
  let failed = 0;
  for (const ending of plansEndingSoon(now)) {
    try {
      if (await queuePlanEnding(ending, now)) queued++;
    } catch (error) {
      failed++;
      console.error(m.queueFailed(ending.eventKey), error);
    }
  }
  return { queued, failed };
}
