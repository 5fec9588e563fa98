import { desc, eq } from "drizzle-orm";
import { mailSimMessages } from "~db/schema";
import { simulatorEnabled } from "~/integrations/simulator-server.server";
import { db } from "~/utils/db.server";

/**
 * The local catcher: without SMTP_URL, each message is kept whole (RFC 822, as nodemailer built
 * it) in the database the web and worker processes share, and /mail-sim shows it. Off in
 * production (on under `npm start`), like the payment simulators.
 */
export function mailCatcherEnabled(): boolean {
  return simulatorEnabled(undefined);
}

/** The catcher keeps the newest messages; older ones go as new ones come. */
const CATCHER_KEEPS = 500;

export function catchMail(message: { to: string; subject: string; raw: Buffer }): number {
  const { id } = db()
    .insert(mailSimMessages)
    .values({ to: message.to, subject: message.subject, raw: message.raw.toString("utf8") })
    .returning({ id: mailSimMessages.id })
    .get();
  db()
    .$client.prepare("DELETE FROM mail_sim_messages WHERE id <= ?")
    .run(id - CATCHER_KEEPS);
  return id;
}

export type CaughtMailSummary = { id: number; to: string; subject: string; createdAt: Date };

export function caughtMails(limit = 100): CaughtMailSummary[] {
  return db()
    .select({
      id: mailSimMessages.id,
      to: mailSimMessages.to,
      subject: mailSimMessages.subject,
      createdAt: mailSimMessages.createdAt,
    })
    .from(mailSimMessages)
    .orderBy(desc(mailSimMessages.id))
    .limit(limit)
    .all();
}

export function caughtMailRaw(
  id: number,
): { id: number; raw: string; createdAt: Date } | undefined {
  return db()
    .select({
      id: mailSimMessages.id,
      raw: mailSimMessages.raw,
      createdAt: mailSimMessages.createdAt,
    })
    .from(mailSimMessages)
    .where(eq(mailSimMessages.id, id))
    .get();
}
