import type { User } from "~db/schema";
import * as messages from "~/messages";
import { queueMail, renderMail } from "../mail/index.server";
import { publicOrigin } from "../payments/public-origin.server";
import { publicSeo } from "../seo/seo.server";
import { getPreferences } from "./preferences.server";
import { turnOffUrl } from "../notifications/turn-off-link.server";

const m = messages.mail;

/**
 * The welcome message of a self sign-up, once per account (`welcome:<id>`), unless the account's
 * e-mail notifications are off. Sent by the mail job, never in the sign-up's request.
 */
export async function queueWelcomeMail(user: Pick<User, "id" | "name" | "email">): Promise<void> {
  if (!getPreferences(user.id).emailNotifications) return;
  const appName = publicSeo().siteName;
  const origin = publicOrigin() ?? "";
  await queueMail({
    eventKey: `welcome:${user.id}`,
    kind: "welcome",
    to: user.email,
    ...renderMail({
      subject: m.welcomeSubject(appName),
      heading: m.welcomeHeading,
      paragraphs: [m.welcomeGreeting(user.name), m.welcomeIntro(appName)],
      action: { label: m.welcomeAction, url: `${origin}/home` },
      footnotes: [
        m.welcomePreferences(`${origin}/settings`),
        messages.notifications.turnOff("all", turnOffUrl(user.id, "all")),
      ],
    }),
  });
}
