import { saoPauloClock, shiftDay, startOfSaoPauloDay } from "./format";

/**
 * The hour (São Paulo wall clock, 0–23) at which the daily search credits reset. The texts that
 * tell customers when credits renew (`messages.usage.renewal`, `messages.legal`) quote it: change
 * them with it (credit-day.test.ts holds them together).
 */
export const CREDIT_RESET_HOUR = 0;

/**
 * The credit day of an instant, "YYYY-MM-DD": the São Paulo day whose allowance a search at that
 * instant spends. It starts at CREDIT_RESET_HOUR; before that hour the previous day still runs.
 * Searches are logged (`searches.day`) and charged by it, so every count of "today's searches"
 * reads it too.
 */
export function creditDay(at: Date = new Date()): string {
  const clock = saoPauloClock(at);
  const calendarDay = `${clock.year}-${clock.month}-${clock.day}`;
  return Number(clock.hour) < CREDIT_RESET_HOUR ? shiftDay(calendarDay, -1) : calendarDay;
}

/** When the credit day running at `at` ends: the next reset, when spent credits come back. */
export function creditDayEnd(at: Date = new Date()): Date {
  const next = startOfSaoPauloDay(shiftDay(creditDay(at), 1));
  return new Date(next.getTime() + CREDIT_RESET_HOUR * 3_600_000);
}
