import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activity, payments, plans, subscriptions, users } from "~db/schema";
import { db } from "~/utils/db.server";
import { accepted, createFreePlan, createPlan, createUser } from "../../../tests/support/factories";
import { currentPlan } from "../accounts/credits.server";
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";
import {
  applyPaymentStatus,
  centsOf,
  DISCREPANCY_ACTIVITY,
  nextPaymentStatus,
  type PaidEvidence,
  reopenExpiredInvoice,
  type PaymentStatus,
} from "./payment.server";
import { reissueAtCurrentPrice, subscribe } from "../accounts/subscription.server";

const STATUSES: PaymentStatus[] = [
  "pending",
  "approved",
  "rejected",
  "cancelled",
  "refunded",
  "expired",
];

async function pendingInvoice(priceCents = 4990) {
  createFreePlan();
  const plan = createPlan({ priceCents, creditsPerMonth: 6000 });
  const { user } = await createUser();
  const result = accepted(subscribe({ userId: user.id, planId: plan.id, paymentMethod: "pix" }));
  if (result.kind !== "payment_required") throw new Error("expected an invoice");
  return { user, plan, payment: result.payment, subscriptionId: result.subscription.id };
}

/** What a provider says was paid: by default, exactly the test invoices' R$ 49,90 in BRL. */
const paid = (change: Partial<PaidEvidence> = {}): PaidEvidence => ({
  amountCents: 4990,
  currency: "BRL",
  label: "Provedor de teste, pagamento T1",
  ...change,
});

const paymentRow = (id: number) => db().select().from(payments).where(eq(payments.id, id)).get()!;
const subscriptionRow = (id: number) =>
  db().select().from(subscriptions).where(eq(subscriptions.id, id)).get()!;
const activations = (paymentId: number) =>
  db()
    .select()
    .from(activity)
    .where(eq(activity.entityId, String(paymentId)))
    .all()
    .filter((a) => a.action.includes("aprovado")).length;

describe("nextPaymentStatus (the invoice state machine)", () => {
  const status = fc.constantFrom(...STATUSES);

  it("never leaves approved except for a refund, and never leaves refunded", () => {
    fc.assert(
      fc.property(status, (reported) => {
        expect(nextPaymentStatus("approved", reported)).toBe(
          reported === "refunded" ? "refunded" : null,
        );
        expect(nextPaymentStatus("refunded", reported)).toBeNull();
      }),
    );
  });

  it("a pending invoice takes any other status; a closed unpaid one only approved (not a cancelled one) or refunded", () => {
    fc.assert(
      fc.property(
        status,
        fc.constantFrom<PaymentStatus>("rejected", "cancelled", "expired"),
        (reported, closed) => {
          expect(nextPaymentStatus("pending", reported)).toBe(
            reported === "pending" ? null : reported,
          );
          const next = nextPaymentStatus(closed, reported);
          // A cancelled invoice is closed for good: money on it is a discrepancy (ADR 0028).
          const reopens =
            reported === "refunded" || (reported === "approved" && closed !== "cancelled");
          expect(next).toBe(reopens ? reported : null);
        },
      ),
    );
  });

  it("any sequence of reports that contains an approval ends approved or refunded, whatever the order", () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 12 }), fc.nat(), (reports, at) => {
        const sequence = [...reports];
        sequence.splice(at % (sequence.length + 1), 0, "approved");
        let current: PaymentStatus = "pending";
        for (const reported of sequence) current = nextPaymentStatus(current, reported) ?? current;
        // A refund anywhere wins (reordered: the money came back); otherwise the approval stands —
        // unless a cancellation came first, which no later approval undoes (ADR 0028).
        const approval = sequence.indexOf("approved");
        const firstClosing = sequence.findIndex((s) => s !== "pending");
        const cancelledFirst = sequence[firstClosing] === "cancelled" && firstClosing < approval;
        if (sequence.includes("refunded")) expect(current).toBe("refunded");
        else expect(current).toBe(cancelledFirst ? "cancelled" : "approved");
      }),
    );
  });
});

describe("applyPaymentStatus", () => {
  it("activates the plan once however often the approval arrives, and a later pending changes nothing", async () => {
    const { user, plan, payment, subscriptionId } = await pendingInvoice();
    const now = new Date();
    const first = accepted(
      applyPaymentStatus(
        payment.id,
        { status: "approved", source: "webhook", providerPaymentId: "T1", paid: paid() },
        now,
      ),
    );
    expect(first).toMatchObject({ changed: true, activated: true });
    for (const source of ["poll", "sync", "webhook"] as const) {
      const again = accepted(
        applyPaymentStatus(payment.id, { status: "approved", source, paid: paid() }, now),
      );
      expect(again).toMatchObject({ changed: false, activated: false });
    }
    const late = accepted(
      applyPaymentStatus(payment.id, { status: "pending", source: "webhook" }, now),
    );
    expect(late.changed).toBe(false);
    expect(paymentRow(payment.id)).toMatchObject({
      status: "approved",
      providerPaymentId: "T1",
      paidAt: now,
    });
    expect(subscriptionRow(subscriptionId).status).toBe("active");
    expect(currentPlan(user.id)?.planId).toBe(plan.id);
    expect(db().select().from(users).where(eq(users.id, user.id)).get()?.role).toBe("premium_user");
    expect(activations(payment.id)).toBe(1);
  });

  it("a refund after approval ends the subscription it started and the premium role", async () => {
    const { user, payment, subscriptionId } = await pendingInvoice();
    accepted(
      applyPaymentStatus(payment.id, { status: "approved", source: "webhook", paid: paid() }),
    );
    const refunded = accepted(
      applyPaymentStatus(payment.id, {
        status: "refunded",
        source: "webhook",
        providerStatus: "charged_back",
      }),
    );
    expect(refunded.changed).toBe(true);
    expect(paymentRow(payment.id)).toMatchObject({
      status: "refunded",
      providerStatus: "charged_back",
    });
    expect(subscriptionRow(subscriptionId).status).toBe("cancelled");
    expect(db().select().from(users).where(eq(users.id, user.id)).get()?.role).toBe("user");
    // A refund is final: a replayed approval does not bring the plan back.
    const replay = accepted(
      applyPaymentStatus(payment.id, { status: "approved", source: "webhook", paid: paid() }),
    );
    expect(replay).toMatchObject({ changed: false, activated: false });
    expect(paymentRow(payment.id).status).toBe("refunded");
    expect(subscriptionRow(subscriptionId).status).toBe("cancelled");
  });

  it("an expired invoice closes its plan request; money that arrives late still starts the plan", async () => {
    const { user, plan, payment, subscriptionId } = await pendingInvoice();
    accepted(applyPaymentStatus(payment.id, { status: "expired", source: "expiry" }));
    expect(paymentRow(payment.id).status).toBe("expired");
    expect(subscriptionRow(subscriptionId).status).toBe("expired");
    expect(currentPlan(user.id)?.planId).not.toBe(plan.id);
    const late = accepted(
      applyPaymentStatus(payment.id, { status: "approved", source: "webhook", paid: paid() }),
    );
    expect(late.activated).toBe(true);
    expect(subscriptionRow(subscriptionId).status).toBe("active");
    expect(currentPlan(user.id)?.planId).toBe(plan.id);
  });

  it("reopens only an expired invoice, clearing its old PIX", async () => {
    const { payment, subscriptionId } = await pendingInvoice();
    db()
      .update(payments)
      .set({ pixCode: "000201", pixQr: "data:", expiresAt: new Date() })
      .where(eq(payments.id, payment.id))
      .run();
    expect(reopenExpiredInvoice(payment.id)?.status).toBe("pending");
    expect(paymentRow(payment.id).pixCode).toBe("000201");
    accepted(applyPaymentStatus(payment.id, { status: "expired", source: "expiry" }));
    const reopened = reopenExpiredInvoice(payment.id)!;
    expect(reopened).toMatchObject({
      status: "pending",
      pixCode: null,
      pixQr: null,
      expiresAt: null,
    });
    expect(subscriptionRow(subscriptionId).status).toBe("pending");
  });

  it("refuses an unknown invoice", () => {
    expect(applyPaymentStatus(987_654, { status: "approved", source: "admin" })).toMatchObject({
      ok: false,
      reason: "not_found",
    });
  });

  it("property: any interleaving of reports on one invoice activates at most once and ends consistent", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...STATUSES), { minLength: 1, maxLength: 20 }),
        async (reports) => {
          const { payment, subscriptionId } = await pendingInvoice();
          let expected: PaymentStatus = "pending";
          let expectedActivations = 0;
          for (const status of reports) {
            applyPaymentStatus(payment.id, { status, source: "webhook", paid: paid() });
            const next = nextPaymentStatus(expected, status);
            if (next === "approved") expectedActivations++;
            expected = next ?? expected;
          }
          expect(expectedActivations).toBeLessThanOrEqual(1);
          expect(paymentRow(payment.id).status).toBe(expected);
          expect(activations(payment.id)).toBe(expectedActivations);
          const subscription = subscriptionRow(subscriptionId).status;
          if (expected === "approved") expect(subscription).toBe("active");
          else expect(subscription).not.toBe("active");
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("a provider's payment must match its invoice (ADR 0028)", () => {
  const discrepancies = (paymentId: number) =>
    db()
      .select()
      .from(activity)
      .where(eq(activity.entityId, String(paymentId)))
      .all()
      .filter((a) => a.type === DISCREPANCY_ACTIVITY);

  it("R$ 0,01 for an invoice of R$ 199,90 approves nothing, is recorded once, and the invoice stays pending", async () => {
    const { user, plan, payment, subscriptionId } = await pendingInvoice(19990);
    for (const source of ["webhook", "sync", "poll", "webhook"] as const) {
      const applied = accepted(
        applyPaymentStatus(payment.id, {
          status: "approved",
          source,
          providerPaymentId: "FOREIGN",
          paid: paid({ amountCents: 1 }),
        }),
      );
      expect(applied).toMatchObject({
        changed: false,
        activated: false,
        discrepancy: messages.payments.discrepancyAmount(formatBRL(1), formatBRL(19990)),
      });
    }
    expect(messages.payments.discrepancyAmount(formatBRL(1), formatBRL(19990))).toMatch(
      /^Pagamento divergente: recebido R\$\s0,01, esperado R\$\s199,90$/,
    );
    expect(paymentRow(payment.id)).toMatchObject({ status: "pending", providerPaymentId: null });
    expect(subscriptionRow(subscriptionId).status).toBe("pending");
    expect(currentPlan(user.id)?.planId).not.toBe(plan.id);
    expect(activations(payment.id)).toBe(0);
    const recorded = discrepancies(payment.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.action).toContain("Pagamento divergente: recebido R$");
    expect(recorded[0]!.action).toContain("Provedor de teste, pagamento T1");
  });

  it("another currency, another receiving account, or no amount at all approves nothing", async () => {
    const { payment } = await pendingInvoice(19990);
    const cases: [PaidEvidence | undefined, string][] = [
      [paid({ amountCents: 19990, currency: "USD" }), messages.payments.discrepancyCurrency("USD")],
      [paid({ amountCents: 19990, currency: null }), messages.payments.discrepancyCurrency(null)],
      [
        paid({ amountCents: 19990, receiver: { ours: false, id: "999" } }),
        messages.payments.discrepancyReceiver("999"),
      ],
      [
        paid({ amountCents: null }),
        messages.payments.discrepancyAmount(messages.payments.unreadableAmount, formatBRL(19990)),
      ],
      [undefined, messages.payments.discrepancyUnknownAmount],
    ];
    for (const [evidence, discrepancy] of cases) {
      const applied = accepted(
        applyPaymentStatus(payment.id, { status: "approved", source: "webhook", paid: evidence }),
      );
      expect(applied).toMatchObject({ changed: false, discrepancy });
    }
    expect(paymentRow(payment.id).status).toBe("pending");
    expect(discrepancies(payment.id)).toHaveLength(cases.length);
    // The right money, to our account, does approve it; an admin's "Marcar pago" needs no evidence.
    expect(
      accepted(
        applyPaymentStatus(payment.id, {
          status: "approved",
          source: "webhook",
          paid: paid({ amountCents: 19990, receiver: { ours: true, id: "1" } }),
        }),
      ),
    ).toMatchObject({ changed: true, activated: true });
  });

  it("a foreign payment's refund or cancellation does not close the invoice either", async () => {
    const { payment } = await pendingInvoice(19990);
    for (const status of ["refunded", "cancelled", "rejected", "expired"] as const)
      expect(
        accepted(
          applyPaymentStatus(payment.id, {
            status,
            source: "poll",
            paid: paid({ amountCents: 1 }),
          }),
        ).changed,
      ).toBe(false);
    expect(paymentRow(payment.id).status).toBe("pending");
    // Only approvals are recorded for the admins.
    expect(discrepancies(payment.id)).toHaveLength(0);
  });

  it("reads Mercado Pago's amounts in reais as exact cents", () => {
    expect(centsOf(199.9)).toBe(19990);
    expect(centsOf(0.01)).toBe(1);
    expect(centsOf(49.9)).toBe(4990);
    expect(centsOf(0.001)).toBeNull();
    expect(centsOf(Number.NaN)).toBeNull();
  });
});

describe("an invoice priced before its plan's price changed (ADR 0028)", () => {
  const raisePrice = (planId: number, priceCents: number) =>
    db().update(plans).set({ priceCents }).where(eq(plans.id, planId)).run();

  it("subscribing again cancels the old pending invoice and makes one at the current price", async () => {
    const { user, plan, payment, subscriptionId } = await pendingInvoice(4990);
    const same = accepted(subscribe({ userId: user.id, planId: plan.id, paymentMethod: "pix" }));
    if (same.kind !== "payment_required") throw new Error("expected an invoice");
    expect(same.payment.id).toBe(payment.id);

    raisePrice(plan.id, 9990);
    const again = accepted(subscribe({ userId: user.id, planId: plan.id, paymentMethod: "pix" }));
    if (again.kind !== "payment_required") throw new Error("expected an invoice");
    expect(again.payment.id).not.toBe(payment.id);
    expect(again.payment).toMatchObject({ status: "pending", amountCents: 9990 });
    expect(paymentRow(payment.id).status).toBe("cancelled");
    expect(subscriptionRow(subscriptionId).status).toBe("cancelled");
  });

  it("asking to pay a pending or expired invoice at an old price answers a new one at the current price", async () => {
    const { plan, payment } = await pendingInvoice(4990);
    expect(reissueAtCurrentPrice(payment.id)).toMatchObject({
      payment: { id: payment.id },
      replaced: null,
    });
    raisePrice(plan.id, 9990);
    const reissued = reissueAtCurrentPrice(payment.id)!;
    expect(reissued.replaced?.id).toBe(payment.id);
    expect(reissued.payment).toMatchObject({ status: "pending", amountCents: 9990 });
    expect(paymentRow(payment.id).status).toBe("cancelled");

    const expired = await pendingInvoice(4990);
    accepted(applyPaymentStatus(expired.payment.id, { status: "expired", source: "expiry" }));
    raisePrice(expired.plan.id, 7990);
    const fresh = reissueAtCurrentPrice(expired.payment.id)!;
    expect(fresh.payment).toMatchObject({ status: "pending", amountCents: 7990 });
    // The expired one never reopens at its old price.
    expect(paymentRow(expired.payment.id).status).toBe("expired");

    // An approved invoice is history: it is not repriced.
    const paidOne = await pendingInvoice(4990);
    accepted(applyPaymentStatus(paidOne.payment.id, { status: "approved", source: "admin" }));
    raisePrice(paidOne.plan.id, 5990);
    expect(reissueAtCurrentPrice(paidOne.payment.id)?.replaced).toBeNull();
  });

  it("late money on an expired invoice approves it at its price, but not once the price changed", async () => {
    const mismatches = (id: number) =>
      db()
        .select()
        .from(activity)
        .where(eq(activity.entityId, String(id)))
        .all()
        .filter((a) => a.type === DISCREPANCY_ACTIVITY)
        .map((a) => a.action);
    const late = await pendingInvoice(4990);
    accepted(applyPaymentStatus(late.payment.id, { status: "expired", source: "expiry" }));
    expect(
      accepted(
        applyPaymentStatus(late.payment.id, {
          status: "approved",
          source: "webhook",
          paid: paid(),
        }),
      ),
    ).toMatchObject({ changed: true, activated: true });

    const repriced = await pendingInvoice(4990);
    accepted(applyPaymentStatus(repriced.payment.id, { status: "expired", source: "expiry" }));
    raisePrice(repriced.plan.id, 9990);
    for (const source of ["webhook", "poll", "sync"] as const)
      expect(
        accepted(
          applyPaymentStatus(repriced.payment.id, { status: "approved", source, paid: paid() }),
        ),
      ).toMatchObject({
        changed: false,
        activated: false,
        discrepancy: messages.payments.paidRepricedInvoice(formatBRL(4990), formatBRL(9990)),
      });
    expect(paymentRow(repriced.payment.id).status).toBe("expired");
    expect(subscriptionRow(repriced.subscriptionId).status).toBe("expired");
    expect(mismatches(repriced.payment.id)).toEqual([
      `${messages.payments.paidRepricedInvoice(formatBRL(4990), formatBRL(9990))} (Provedor de teste, pagamento T1)`,
    ]);
    // The admin, who sees the notice, may still approve it by hand.
    expect(
      accepted(applyPaymentStatus(repriced.payment.id, { status: "approved", source: "admin" })),
    ).toMatchObject({ changed: true, activated: true });
  });

  it("a cancelled invoice is never approved by a provider, and not by 'Marcar pago' either", async () => {
    const { payment, subscriptionId } = await pendingInvoice(4990);
    accepted(
      applyPaymentStatus(payment.id, { status: "cancelled", source: "webhook", paid: paid() }),
    );
    for (const source of ["webhook", "poll", "sync"] as const)
      expect(
        accepted(applyPaymentStatus(payment.id, { status: "approved", source, paid: paid() })),
      ).toMatchObject({
        changed: false,
        discrepancy: messages.payments.paidCancelledInvoice(formatBRL(4990)),
      });
    expect(
      accepted(applyPaymentStatus(payment.id, { status: "approved", source: "admin" })).changed,
    ).toBe(false);
    expect(paymentRow(payment.id).status).toBe("cancelled");
    expect(subscriptionRow(subscriptionId).status).toBe("cancelled");
    expect(activations(payment.id)).toBe(0);
  });
});
