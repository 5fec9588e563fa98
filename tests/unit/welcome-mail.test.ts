import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, mailSimMessages } from "~db/schema";
import { stopJobRunner, waitForJob } from "~/jobs/index.server";
import { createAccount, savePreferences } from "~/models/accounts/index.server";
import { queueWelcomeMail } from "~/models/accounts/welcome-mail.server";
import { caughtMailRaw, caughtMails } from "~/models/mail/index.server";
import * as messages from "~/messages";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";

const outbox = () => db().select().from(mailOutbox).all();
let n = 0;
const newAccount = () => ({
  name: "Ana Souza",
  email: `ana${++n}@oficina.com.br`,
  password: "senha-forte-123",
});

beforeEach(() => {
  delete process.env.SMTP_URL;
  resetEnvForTests();
  db().delete(mailOutbox).run();
  db().delete(mailSimMessages).run();
});
afterAll(() => stopJobRunner());

describe("the welcome message", () => {
  it("is sent once on a self sign-up, in pt-BR, with the app's name", async () => {
    const created = await createAccount(newAccount(), { signupFrom: "203.0.113.9" });
    if (!created.ok) throw new Error(created.message);
    const [row] = outbox();
    expect(row).toMatchObject({
      eventKey: `welcome:${created.value.id}`,
      kind: "welcome",
      to: created.value.email,
    });
    await waitForJob(`mail.deliver:${row!.id}`);
    const [caught] = caughtMails();
    expect(caught?.subject).toBe(messages.mail.welcomeSubject(messages.app.defaultSiteName));
    const parsed = await simpleParser(caughtMailRaw(caught!.id)!.raw);
    expect(parsed.text).toContain(messages.mail.welcomeGreeting("Ana Souza"));
    expect(parsed.html).toContain(messages.mail.welcomeHeading);

    await queueWelcomeMail(created.value);
    expect(outbox()).toHaveLength(1);
  });

  it("is not sent for an account an admin or the seed creates", async () => {
    const created = await createAccount(newAccount());
    expect(created.ok).toBe(true);
    expect(outbox()).toEqual([]);
  });

  it("honours the account's e-mail preference", async () => {
    const created = await createAccount(newAccount());
    if (!created.ok) throw new Error(created.message);
    savePreferences(created.value.id, {
      emailNotifications: false,
      searchReminders: true,
      subscriptionAlerts: true,
    });
    await queueWelcomeMail(created.value);
    expect(db().select().from(mailOutbox).where(eq(mailOutbox.kind, "welcome")).all()).toEqual([]);
  });
});
