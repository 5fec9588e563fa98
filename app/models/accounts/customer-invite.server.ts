import type { User } from "~db/schema";
import * as messages from "~/messages";
import { mailIdentity, queueMail, renderMail } from "../mail/index.server";
import { writeResetLink } from "./password-reset.server";

const m = messages.customerInvite;

/**
 * How long the link of a customer created without a password works. Longer than a reset link's
 * 30 minutes: the customer did not ask for it and may read the message days later (ADR 0054).
 */
export const INVITE_LINK_DAYS = 7;

/**
 * Mails a customer an admin created without a password the link that sets one: a reset link
 * (/redefinir-senha/:token, single use, the newest only) valid INVITE_LINK_DAYS, one message per
 * link (`customer-invite:<reset id>`). Sent whatever the notification preferences: without it the
 * customer cannot sign in.
 */
export async function sendCustomerInvite(
  user: Pick<User, "id" | "name" | "email">,
  now = new Date(),
): Promise<void> {
  const { reset, link } = writeResetLink(user.id, INVITE_LINK_DAYS * 24 * 60 * 60_000, now);
  const { appName } = mailIdentity();
  await queueMail({
    eventKey: `customer-invite:${reset.id}`,
    kind: "customer_invite",
    to: user.email,
    ...renderMail({
      subject: m.mailSubject(appName),
      heading: m.mailHeading,
      paragraphs: [m.mailGreeting(user.name), m.mailIntro(appName)],
      action: { label: m.mailAction, url: link },
      footnotes: [m.mailValidity],
    }),
  });
}
