import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "~db/schema";
import { db } from "~/utils/db.server";
import { accepted, createFreePlan, createPlan, createUser } from "../../../tests/support/factories";
import { currentPlan } from "./credits.server";
import {
  applyDueScheduledPlanChanges,
  cancelScheduledPlanChange,
  hasDueScheduledPlanChanges,
  scheduledPlanChange,
} from "./plan-change.server";
import { activatePayment, assignPlanByAdmin, subscribe } from "./subscription.server";
import { subscriptionsOf } from "../../../tests/support/invoice-model";

/** Downgrades wait for the paid period's end (ADR 0046); upgrades: plan-change.server.test.ts. */

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-07-01T12:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

function upgradeInvoice(userId: number, planId: number, now: Date) {
  const result = accepted(subscribe({ userId, planId, paymentMethod: "pix" }, now));
  if (result.kind !== "payment_required")
    throw new Error(`expected an invoice, got ${result.kind}`);
  return result.payment;
}

describe("a downgrade while a paid period runs", () => {
  async function customerOnTopPlan() {
    const cheaper = createPlan({ priceCents: 4990 });
    const top = createPlan({ priceCents: 19990 });
    const { user } = await createUser();
    const admin = await createUser({ role: "admin" });
    accepted(
      assignPlanByAdmin(
        { userId: user.id, planId: top.id, paymentMethod: "cash", actorId: admin.user.id },
        T0,
      ),
    );
    return { user, top, cheaper, subscriptionId: currentPlan(user.id, T0)!.subscriptionId };
  }

  it("charges nothing now, keeps the period, and is shown as scheduled for its end", async () => {
    const { user, top, cheaper, subscriptionId } = await customerOnTopPlan();
    const now = at(3 * DAY);
    const result = accepted(
      subscribe({ userId: user.id, planId: cheaper.id, paymentMethod: "pix" }, now),
    );
    expect(result).toMatchObject({ kind: "scheduled", effectiveAt: at(30 * DAY) });
    expect(db().select().from(payments).where(eq(payments.planId, cheaper.id)).all()).toHaveLength(
      0,
    );
    expect(currentPlan(user.id, now)).toMatchObject({ planId: top.id, expiresAt: at(30 * DAY) });
    expect(scheduledPlanChange(user.id, now)).toMatchObject({
      subscriptionId,
      planId: cheaper.id,
      planName: cheaper.name,
      effectiveAt: at(30 * DAY),
    });
  });

  it("can be cancelled until then; cancelling twice is refused", async () => {
    const { user, cheaper } = await customerOnTopPlan();
    accepted(subscribe({ userId: user.id, planId: cheaper.id, paymentMethod: "pix" }, at(DAY)));
    accepted(cancelScheduledPlanChange(user.id, at(2 * DAY)));
    expect(scheduledPlanChange(user.id, at(2 * DAY))).toBeNull();
    const again = cancelScheduledPlanChange(user.id, at(2 * DAY));
    expect(again).toMatchObject({ ok: false, reason: "not_active" });
    expect(applyDueScheduledPlanChanges(at(31 * DAY), user.id)).toBe(0);
  });

  it("to a free plan takes effect at the period's end, once", async () => {
    const free = createFreePlan();
    const { user, subscriptionId } = await customerOnTopPlan();
    accepted(
      subscribe({ userId: user.id, planId: free.id, paymentMethod: "credit_card" }, at(DAY)),
    );
    expect(applyDueScheduledPlanChanges(at(30 * DAY - 1), user.id)).toBe(0);
    expect(hasDueScheduledPlanChanges(at(30 * DAY))).toBe(true);
    expect(applyDueScheduledPlanChanges(at(30 * DAY + 5000), user.id)).toBe(1);
    expect(applyDueScheduledPlanChanges(at(30 * DAY + 9000), user.id)).toBe(0);
    expect(currentPlan(user.id, at(31 * DAY))).toMatchObject({
      planId: free.id,
      startedAt: at(30 * DAY),
    });
    const rows = subscriptionsOf(user.id);
    expect(rows.find((s) => s.id === subscriptionId)?.status).toBe("expired");
    expect(rows.filter((s) => s.planId === free.id && s.status === "active")).toHaveLength(1);
  });

  it("to a cheaper paid plan opens its invoice at the period's end, at the full price", async () => {
    const { user, cheaper } = await customerOnTopPlan();
    accepted(subscribe({ userId: user.id, planId: cheaper.id, paymentMethod: "pix" }, at(DAY)));
    expect(applyDueScheduledPlanChanges(at(30 * DAY), user.id)).toBe(1);
    expect(applyDueScheduledPlanChanges(at(30 * DAY), user.id)).toBe(0);
    const invoices = db().select().from(payments).where(eq(payments.planId, cheaper.id)).all();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "pending", amountCents: 4990, creditCents: 0 });
  });

  it("is dropped when the customer upgrades instead", async () => {
    const { user, cheaper } = await customerOnTopPlan();
    accepted(subscribe({ userId: user.id, planId: cheaper.id, paymentMethod: "pix" }, at(DAY)));
    const dearest = createPlan({ priceCents: 29990 });
    const payment = upgradeInvoice(user.id, dearest.id, at(2 * DAY));
    accepted(activatePayment(payment.id, { now: at(2 * DAY) }));
    expect(scheduledPlanChange(user.id, at(3 * DAY))).toBeNull();
    expect(applyDueScheduledPlanChanges(at(40 * DAY), user.id)).toBe(0);
  });
});
