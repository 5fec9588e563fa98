import * as messages from "~/messages";
import { formatBytes, formatInteger, LOCALE } from "~/messages/locale/numbers";

// The texts write numbers too, so these live with them, on the floor below (ADR 0041).
export { formatBytes, formatInteger, LOCALE };
export const TIME_ZONE = "America/Sao_Paulo";

const brl = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "BRL" });
const date = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: "short" });
const longDate = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: "long" });
const dateTime = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  dateStyle: "short",
  timeStyle: "short",
});
const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** R$ from cents: 4990 → "R$ 49,90". */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}

type DateInput = Date | number | string;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

export function formatDate(value: DateInput): string {
  return date.format(toDate(value));
}

export function formatLongDate(value: DateInput): string {
  return longDate.format(toDate(value));
}

export function formatDateTime(value: DateInput): string {
  return dateTime.format(toDate(value));
}

/** The calendar day in São Paulo as YYYY-MM-DD (the day credits are spent by is `creditDay`). */
export function saoPauloDay(value: DateInput = new Date()): string {
  return isoDay.format(toDate(value));
}

/** "há 5 minutos", "há 3 horas", "há 2 dias": minutes under 60, hours under 1440 minutes, then days. */
export function formatRelativeTime(value: DateInput, now: DateInput = new Date()): string {
  const minutes = Math.max(
    0,
    Math.floor((toDate(now).getTime() - toDate(value).getTime()) / 60_000),
  );
  const m = messages.format;
  if (minutes < 1) return m.justNow;
  if (minutes < 60) return m.minutesAgo(minutes);
  if (minutes < 1440) return m.hoursAgo(Math.floor(minutes / 60));
  return m.daysAgo(Math.floor(minutes / 1440));
}

/** Initials for an avatar: "Maria da Silva" → "MS". */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 2 || /^[A-ZÀ-Ú]/.test(w));
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return picked.map((w) => w[0]!.toUpperCase()).join("") || "?";
}

const clockParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export type ClockParts = Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;

/** The wall clock in São Paulo at an instant, each part zero-padded: {year: "2026", month: "04", …}. */
export function saoPauloClock(at: Date): ClockParts {
  const parts: Record<string, string> = {};
  for (const part of clockParts.formatToParts(at)) parts[part.type] = part.value;
  return parts as ClockParts;
}

/** São Paulo's offset from UTC at an instant, in minutes (−180 since 2019). */
function saoPauloOffsetMinutes(at: Date): number {
  const clock = saoPauloClock(at);
  const local = Date.UTC(
    Number(clock.year),
    Number(clock.month) - 1,
    Number(clock.day),
    Number(clock.hour),
    Number(clock.minute),
  );
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a São Paulo calendar day ("YYYY-MM-DD") starts. */
export function startOfSaoPauloDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  const guess = new Date(utcMidnight - saoPauloOffsetMinutes(new Date(utcMidnight)) * 60_000);
  return new Date(utcMidnight - saoPauloOffsetMinutes(guess) * 60_000);
}

/** The calendar month in São Paulo as YYYY-MM. */
export function saoPauloMonth(value: DateInput = new Date()): string {
  return saoPauloDay(value).slice(0, 7);
}

/** "YYYY-MM-DD" moved by whole days; the calendar day itself, no time zone involved. */
export function shiftDay(day: string, deltaDays: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + deltaDays)).toISOString().slice(0, 10);
}

/** "YYYY-MM" moved by whole months. */
export function shiftMonth(month: string, deltaMonths: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + deltaMonths, 1)).toISOString().slice(0, 7);
}

const monthLabel = new Intl.DateTimeFormat(LOCALE, {
  timeZone: "UTC",
  month: "short",
  year: "2-digit",
});
/** "2026-11" → "nov. de 26". */
export function formatMonth(month: string): string {
  return monthLabel.format(new Date(`${month}-01T12:00:00Z`));
}

const dayMonth = new Intl.DateTimeFormat(LOCALE, {
  timeZone: "UTC",
  day: "2-digit",
  month: "2-digit",
});
/** "2026-11-24" → "24/11". */
export function formatDayMonth(day: string): string {
  return dayMonth.format(new Date(`${day}T12:00:00Z`));
}

/** 12.345 → "12,3": one decimal, pt-BR. */
export function formatDecimal(value: number, digits = 1): string {
  return new Intl.NumberFormat(LOCALE, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A percentage, one decimal: 45.67 → "45,7%". */
export function formatPercent(percent: number, digits = 1): string {
  return `${formatDecimal(percent, digits)}%`;
}

/** 93784 s → "1d 2h 3min": the two or three largest units that are not zero. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const parts = [days && `${days}d`, hours && `${hours}h`, `${minutes}min`].filter(Boolean);
  return total < 60 ? `${total}s` : parts.join(" ");
}
