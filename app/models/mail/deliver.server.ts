import { sendMail } from "~/integrations/mail/client.server";
import { env } from "~/utils/env.server";
import * as messages from "~/messages";
import { catchMail, mailCatcherEnabled } from "./catcher.server";
import {
  attachmentsOf,
  claimMail,
  mailMessageId,
  markMailFailed,
  markMailSent,
} from "./outbox.server";

const m = messages.mail;

/** Tries per message, the first included: with the runner's doubling backoff, about a minute. */
export const MAIL_ATTEMPTS = 6;

export type DeliveryResult =
  | { status: "sent"; messageId: string }
  /** Sent already, or being sent by another process: nothing to do. */
  | { status: "skipped" };

/**
 * Sends one outbox message: takes it (one process at a time), sends it through SMTP or into the
 * local catcher, and records the outcome. A failure is recorded (tries, error) and thrown, so the
 * runner tries again with its backoff; after the last try the message stays "failed".
 */
export async function deliverMail(
  id: number,
  { attempt, attempts = MAIL_ATTEMPTS }: { attempt: number; attempts?: number },
): Promise<DeliveryResult> {
  const mail = claimMail(id);
  if (!mail) return { status: "skipped" };
  const { SMTP_URL, MAIL_FROM } = env();
  try {
    if (!SMTP_URL && !mailCatcherEnabled()) throw new Error(m.noSmtpInProduction);
    const sent = await sendMail(
      {
        from: MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mailMessageId(mail.eventKey, MAIL_FROM),
        attachments: attachmentsOf(mail),
      },
      SMTP_URL,
    );
    if (sent.raw) catchMail({ to: mail.to, subject: mail.subject, raw: sent.raw });
    markMailSent(id, sent.messageId);
    return { status: "sent", messageId: sent.messageId };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    markMailFailed(id, reason, { final: attempt >= attempts });
    throw error;
  }
}
