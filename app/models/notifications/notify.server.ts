import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import {
  mailEventQueued,
  mailIdentity,
  queueMail,
  renderMail,
  type MailAttachment,
  type MailLayout,
} from "../mail/index.server";
import { publicOrigin } from "../payments/public-origin.server";
import { turnOffUrl, wantsMail, type MailTopic } from "./turn-off-link.server";

const m = messages.notifications;

export type Notification = {
  userId: number;
  topic: MailTopic;
  /** One message per event, ever: "invoice-created:12". */
  eventKey: string;
  kind: string;
  /** The layout without greeting and turn-off link, which every notification gets here. */
  layout: (appName: string) => Omit<MailLayout, "footnotes"> & { footnotes?: string[] };
  attachments?: () => Promise<MailAttachment[]>;
};

/** This app's address, for the links in a message. */
export const appUrl = (path: string) => `${publicOrigin() ?? ""}${path}`;

/**
 * Queues one notification for its event, unless the account turned its kind (or all e-mail) off;
 * a greeting opens it and its last line is the link that turns its kind off. True when queued now.
 */
export async function notify(notification: Notification, now = new Date()): Promise<boolean> {
  const { userId, topic } = notification;
  if (!wantsMail(userId, topic)) return false;
  // Events repeat (every search past 90 %, a webhook and the poller on one payment): an event
  // already told costs one lookup, not a rendered message and a receipt PDF thrown away.
  if (mailEventQueued(notification.eventKey)) return false;
  const user = db()
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) return false;
  const layout = notification.layout(mailIdentity().appName);
  const attachments = notification.attachments ? await notification.attachments() : undefined;
  const { queued } = await queueMail({
    eventKey: notification.eventKey,
    kind: notification.kind,
    to: user.email,
    ...renderMail({
      ...layout,
      paragraphs: [m.greeting(user.name), ...layout.paragraphs],
      footnotes: [...(layout.footnotes ?? []), m.turnOff(topic, turnOffUrl(userId, topic, now))],
    }),
    ...(attachments ? { attachments } : {}),
  });
  return queued;
}

/**
 * A notification from where its event happens, usually inside that event's transaction: it runs
 * once the current synchronous work (the transaction, committed or rolled back) is over, reads the
 * state then (a rolled-back event finds nothing to tell), and never throws into the payment,
 * search or job that caused it: an error is logged. The caller does not wait for it.
 */
export function afterCommit(eventKey: string, send: () => Promise<unknown>): void {
  const running = new Promise<void>((resolve) => {
    setImmediate(() => resolve(notifyQuietly(eventKey, send)));
  });
  inFlight.add(running);
  void running.finally(() => inFlight.delete(running));
}

const inFlight = new Set<Promise<void>>();

/**
 * Resolves once every notification started by `afterCommit` has been queued (or failed).
 * @internal Tests wait for it.
 */
export async function notificationsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

async function notifyQuietly(eventKey: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    console.error(m.queueFailed(eventKey), error);
  }
}
