export const LOCALE = "pt-BR";
export const TIME_ZONE = "America/Sao_Paulo";

const brl = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "BRL" });
const integer = new Intl.NumberFormat(LOCALE);
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

export function formatInteger(value: number): string {
  return integer.format(value);
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

/** The calendar day in São Paulo as YYYY-MM-DD: the unit of the daily search allowance. */
export function saoPauloDay(value: DateInput = new Date()): string {
  return isoDay.format(toDate(value));
}

/** "há 5 minutos", "há 3 horas", "há 2 dias": minutes under 60, hours under 1440 minutes, then days. */
export function formatRelativeTime(value: DateInput, now: DateInput = new Date()): string {
  const minutes = Math.max(
    0,
    Math.floor((toDate(now).getTime() - toDate(value).getTime()) / 60_000),
  );
  if (minutes < 1) return "agora mesmo";
  if (minutes < 60) return `há ${minutes} minuto${minutes === 1 ? "" : "s"}`;
  if (minutes < 1440) {
    const hours = Math.floor(minutes / 60);
    return `há ${hours} hora${hours === 1 ? "" : "s"}`;
  }
  const days = Math.floor(minutes / 1440);
  return `há ${days} dia${days === 1 ? "" : "s"}`;
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
