import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import * as messages from "~/messages";
import { accept, refuse, type Outcome } from "../outcome";
import { getPreferences, savePreferences, type Preferences } from "../accounts/preferences.server";
import { publicOrigin } from "../payments/public-origin.server";

/**
 * Which preference governs which e-mails (ADR 0047): `all` is the master switch
 * (emailNotifications), `billing` the invoice, payment, PIX and plan-ending notices
 * (subscriptionAlerts), `search` the daily-searches notice (searchReminders).
 */
export const MAIL_TOPICS = ["all", "billing", "search"] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];

const PREFERENCE_OF: Record<MailTopic, keyof Preferences> = {
  all: "emailNotifications",
  billing: "subscriptionAlerts",
  search: "searchReminders",
};

/** A turn-off link keeps working this long after its message was sent. */
export const TURN_OFF_LINK_DAYS = 365;
export const TURN_OFF_PATH = "/notificacoes/desativar";

const DAY_MS = 24 * 60 * 60_000;
const VERSION = "n1";

/** Whether the account wants e-mails of `topic`: the master switch and the topic's own. */
export function wantsMail(userId: number, topic: MailTopic): boolean {
  const preferences = getPreferences(userId);
  return preferences.emailNotifications && preferences[PREFERENCE_OF[topic]];
}

/** The HMAC key of turn-off links: derived from the session secret, used for nothing else. */
const linkKey = () =>
  createHmac("sha256", env().SESSION_SECRET).update("encaixa:mail-turn-off:v1").digest();

const signature = (payload: string) =>
  createHmac("sha256", linkKey()).update(payload).digest("base64url");

/**
 * `n1.<user>.<topic>.<issued day, base 36>.<hmac>`: nothing stored, the signature proves we
 * made it for this account and topic.
 */
export function turnOffToken(userId: number, topic: MailTopic, now = new Date()): string {
  const payload = `${VERSION}.${userId}.${topic}.${Math.floor(now.getTime() / DAY_MS).toString(36)}`;
  return `${payload}.${signature(payload)}`;
}

/** The address of a message's turn-off link. */
export function turnOffUrl(userId: number, topic: MailTopic, now = new Date()): string {
  return `${publicOrigin() ?? ""}${TURN_OFF_PATH}/${turnOffToken(userId, topic, now)}`;
}

/** The account and topic a token names, or null when it is malformed, forged or expired. */
export function readTurnOffToken(
  token: string,
  now = new Date(),
): { userId: number; topic: MailTopic } | null {
  if (token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, user, topic, issued, given] = parts as [string, string, string, string, string];
  if (!/^\d{1,15}$/.test(user) || !/^[0-9a-z]{1,10}$/.test(issued)) return null;
  if (!(MAIL_TOPICS as readonly string[]).includes(topic)) return null;
  const expected = Buffer.from(signature(parts.slice(0, 4).join(".")));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
  const issuedDay = parseInt(issued, 36);
  const today = Math.floor(now.getTime() / DAY_MS);
  if (issuedDay > today + 1 || today - issuedDay > TURN_OFF_LINK_DAYS) return null;
  return { userId: Number(user), topic: topic as MailTopic };
}

export type TurnOffState = { topic: MailTopic; email: string; off: boolean };

/** What a turn-off link's page shows: whose e-mails, which kind, and whether they are off already. */
export function turnOffState(token: string, now = new Date()): Outcome<TurnOffState> {
  const read = readTurnOffToken(token, now);
  const user = read
    ? db().select({ email: users.email }).from(users).where(eq(users.id, read.userId)).get()
    : undefined;
  if (!read || !user) return refuse("invalid_reference", messages.notifications.offInvalid);
  const off = !getPreferences(read.userId)[PREFERENCE_OF[read.topic]];
  return accept({ topic: read.topic, email: user.email, off });
}

/** The link's confirmation: turns its topic's preference off (the others stay as they are). */
export function turnOffByLink(token: string, now = new Date()): Outcome<TurnOffState> {
  const state = turnOffState(token, now);
  if (!state.ok) return state;
  const { userId } = readTurnOffToken(token, now)!;
  savePreferences(userId, { ...getPreferences(userId), [PREFERENCE_OF[state.value.topic]]: false });
  return accept({ ...state.value, off: true });
}
