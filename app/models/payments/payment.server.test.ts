import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES, payments, users } from "~db/schema";
import { db } from "~/utils/db.server";
import { accepted } from "../../../tests/support/factories";
import {
  activations,
  paid,
  paymentRow,
  pendingInvoice,
  subscriptionRow,
} from "../../../tests/support/invoice-model";
import { currentPlan } from "../accounts/credits.server";
import {
  applyPaymentStatus,
  nextPaymentStatus,
  reopenExpiredInvoice,
  type PaymentStatus,
} from "./payment.server";

describe("nextPaymentStatus (the invoice state machine)", () => {
  const status = fc.constantFrom(...PAYMENT_STATUSES);

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
        fc.array(fc.constantFrom(...PAYMENT_STATUSES), { minLength: 1, maxLength: 20 }),
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
