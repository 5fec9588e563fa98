import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { accepted, createFreePlan, createPlan, createUser } from "../../../tests/support/factories";
import { currentPlan } from "./credits.server";
import { getUserById } from "./user.server";
import {
  activatePayment,
  assignPlanByAdmin,
  cancelSubscription,
  subscribe,
} from "./subscription.server";
import { subscriptionsOf } from "../../../tests/support/invoice-model";

describe("plan change by the customer", () => {
  it("switches to a free plan at once once no paid period runs", async () => {
    const free = createFreePlan();
    const paid = createPlan({ priceCents: 4990, creditsPerMonth: 6000 });
    const { user } = await createUser();
    const admin = await createUser({ role: "admin" });
    const start = new Date("2026-07-01T12:00:00Z");
    accepted(
      assignPlanByAdmin(
        { userId: user.id, planId: paid.id, paymentMethod: "cash", actorId: admin.user.id },
        start,
      ),
    );
    // While the paid period runs a free plan waits for its end (plan-change.server.test.ts).
    const later = new Date(start.getTime() + 31 * 24 * 60 * 60 * 1000);
    const result = accepted(
      subscribe({ userId: user.id, planId: free.id, paymentMethod: "credit_card" }, later),
    );
    expect(result.kind).toBe("activated");
    expect(currentPlan(user.id, later)?.planId).toBe(free.id);
    expect(getUserById(user.id)?.role).toBe("user");
  });

  it("keeps the current plan until the paid plan's invoice is approved, and activates once", async () => {
    createFreePlan();
    const paid = createPlan({ priceCents: 4990, creditsPerMonth: 6000 });
    const { user } = await createUser();
    const startingPlan = currentPlan(user.id)!.planId;
    const now = new Date("2026-07-01T12:00:00Z");
    const result = accepted(
      subscribe({ userId: user.id, planId: paid.id, paymentMethod: "pix" }, now),
    );
    expect(result.kind).toBe("payment_required");
    if (result.kind !== "payment_required") return;
    expect(result.payment).toMatchObject({
      status: "pending",
      gateway: "manual",
      amountCents: 4990,
    });
    expect(currentPlan(user.id, now)?.planId).toBe(startingPlan);

    const again = accepted(
      subscribe({ userId: user.id, planId: paid.id, paymentMethod: "pix" }, now),
    );
    expect(again.kind === "payment_required" && again.payment.id).toBe(result.payment.id);

    const first = accepted(activatePayment(result.payment.id, { now }));
    const second = accepted(activatePayment(result.payment.id, { now }));
    expect(first.activated).toBe(true);
    expect(second.activated).toBe(false);
    const plan = currentPlan(user.id, now);
    expect(plan?.planId).toBe(paid.id);
    expect(plan?.expiresAt?.toISOString()).toBe("2026-07-31T12:00:00.000Z");
    expect(subscriptionsOf(user.id).map((s) => s.status)).toEqual(["cancelled", "active"]);
    expect(getUserById(user.id)?.role).toBe("premium_user");
    expect(currentPlan(user.id, new Date("2026-08-01T00:00:00Z"))).toBeNull();
    expect(activatePayment(999_999, { now })).toEqual({
      ok: false,
      reason: "not_found",
      message: messages.api.notFound,
    });
  });

  it("refuses unknown and inactive plans, and the plan already in force", async () => {
    const { user } = await createUser();
    const starting = currentPlan(user.id)!.planId;
    expect(subscribe({ userId: user.id, planId: starting, paymentMethod: "pix" })).toEqual({
      ok: false,
      reason: "already_current",
      message: messages.planChange.alreadyOnPlan,
    });
    const inactive = createPlan({ status: "inactive", priceCents: 100 });
    // A customer cannot tell an inactive plan from a missing one: both are "not found".
    const notFound = {
      ok: false,
      reason: "not_found",
      message: messages.planChange.planNotFound,
    };
    expect(subscribe({ userId: user.id, planId: 999_999, paymentMethod: "pix" })).toEqual(notFound);
    expect(subscribe({ userId: user.id, planId: inactive.id, paymentMethod: "pix" })).toEqual(
      notFound,
    );
    expect(currentPlan(user.id)?.planId).toBe(starting);
    expect(subscriptionsOf(user.id)).toHaveLength(1);
  });
});

describe("admin assignment and cancellation", () => {
  it("activates at once with an approved manual invoice, and cancels only an active subscription", async () => {
    createFreePlan();
    const paid = createPlan({ priceCents: 19990, creditsPerMonth: -1 });
    const { user } = await createUser();
    const admin = await createUser({ role: "admin" });
    const { subscriptionId, paymentId } = accepted(
      assignPlanByAdmin({
        userId: user.id,
        planId: paid.id,
        paymentMethod: "credit_card",
        actorId: admin.user.id,
      }),
    );
    expect(currentPlan(user.id)?.planId).toBe(paid.id);
    const invoice = db().select().from(payments).where(eq(payments.id, paymentId!)).get();
    expect(invoice).toMatchObject({ status: "approved", gateway: "manual", amountCents: 19990 });
    expect(cancelSubscription({ subscriptionId, actorId: admin.user.id })).toEqual({
      ok: true,
      value: null,
    });
    expect(currentPlan(user.id)).toBeNull();
    expect(cancelSubscription({ subscriptionId, actorId: admin.user.id })).toEqual({
      ok: false,
      reason: "not_active",
      message: messages.customersAdmin.noActiveSubscription,
    });
  });

  it("refuses unknown and inactive plans, pointing at the plan field", async () => {
    const { user } = await createUser();
    const admin = await createUser({ role: "admin" });
    const starting = currentPlan(user.id)!.planId;
    const inactive = createPlan({ status: "inactive", priceCents: 100 });
    const assign = (planId: number) =>
      assignPlanByAdmin({ userId: user.id, planId, paymentMethod: "pix", actorId: admin.user.id });
    expect(assign(999_999)).toEqual({
      ok: false,
      reason: "invalid_reference",
      message: messages.customersAdmin.planNotFound,
      field: "planId",
    });
    expect(assign(inactive.id)).toEqual({
      ok: false,
      reason: "inactive",
      message: messages.customersAdmin.planInactive,
      field: "planId",
    });
    expect(currentPlan(user.id)?.planId).toBe(starting);
    expect(subscriptionsOf(user.id)).toHaveLength(1);
  });
});
