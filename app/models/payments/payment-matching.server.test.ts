import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity, plans } from "~db/schema";
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
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";
import {
  applyPaymentStatus,
  centsOf,
  DISCREPANCY_ACTIVITY,
  type PaidEvidence,
} from "./payment.server";
import { reissueAtCurrentPrice, subscribe } from "../accounts/subscription.server";

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
