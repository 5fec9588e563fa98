import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activity, payments, subscriptions } from "~db/schema";
import { db } from "~/utils/db.server";
import { formatBRL } from "~/utils/format";
import { renderReceiptPdf } from "~/utils/receipt-pdf.server";
import * as messages from "~/messages";
import { accepted, createPlan, createUser } from "../../../tests/support/factories";
import { pdfText } from "../../../tests/support/receipt-text";
import { applyPaymentStatus } from "../payments/payment.server";
import { paidReceipt } from "../payments/receipt.server";
import { currentPlan } from "./credits.server";
import { prorationCredit, quotePlanChange, unusedDays } from "./plan-change.server";
import {
  activatePayment,
  assignPlanByAdmin,
  reissueAtCurrentPrice,
  subscribe,
} from "./subscription.server";
import { race } from "../../../tests/support/race";
import { subscriptionsOf } from "../../../tests/support/invoice-model";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const T0 = new Date("2026-07-01T12:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
/** Intl writes "R$" and the amount apart with a no-break space; the issue writes a plain one. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

/** A customer on a paid plan since T0 (an approved invoice of its full price), and a dearer plan. */
async function customerOnPaidPlan(priceCents = 4990) {
  const current = createPlan({ priceCents });
  const dearer = createPlan({ priceCents: 19990 });
  const { user } = await createUser();
  const admin = await createUser({ role: "admin" });
  accepted(
    assignPlanByAdmin(
      { userId: user.id, planId: current.id, paymentMethod: "cash", actorId: admin.user.id },
      T0,
    ),
  );
  const subscriptionId = currentPlan(user.id, T0)!.subscriptionId;
  return { user, current, dearer, subscriptionId };
}

function upgradeInvoice(userId: number, planId: number, now: Date) {
  const result = accepted(subscribe({ userId, planId, paymentMethod: "pix" }, now));
  if (result.kind !== "payment_required")
    throw new Error(`expected an invoice, got ${result.kind}`);
  return result.payment;
}

describe("the unused days' credit", () => {
  const inputs = fc.record({
    paidCents: fc.integer({ min: 0, max: 10_000_000 }),
    periodDays: fc.integer({ min: 1, max: 366 }),
    daysLeft: fc.integer({ min: -5, max: 400 }),
    newPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
  });

  it("is never negative and never more than the new price", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const credit = prorationCredit(input);
        expect(Number.isInteger(credit)).toBe(true);
        expect(credit).toBeGreaterThanOrEqual(0);
        expect(credit).toBeLessThanOrEqual(input.newPriceCents);
      }),
    );
  });

  it("rounds in the customer's favour: at least the exact share, less than a cent above it", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const daysLeft = Math.min(input.periodDays, Math.max(0, input.daysLeft));
        const exact = (daysLeft * input.paidCents) / input.periodDays;
        const credit = prorationCredit(input);
        if (exact <= input.newPriceCents) {
          expect(credit).toBeGreaterThanOrEqual(exact);
          expect(credit - exact).toBeLessThan(1);
        } else {
          expect(credit).toBe(input.newPriceCents);
        }
      }),
    );
  });

  it("gives the whole price back for a whole period, and little on its last day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 366 }),
        (paidCents, periodDays) => {
          const newPriceCents = paidCents + 1;
          expect(
            prorationCredit({ paidCents, periodDays, daysLeft: periodDays, newPriceCents }),
          ).toBe(paidCents);
          expect(prorationCredit({ paidCents, periodDays, daysLeft: 1, newPriceCents })).toBe(
            Math.ceil(paidCents / periodDays),
          );
          expect(prorationCredit({ paidCents, periodDays, daysLeft: 0, newPriceCents })).toBe(0);
        },
      ),
    );
  });

  it("counts whole days left, a day begun as unused, within the period", () => {
    const period = { startedAt: T0, expiresAt: at(30 * DAY) };
    expect(unusedDays(period, at(60_000))).toEqual({ daysLeft: 30, periodDays: 30 });
    expect(unusedDays(period, at(7 * DAY + HOUR))).toEqual({ daysLeft: 23, periodDays: 30 });
    expect(unusedDays(period, at(30 * DAY - 60_000))).toEqual({ daysLeft: 1, periodDays: 30 });
    expect(unusedDays(period, at(30 * DAY))).toEqual({ daysLeft: 0, periodDays: 30 });
    expect(unusedDays(period, at(-DAY))).toEqual({ daysLeft: 30, periodDays: 30 });
    fc.assert(
      fc.property(fc.integer({ min: -40 * DAY, max: 40 * DAY }), (offset) => {
        const { daysLeft } = unusedDays(period, at(offset));
        expect(daysLeft).toBeGreaterThanOrEqual(0);
        expect(daysLeft).toBeLessThanOrEqual(30);
      }),
    );
  });

  it("reads as the issue writes it", () => {
    expect(plain(messages.planChange.creditLine(formatBRL(3820), formatBRL(16170)))).toBe(
      "Crédito do plano atual: R$ 38,20 · A pagar: R$ 161,70",
    );
  });
});

describe("an upgrade while a paid period runs", () => {
  it("is invoiced at the new price less the unused days, and says so before paying", async () => {
    const { user, dearer, subscriptionId } = await customerOnPaidPlan();
    const now = at(7 * DAY + HOUR); // 23 days left of 30: ceil(23 × 4990 / 30) = 3826
    const quote = quotePlanChange(user.id, dearer, now);
    expect(quote).toEqual({
      kind: "upgrade",
      priceCents: 19990,
      creditCents: 3826,
      amountDueCents: 16164,
      replacesSubscriptionId: subscriptionId,
    });
    const payment = upgradeInvoice(user.id, dearer.id, now);
    expect(payment).toMatchObject({
      status: "pending",
      amountCents: 16164,
      creditCents: 3826,
      replacesSubscriptionId: subscriptionId,
    });
    expect(plain(messages.planChange.creditLine(formatBRL(3826), formatBRL(16164)))).toBe(
      "Crédito do plano atual: R$ 38,26 · A pagar: R$ 161,64",
    );
    // The current plan stays until the invoice is paid.
    expect(currentPlan(user.id, now)?.subscriptionId).toBe(subscriptionId);
  });

  it("reuses the invoice while its credit holds, and reissues it when a day has gone", async () => {
    const { user, dearer } = await customerOnPaidPlan();
    const first = upgradeInvoice(user.id, dearer.id, at(7 * DAY + HOUR));
    expect(upgradeInvoice(user.id, dearer.id, at(7 * DAY + 2 * HOUR)).id).toBe(first.id);
    const nextDay = at(8 * DAY + HOUR); // 22 days left: ceil(22 × 4990 / 30) = 3660
    const second = upgradeInvoice(user.id, dearer.id, nextDay);
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ creditCents: 3660, amountCents: 16330 });
    const retired = db().select().from(payments).where(eq(payments.id, first.id)).get()!;
    expect(retired.status).toBe("cancelled");
  });

  it("is brought to today's credit on the pay step (reissueAtCurrentPrice)", async () => {
    const { user, dearer } = await customerOnPaidPlan();
    const first = upgradeInvoice(user.id, dearer.id, at(7 * DAY + HOUR));
    expect(reissueAtCurrentPrice(first.id, at(7 * DAY + 3 * HOUR))?.replaced).toBeNull();
    const reissued = reissueAtCurrentPrice(first.id, at(10 * DAY + HOUR))!;
    expect(reissued.replaced?.id).toBe(first.id);
    expect(reissued.payment).toMatchObject({ creditCents: 3327, amountCents: 16663 });
  });

  it("starts a new period on approval and ends the old subscription, once", async () => {
    const { user, dearer, subscriptionId } = await customerOnPaidPlan();
    const payment = upgradeInvoice(user.id, dearer.id, at(7 * DAY + HOUR));
    const approvedAt = at(7 * DAY + 2 * HOUR);
    const first = accepted(
      applyPaymentStatus(
        payment.id,
        {
          status: "approved",
          source: "webhook",
          paid: { amountCents: 16164, currency: "BRL", label: "Mercado Pago" },
        },
        approvedAt,
      ),
    );
    expect(first.activated).toBe(true);
    const again = accepted(activatePayment(payment.id, { now: at(8 * DAY) }));
    expect(again.activated).toBe(false);

    const plan = currentPlan(user.id, approvedAt)!;
    expect(plan.planId).toBe(dearer.id);
    expect(plan.startedAt).toEqual(approvedAt);
    expect(plan.expiresAt).toEqual(new Date(approvedAt.getTime() + 30 * DAY));
    const old = subscriptionsOf(user.id).find((s) => s.id === subscriptionId)!;
    expect(old).toMatchObject({ status: "cancelled", cancelledAt: approvedAt });
    expect(subscriptionsOf(user.id).filter((s) => s.status === "active")).toHaveLength(1);
  });

  it("is paid by the amount due, not the plan's price", async () => {
    const { user, dearer } = await customerOnPaidPlan();
    const payment = upgradeInvoice(user.id, dearer.id, at(7 * DAY + HOUR));
    const full = accepted(
      applyPaymentStatus(payment.id, {
        status: "approved",
        source: "webhook",
        paid: { amountCents: 19990, currency: "BRL", label: "Mercado Pago" },
      }),
    );
    expect(full.activated).toBe(false);
    expect(full.discrepancy).toBeTruthy();
  });

  it("starts once when the webhook and the poller approve it together, from two processes", async () => {
    const { user, dearer, subscriptionId } = await customerOnPaidPlan();
    // Now, so that the approval (at the workers' clock) falls inside the paid period.
    const started = new Date();
    db()
      .update(subscriptions)
      .set({ startedAt: started, expiresAt: new Date(started.getTime() + 30 * DAY) })
      .where(eq(subscriptions.id, subscriptionId))
      .run();
    const payment = upgradeInvoice(user.id, dearer.id, new Date(started.getTime() + 7 * DAY));

    const outputs = await race(
      "plan-approval-race-worker.ts",
      (["webhook", "poll"] as const).map((source) => [
        String(payment.id),
        String(payment.amountCents),
        source,
        "3",
      ]),
    );
    const activated = outputs.map((out) => (JSON.parse(out) as { activated: number }).activated);
    expect(activated.reduce((a, b) => a + b, 0)).toBe(1);

    const rows = subscriptionsOf(user.id);
    expect(rows.filter((s) => s.status === "active").map((s) => s.planId)).toEqual([dearer.id]);
    expect(rows.find((s) => s.id === subscriptionId)?.status).toBe("cancelled");
    const approvals = db()
      .select()
      .from(activity)
      .where(
        and(
          eq(activity.type, "payment"),
          eq(activity.entity, "payment"),
          eq(activity.entityId, String(payment.id)),
        ),
      )
      .all();
    expect(approvals).toHaveLength(1);
  }, 90_000);

  it("puts the credit on the receipt as its own line", async () => {
    const { user, dearer } = await customerOnPaidPlan();
    const payment = upgradeInvoice(user.id, dearer.id, at(7 * DAY + HOUR));
    accepted(activatePayment(payment.id, { now: at(7 * DAY + 2 * HOUR) }));
    const receipt = paidReceipt(payment.id, { id: user.id, role: "user" })!;
    expect(receipt).toMatchObject({ amountCents: 16164, creditCents: 3826 });
    const text = await pdfText(await renderReceiptPdf(receipt));
    expect(text).toContain("Crédito do plano anterior");
    expect(text).toContain("– R$ 38,26");
    expect(text).toContain("R$ 161,64");
  });

  it("charges nothing when the credit covers the whole price: the plan starts at once", async () => {
    const { user, current, subscriptionId } = await customerOnPaidPlan(4990);
    // The current plan got cheaper after it was paid: its period's credit now covers a dearer plan.
    db()
      .update(payments)
      .set({ amountCents: 30000 })
      .where(eq(payments.subscriptionId, subscriptionId))
      .run();
    const cheap = createPlan({ priceCents: current.priceCents! + 10 });
    const result = accepted(
      subscribe({ userId: user.id, planId: cheap.id, paymentMethod: "pix" }, at(HOUR)),
    );
    expect(result.kind).toBe("activated");
    expect(currentPlan(user.id, at(2 * HOUR))?.planId).toBe(cheap.id);
    const invoice = db()
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.planId, cheap.id)))
      .get()!;
    expect(invoice).toMatchObject({ status: "approved", amountCents: 0, creditCents: 5000 });
  });
});
