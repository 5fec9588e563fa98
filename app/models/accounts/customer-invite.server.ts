import type { User } from "~db/schema";
import * as messages from "~/messages";
import { mailPasswordLink } from "./password-reset.server";

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
export function sendCustomerInvite(user: Pick<User, "id" | "name" | "email">, now = new Date()) {
  return mailPasswordLink(
    user,
    {
      kind: "customer_invite",
      lifetimeMs: INVITE_LINK_DAYS * 24 * 60 * 60_000,
      texts: m,
      footnotes: [],
    },
    now,
  );
}
