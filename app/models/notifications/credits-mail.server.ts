import { creditDay } from "~/utils/credit-day";
import * as messages from "~/messages";
import type { CreditStats } from "../accounts/credits.server";
import { afterCommit, appUrl, notify } from "./notify.server";

/**
 * "You used 90 % of today's searches" (ADR 0047), governed by "search reminders": at most once a
 * credit day (`credits-90:<user>:<day>`), never for unlimited accounts.
 */

const m = messages.notifications;

/** The share of the daily allowance whose use is told. */
export const CREDITS_NOTICE_SHARE = 0.9;

/**
 * Whether a charge that left `stats` crossed the share: the searches charged today reach it and
 * are still within the allowance (past it, extra credits are being spent and the day's notice
 * either went or was not wanted). Pure arithmetic: the search pays nothing more below the line.
 */
export function creditsNoticeDue(stats: Pick<CreditStats, "chargedToday" | "dailyAllowance">) {
  const { chargedToday, dailyAllowance } = stats;
  if (dailyAllowance <= 0) return false;
  return (
    chargedToday >= Math.ceil(dailyAllowance * CREDITS_NOTICE_SHARE) &&
    chargedToday <= dailyAllowance
  );
}

export async function queueCreditsMail(
  userId: number,
  stats: Pick<CreditStats, "chargedToday" | "dailyAllowance">,
  now = new Date(),
): Promise<boolean> {
  if (!creditsNoticeDue(stats)) return false;
  return notify(
    {
      userId,
      topic: "search",
      eventKey: `credits-90:${userId}:${creditDay(now)}`,
      kind: "credits_90",
      layout: (appName) => ({
        subject: m.creditsSubject(appName),
        heading: m.creditsHeading,
        paragraphs: [m.creditsIntro(stats.chargedToday, stats.dailyAllowance), m.creditsHint],
        action: { label: m.creditsAction, url: appUrl("/settings") },
      }),
    },
    now,
  );
}

/**
 * After a metered search charged a credit (its transaction over): queues the day's notice when the
 * charge crossed the share. Never throws and never waits: the search answers as before.
 */
export function noticeCreditsUsed(
  userId: number,
  stats: Pick<CreditStats, "chargedToday" | "dailyAllowance">,
  now = new Date(),
): void {
  if (!creditsNoticeDue(stats)) return;
  afterCommit(`credits-90:${userId}`, () => queueCreditsMail(userId, stats, now));
}
