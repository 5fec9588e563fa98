import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, subscriptions } from "~db/schema";
import { closeMailTransports } from "~/integrations/mail/client.server";
import { createAccount } from "~/models/accounts/index.server";
import {
  notificationsSettled,
  queuePlanEndingNotices,
  TURN_OFF_PATH,
} from "~/models/notifications/index.server";
import {
  applyPaymentStatus,
  reconcilePendingPayments,
  startPix,
} from "~/models/payments/index.server";
import { meteredSearch } from "~/models/search/index.server";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { accepted, createPlan, createUser, setDailyAllowance } from "../../tests/support/factories";
import { CPF, invoice, withGatewaySimulators } from "../../tests/support/gateway-model";
import { startTestSmtpServer } from "../../tests/support/smtp-server";
import { startJobRunner, stopJobRunner, waitForJob } from "./index.server";
import { race } from "../../tests/support/race";

/**
 * Issue #27's "Done when" for notifications: against a real SMTP server, every kind of
 * notification is delivered once (the payment's with its receipt PDF), however often its event
 * is reported, and two OS processes running the plan-ending notices send one message.
 */

withGatewaySimulators();

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
/** What the server accepted, parsed. */
const received = () => smtp.received.map((mail) => mail.parsed);
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  resetEnvForTests();
  db().delete(mailOutbox).run();
  await startJobRunner({ worker: true, backoffMs: 20 });
});

afterAll(async () => {
  await stopJobRunner();
  closeMailTransports();
  await smtp.close();
  delete process.env.SMTP_URL;
  resetEnvForTests();
});

/** Waits until every message in the outbox has been through its job. */
async function deliverAll() {
  await notificationsSettled();
  for (const mail of db().select().from(mailOutbox).all())
    await waitForJob(`mail.deliver:${mail.id}`);
}

/** Each received message with its outbox kind, found by the Message-ID the event key made. */
function receivedKinds() {
  const rows = db().select().from(mailOutbox).all();
  return received().map((mail) => ({
    kind: rows.find((row) => row.messageId === mail.messageId)?.kind,
    mail,
  }));
}

describe("every notification, through a real SMTP server", () => {
  it("is delivered once per event, the approval with its receipt PDF", async () => {
    const now = new Date();
    const signedUp = await createAccount(
      { name: "Ana Souza", email: "ana.notifica@oficina.com.br", password: "senha-forte-123" },
      { signupFrom: "203.0.113.9" },
    );
    expect(signedUp.ok).toBe(true);

    const { viewer, paymentId } = await invoice(4990);
    const pix = accepted(await startPix(viewer, paymentId, CPF));
    await reconcilePendingPayments(new Date(now.getTime() + 31 * 60_000));
    await notificationsSettled();
    accepted(await startPix(viewer, paymentId, CPF));
    await notificationsSettled(); // the new code is told before it is paid
    for (let i = 0; i < 2; i++)
      accepted(applyPaymentStatus(paymentId, { status: "approved", source: "admin" }));

    // The approval started a 30-day plan: its 7-day and 1-day notices, each job run twice.
    for (const daysLater of [23.5, 23.6, 29.5, 29.6])
      await queuePlanEndingNotices(new Date(now.getTime() + daysLater * DAY));

    const { user: searcher } = await createUser();
    setDailyAllowance(searcher.id, 10);
    for (let i = 1; i <= 10; i++)
      meteredSearch(
        { id: searcher.id, role: "user" },
        { type: "code", key: `Q${i}`, query: `Q${i}`, run: () => [1] },
        now,
      );

    await deliverAll();
    const kinds = receivedKinds();
    const count = (kind: string) => kinds.filter((k) => k.kind === kind).length;
    expect({
      welcome: count("welcome"),
      invoice_created: count("invoice_created"),
      pix_created: count("pix_created"),
      pix_expired: count("pix_expired"),
      payment_approved: count("payment_approved"),
      plan_ending_7: count("plan_ending_7"),
      plan_ending_1: count("plan_ending_1"),
      credits_90: count("credits_90"),
    }).toEqual({
      welcome: 1,
      invoice_created: 1,
      // Two codes: the first expired, the second was asked for after it.
      pix_created: 2,
      pix_expired: 1,
      payment_approved: 1,
      plan_ending_7: 1,
      plan_ending_1: 1,
      credits_90: 1,
    });
    expect(received()).toHaveLength(db().select().from(mailOutbox).all().length);

    for (const { mail } of kinds) {
      expect(mail.html).toContain('lang="pt-BR"');
      expect(mail.text).toContain(TURN_OFF_PATH);
    }
    const pixMail = kinds.find((k) => k.kind === "pix_created")!.mail;
    expect(pixMail.text).toContain(pix.pixCode);
    const approved = kinds.find((k) => k.kind === "payment_approved")!.mail;
    expect(approved.attachments).toHaveLength(1);
    expect(approved.attachments[0]!.contentType).toBe("application/pdf");
    expect(approved.attachments[0]!.content.subarray(0, 5).toString()).toBe("%PDF-");

    // The same events again: nothing more goes out.
    accepted(applyPaymentStatus(paymentId, { status: "approved", source: "admin" }));
    await queuePlanEndingNotices(new Date(now.getTime() + 29.7 * DAY));
    await deliverAll();
    expect(received()).toHaveLength(kinds.length);
  }, 60_000);

  it("sends one plan-ending message when two OS processes run the notices at the same instant", async () => {
    smtp.reset();
    const { user } = await createUser({ email: "corrida.plano@oficina.com.br" });
    const plan = createPlan({ priceCents: 4990 });
    db()
      .insert(subscriptions)
      .values({
        userId: user.id,
        planId: plan.id,
        status: "active",
        paymentMethod: "pix",
        startedAt: new Date(Date.now() - 27 * DAY),
        expiresAt: new Date(Date.now() + 3 * DAY),
      })
      .run();
    const outputs = await race("mail-queue-worker.ts", [
      ["plan-ending", ""],
      ["plan-ending", ""],
    ]);
    const outcomes = outputs.map(
      (out) => JSON.parse(/^RESULT (.*)$/m.exec(out)![1]!) as { queued: boolean },
    );
    expect(outcomes.filter((o) => o.queued)).toHaveLength(1);
    const toUser = received().filter((mail) =>
      mail.to && !Array.isArray(mail.to) ? mail.to.text === user.email : false,
    );
    expect(toUser).toHaveLength(1);
  }, 90_000);
});
