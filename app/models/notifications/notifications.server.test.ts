import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, subscriptions } from "~db/schema";
import { db } from "~/utils/db.server";
import { creditDay } from "~/utils/credit-day";
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";
import {
  accepted,
  createPlan,
  createUser,
  setDailyAllowance,
} from "../../../tests/support/factories";
import { CPF, invoice, row, withGatewaySimulators } from "../../../tests/support/gateway-model";
import { savePreferences, type Preferences } from "../accounts/preferences.server";
import { subscribe } from "../accounts/subscription.server";
import { applyPaymentStatus } from "../payments/payment.server";
import { startPix } from "../payments/pix.server";
import { reconcilePendingPayments } from "../payments/poller.server";
import { meteredSearch } from "../search/metering.server";
import {
  notificationsSettled,
  plansEndingSoon,
  queuePlanEndingNotices,
  readTurnOffToken,
  TURN_OFF_PATH,
  turnOffToken,
} from "./index.server";
import { notify } from "./notify.server";

withGatewaySimulators();

const m = messages.notifications;
const outbox = () => db().select().from(mailOutbox).all();
const ofKind = (kind: string) => outbox().filter((mail) => mail.kind === kind);
const DAY = 24 * 60 * 60_000;

beforeEach(() => {
  db().delete(mailOutbox).run();
});

function preferences(userId: number, change: Partial<Preferences>) {
  savePreferences(userId, {
    emailNotifications: true,
    searchReminders: true,
    subscriptionAlerts: true,
    ...change,
  });
}

/** The turn-off link in a message's text, read back as the route reads it. */
function turnOffOf(text: string) {
  const token = new RegExp(`${TURN_OFF_PATH}/(\\S+)`).exec(text)?.[1];
  return token ? readTurnOffToken(token) : null;
}

describe("invoice created", () => {
  it("is queued once when subscribe opens an invoice: amount, plan, reference, pay link, turn-off link", async () => {
    const { user, plan, paymentId } = await invoice(4990);
    await notificationsSettled();
    const [mail] = ofKind("invoice_created");
    expect(mail).toMatchObject({ eventKey: `invoice-created:${paymentId}`, to: user.email });
    const { externalReference } = row(paymentId);
    expect(mail!.subject).toContain(externalReference);
    expect(mail!.text).toContain(m.invoiceDetails(externalReference, plan.name, formatBRL(4990)));
    expect(mail!.text).toContain(`/invoices/${paymentId}/pagar`);
    expect(mail!.html).toContain(m.invoiceCreatedHeading);
    expect(turnOffOf(mail!.text)).toEqual({ userId: user.id, topic: "billing" });

    // Asking again for the same plan reuses the pending invoice: no second message.
    accepted(subscribe({ userId: user.id, planId: plan.id, paymentMethod: "pix" }));
    await notificationsSettled();
    expect(ofKind("invoice_created")).toHaveLength(1);
  });

  it("is not sent while subscription alerts, or all e-mails, are off", async () => {
    const { user } = await createUser();
    for (const change of [{ subscriptionAlerts: false }, { emailNotifications: false }]) {
      preferences(user.id, change);
      const plan = createPlan({ priceCents: 2990 });
      accepted(subscribe({ userId: user.id, planId: plan.id, paymentMethod: "pix" }));
    }
    await notificationsSettled();
    expect(outbox()).toEqual([]);
  });
});

describe("PIX", () => {
  it("a new PIX code sends its copia e cola once; reusing the live code sends nothing", async () => {
    const { user, viewer, paymentId } = await invoice();
    const pix = accepted(await startPix(viewer, paymentId, CPF));
    accepted(await startPix(viewer, paymentId, CPF));
    await notificationsSettled();
    const mails = ofKind("pix_created");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.eventKey).toBe(`pix-created:${paymentId}:${row(paymentId).providerPaymentId}`);
    expect(mails[0]!.text).toContain(m.pixCopyPaste);
    expect(mails[0]!.text).toContain(pix.pixCode);
    expect(mails[0]!.html).toContain(pix.pixCode.replace(/&/g, "&amp;"));
    expect(turnOffOf(mails[0]!.text)).toEqual({ userId: user.id, topic: "billing" });
  });

  it("an expired PIX is told once, and a new code after it is a new message", async () => {
    const { viewer, paymentId } = await invoice();
    accepted(await startPix(viewer, paymentId, CPF));
    const firstCode = row(paymentId).providerPaymentId;
    const later = new Date(Date.now() + 31 * 60_000);
    await reconcilePendingPayments(later);
    await reconcilePendingPayments(later);
    await notificationsSettled();
    expect(row(paymentId).status).toBe("expired");
    // Only this invoice's: the poller also expires the PIX codes earlier tests left.
    const expired = ofKind("pix_expired").filter((mail) =>
      mail.eventKey.startsWith(`pix-expired:${paymentId}:`),
    );
    expect(expired.map((mail) => mail.eventKey)).toEqual([`pix-expired:${paymentId}:${firstCode}`]);
    expect(expired[0]!.text).toContain(`/invoices/${paymentId}/pagar`);

    accepted(await startPix(viewer, paymentId, CPF));
    await notificationsSettled();
    expect(ofKind("pix_created")).toHaveLength(2);
  });
});

describe("payment approved", () => {
  it("carries the receipt PDF, once however often the approval is reported", async () => {
    const { user, paymentId } = await invoice();
    accepted(applyPaymentStatus(paymentId, { status: "approved", source: "admin" }));
    accepted(applyPaymentStatus(paymentId, { status: "approved", source: "admin" }));
    await notificationsSettled();
    const mails = ofKind("payment_approved");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.eventKey).toBe(`payment-approved:${paymentId}`);
    const reference = row(paymentId).externalReference;
    const [pdf] = mails[0]!.attachments;
    expect(pdf).toMatchObject({
      filename: messages.receipt.fileName(reference),
      contentType: "application/pdf",
    });
    expect(Buffer.from(pdf!.contentBase64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect(mails[0]!.text).toContain(
      m.paymentApprovedReceipt(messages.receipt.fileName(reference)),
    );
    expect(turnOffOf(mails[0]!.text)).toEqual({ userId: user.id, topic: "billing" });
  });

  it("is not sent while subscription alerts are off", async () => {
    const { user, paymentId } = await invoice();
    preferences(user.id, { subscriptionAlerts: false });
    accepted(applyPaymentStatus(paymentId, { status: "approved", source: "admin" }));
    await notificationsSettled();
    expect(ofKind("payment_approved")).toEqual([]);
  });
});

describe("plan ending", () => {
  async function endingIn(ms: number, now: Date) {
    const { user } = await createUser();
    const plan = createPlan({ priceCents: 4990 });
    const subscription = db()
      .insert(subscriptions)
      .values({
        userId: user.id,
        planId: plan.id,
        status: "active",
        paymentMethod: "pix",
        startedAt: new Date(now.getTime() - 20 * DAY),
        expiresAt: new Date(now.getTime() + ms),
      })
      .returning()
      .get();
    return { user, plan, subscription };
  }

  it("sends the 7-day notice and then the 1-day one, each once however often the job runs", async () => {
    const now = new Date();
    const { user, plan, subscription } = await endingIn(6.5 * DAY, now);
    const expiresAt = subscription.expiresAt!.toISOString();
    await Promise.all([queuePlanEndingNotices(now), queuePlanEndingNotices(now)]);
    await queuePlanEndingNotices(new Date(now.getTime() + 60 * 60_000));
    const seven = ofKind("plan_ending_7");
    expect(seven.map((mail) => mail.eventKey)).toEqual([
      `plan-ending-7:${subscription.id}:${expiresAt}`,
    ]);
    expect(seven[0]!.subject).toBe(m.planEndingSubject(messages.app.defaultSiteName, plan.name, 7));
    expect(turnOffOf(seven[0]!.text)).toEqual({ userId: user.id, topic: "billing" });
    expect(plansEndingSoon(now).some((e) => e.subscriptionId === subscription.id)).toBe(false);

    const dayBefore = new Date(subscription.expiresAt!.getTime() - 20 * 60 * 60_000);
    await queuePlanEndingNotices(dayBefore);
    await queuePlanEndingNotices(dayBefore);
    const one = ofKind("plan_ending_1");
    expect(one.map((mail) => mail.eventKey)).toEqual([
      `plan-ending-1:${subscription.id}:${expiresAt}`,
    ]);
    expect(one[0]!.text).toContain(m.planEndingHeading(1));
  });

  it("names the plan a scheduled downgrade moves to, instead of the free plan and a renewal", async () => {
    const now = new Date();
    const { subscription } = await endingIn(2 * DAY, now);
    const cheaper = createPlan({ priceCents: 1990 });
    db()
      .update(subscriptions)
      .set({ scheduledPlanId: cheaper.id, scheduledAt: now })
      .where(eq(subscriptions.id, subscription.id))
      .run();
    await queuePlanEndingNotices(now);
    const [notice] = ofKind("plan_ending_7").filter((mail) =>
      mail.eventKey.includes(`:${subscription.id}:`),
    );
    expect(notice!.text).toContain(`começa o plano ${cheaper.name}, como você agendou`);
    expect(notice!.text).toContain(m.planEndingScheduledHint);
    expect(notice!.text).not.toContain(m.planEndingHint);
  });

  it("leaves out plans ending later, ended, and accounts that turned the alerts off", async () => {
    const now = new Date();
    const later = await endingIn(10 * DAY, now);
    const refused = await endingIn(3 * DAY, now);
    preferences(refused.user.id, { subscriptionAlerts: false });
    const ended = await endingIn(-DAY, now);
    const ours = [later, refused, ended].map((ending) => ending.subscription.id);
    expect(plansEndingSoon(now).filter((e) => ours.includes(e.subscriptionId))).toEqual([]);
    await queuePlanEndingNotices(now);
    expect(outbox().filter((mail) => ours.some((id) => mail.eventKey.includes(`:${id}:`)))).toEqual(
      [],
    );
  });
});

describe("daily searches at 90 %", () => {
  const search = (userId: number, query: string, now: Date) =>
    meteredSearch(
      { id: userId, role: "user" },
      { type: "code", key: query, query, run: () => [1] },
      now,
    );

  it("is queued once a day when the charged searches reach 90 % of the allowance", async () => {
    const { user } = await createUser();
    setDailyAllowance(user.id, 10, 5);
    const now = new Date();
    for (let i = 1; i <= 8; i++) search(user.id, `Q${i}`, now);
    await notificationsSettled();
    expect(ofKind("credits_90")).toEqual([]);
    search(user.id, "Q9", now);
    search(user.id, "Q10", now);
    search(user.id, "Q11", now);
    await notificationsSettled();
    const mails = ofKind("credits_90");
    expect(mails.map((mail) => mail.eventKey)).toEqual([`credits-90:${user.id}:${creditDay(now)}`]);
    expect(mails[0]!.text).toContain(m.creditsIntro(9, 10));
    expect(turnOffOf(mails[0]!.text)).toEqual({ userId: user.id, topic: "search" });
  });

  it("is never sent to unlimited accounts nor while search reminders are off", async () => {
    const admin = await createUser({ role: "admin" });
    const { user } = await createUser();
    setDailyAllowance(user.id, 2);
    preferences(user.id, { searchReminders: false });
    const now = new Date();
    for (let i = 1; i <= 3; i++) {
      meteredSearch(
        { id: admin.user.id, role: "admin" },
        { type: "code", key: `A${i}`, query: `A${i}`, run: () => [1] },
        now,
      );
      search(user.id, `U${i}`, now);
    }
    await notificationsSettled();
    expect(ofKind("credits_90")).toEqual([]);
  });
});

describe("turn-off tokens", () => {
  it("read back only as signed, unexpired and well formed", () => {
    const token = turnOffToken(7, "search");
    expect(readTurnOffToken(token)).toEqual({ userId: 7, topic: "search" });
    const [version, , topic, issued, signature] = token.split(".");
    expect(readTurnOffToken([version, 8, topic, issued, signature].join("."))).toBeNull();
    expect(readTurnOffToken([version, 7, "all", issued, signature].join("."))).toBeNull();
    expect(readTurnOffToken(`${token.slice(0, -2)}xx`)).toBeNull();
    expect(readTurnOffToken(token, new Date(Date.now() + 400 * DAY))).toBeNull();
    for (const malformed of ["", "abc", "n1.7.search", `${token}.x`, "n1.7.spam.1.abc"])
      expect(readTurnOffToken(malformed)).toBeNull();
  });
});

describe("who receives them", () => {
  it("the account's current e-mail", async () => {
    const { paymentId, user } = await invoice();
    await notificationsSettled();
    const mail = db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.eventKey, `invoice-created:${paymentId}`))
      .get();
    expect(mail?.to).toBe(user.email);
  });
});

describe("an event already told", () => {
  it("renders nothing and builds no attachment the second time", async () => {
    const { user } = await invoice();
    const told = {
      userId: user.id,
      topic: "billing" as const,
      eventKey: `test-told:${user.id}`,
      kind: "test",
      layout: () => ({ subject: "Uma vez", heading: "Uma vez", paragraphs: ["Uma vez."] }),
    };
    expect(await notify(told)).toBe(true);
    const again = await notify({
      ...told,
      layout: () => {
        throw new Error("rendered again");
      },
      attachments: () => Promise.reject(new Error("built again")),
    });
    expect(again).toBe(false);
    expect(outbox().filter((mail) => mail.eventKey === told.eventKey)).toHaveLength(1);
  });
});
