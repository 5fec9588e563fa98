import { createHash } from "node:crypto";
import { and, count, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { mailOutbox, type MailAttachmentRecord } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";

const m = messages.mail;

/** What kinds of message the app sends; each has its row in the README's table. */
export type MailKind = "welcome" | "password_reset" | (string & {});

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type QueuedMailInput = {
  /** One message per event, ever: "welcome:12", "password-reset:34". */
  eventKey: string;
  kind: MailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

/** The outbox keeps attachments in the row; a receipt PDF is tens of KB, this bounds the rest. */
export const MAX_ATTACHMENTS_BYTES = 2 * 1024 * 1024;

/** A message left "sending" this long was abandoned by a process that died mid-send. */
export const SENDING_STALE_MS = 10 * 60_000;

/** A message still "queued" this long lost its job (Redis was down, the process stopped). */
export const QUEUED_STALE_MS = 60_000;

type Dispatch = (outboxId: number) => Promise<void>;
let dispatch: Dispatch | undefined;

/**
 * The job layer says how a queued message reaches the runner (models sit below the jobs): both
 * the web process and the worker register it when they load the app's jobs.
 */
export function onMailQueued(next: Dispatch): void {
  dispatch = next;
}

/**
 * Puts a message in the outbox and hands it to the mail job; never sends in the caller's request.
 * An event key already in the outbox (this process or another, now or long ago) adds nothing:
 * `queued` is false and no second message goes out.
 */
export async function queueMail(input: QueuedMailInput): Promise<{ id: number; queued: boolean }> {
  const attachments = (input.attachments ?? []).map(toRecord);
  const bytes = (input.attachments ?? []).reduce((sum, file) => sum + file.content.length, 0);
  if (bytes > MAX_ATTACHMENTS_BYTES) {
    throw new Error(
      m.attachmentTooLarge(input.attachments?.[0]?.filename ?? "", MAX_ATTACHMENTS_BYTES / 1024),
    );
  }
  const inserted = db()
    .insert(mailOutbox)
    .values({
      eventKey: input.eventKey,
      kind: input.kind,
      to: input.to,
      subject: input.subject,
      html: input.html,
      text: input.text,
      attachments,
    })
    .onConflictDoNothing({ target: mailOutbox.eventKey })
    .returning({ id: mailOutbox.id })
    .get();
  if (!inserted) {
    const existing = db()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.eventKey, input.eventKey))
      .get();
    return { id: existing?.id ?? 0, queued: false };
  }
  await dispatchQueued(inserted.id);
  return { id: inserted.id, queued: true };
}

/** Whether an event already has its message in the outbox (queued, sent or failed). */
export function mailEventQueued(eventKey: string): boolean {
  return (
    db()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.eventKey, eventKey))
      .get() !== undefined
  );
}

/** A lost hand-over leaves the message queued; the mail sweep hands it over again. */
async function dispatchQueued(id: number) {
  try {
    await dispatch?.(id);
  } catch (error) {
    console.error(m.enqueueFailed(id), error);
  }
}

function toRecord(file: MailAttachment): MailAttachmentRecord {
  return {
    filename: file.filename,
    contentType: file.contentType,
    contentBase64: file.content.toString("base64"),
  };
}

export type OutboxMail = typeof mailOutbox.$inferSelect;

/**
 * Takes a message for sending, atomically: only one process sends it at a time. A queued or
 * failed message is taken; one "sending" only when its sender is long gone (SENDING_STALE_MS).
 */
export function claimMail(id: number, now = new Date()): OutboxMail | undefined {
  const staleBefore = new Date(now.getTime() - SENDING_STALE_MS);
  return db()
    .update(mailOutbox)
    .set({ status: "sending", attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(mailOutbox.id, id),
        or(
          inArray(mailOutbox.status, ["queued", "failed"]),
          and(eq(mailOutbox.status, "sending"), lt(mailOutbox.updatedAt, staleBefore)),
        ),
      ),
    )
    .returning()
    .get();
}

export function markMailSent(id: number, messageId: string, now = new Date()): void {
  db()
    .update(mailOutbox)
    .set({ status: "sent", messageId, sentAt: now, lastError: null, updatedAt: now })
    .where(eq(mailOutbox.id, id))
    .run();
}

/** A failed try: back to "queued" for the runner's next one, or "failed" after the last. */
export function markMailFailed(
  id: number,
  error: string,
  { final }: { final: boolean },
  now = new Date(),
): void {
  db()
    .update(mailOutbox)
    .set({ status: final ? "failed" : "queued", lastError: error.slice(0, 1000), updatedAt: now })
    .where(eq(mailOutbox.id, id))
    .run();
}

/**
 * One outbox row, as the tests read it.
 * @internal
 */
export function outboxMail(id: number): OutboxMail | undefined {
  return db().select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();
}

export function attachmentsOf(mail: OutboxMail): MailAttachment[] {
  return mail.attachments.map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    content: Buffer.from(file.contentBase64, "base64"),
  }));
}

/**
 * The same Message-ID on every try of one event, so a resend after a crash mid-send is one
 * message to the receivers that deduplicate on it.
 */
export function mailMessageId(eventKey: string, fromAddress: string): string {
  const domain = fromAddress.split("@")[1]?.replace(/[>\s].*$/, "") || "encaixa.local";
  const digest = createHash("sha256").update(eventKey).digest("hex").slice(0, 32);
  return `<${digest}@${domain}>`;
}

/** How long a sent message keeps its body and attachments (support reads them for a while). */
export const SENT_BODY_KEPT_DAYS = 30;

/**
 * Empties the body and attachments of messages sent more than SENT_BODY_KEPT_DAYS ago, keeping
 * the row: its event key is what stops the event from ever sending twice, so it must stay. The
 * receipts attached to "payment approved" are what makes the outbox grow.
 */
export function compactSentMail(now = new Date()): number {
  const sentBefore = new Date(now.getTime() - SENT_BODY_KEPT_DAYS * 24 * 60 * 60_000);
  return db()
    .update(mailOutbox)
    .set({ html: "", text: "", attachments: [] })
    .where(
      and(
        eq(mailOutbox.status, "sent"),
        lt(mailOutbox.sentAt, sentBefore),
        or(sql`${mailOutbox.html} <> ''`, sql`${mailOutbox.attachments} <> '[]'`),
      ),
    )
    .run().changes;
}

/** Queued messages whose hand-over to the runner was lost, and "sending" ones abandoned. */
export function strandedMailIds(now = new Date()): number[] {
  const queuedBefore = new Date(now.getTime() - QUEUED_STALE_MS);
  const sendingBefore = new Date(now.getTime() - SENDING_STALE_MS);
  return db()
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, "queued"), lt(mailOutbox.updatedAt, queuedBefore)),
        and(eq(mailOutbox.status, "sending"), lt(mailOutbox.updatedAt, sendingBefore)),
      ),
    )
    .limit(100)
    .all()
    .map((row) => row.id);
}

export type OutboxHealth = {
  /** Waiting or being sent. */
  queued: number;
  /** Out of tries; an admin should look at the SMTP server. */
  failed: number;
  lastFailure: { at: Date; error: string } | null;
};

/** The outbox as the dashboard's Sistema tab shows it. */
export function outboxHealth(): OutboxHealth {
  const rows = db()
    .select({ status: mailOutbox.status, total: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ["queued", "sending", "failed"]))
    .groupBy(mailOutbox.status)
    .all();
  const total = (status: string) => rows.find((row) => row.status === status)?.total ?? 0;
  const last = db()
    .select({ at: mailOutbox.updatedAt, error: mailOutbox.lastError })
    .from(mailOutbox)
    .where(sql`${mailOutbox.lastError} IS NOT NULL`)
    .orderBy(desc(mailOutbox.updatedAt))
    .limit(1)
    .get();
  return {
    queued: total("queued") + total("sending"),
    failed: total("failed"),
    lastFailure: last?.error ? { at: last.at, error: last.error } : null,
  };
}
