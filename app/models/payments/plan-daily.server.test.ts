import { beforeAll, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { accepted, createFreePlan, createPlan, createUser } from "../../../tests/support/factories";
import { accountSummary, shellSummary } from "../accounts/account.server";
import { assignPlanByAdmin } from "../accounts/subscription.server";
import { getPlanWithCustomers, hasPlanAbove, listPlans, listPlansAdmin } from "./plan.server";

/**
 * One unit for credits (ADR 0048): a plan is stored in monthly credits but every reading of it
 * carries the searches a day it gives, and customers read that figure; the dearest active plan
 * offers no upgrade.
 */

const text = (creditsPerMonth: number) => {
  const plan = createPlan({ creditsPerMonth, priceCents: 1000 });
  return messages.credits.perDay(getPlanWithCustomers(plan.id)!.dailySearches);
};

describe("a plan's daily searches", () => {
  it("are floor(monthly credits / 30), at least 1, −1 unlimited, in every reading of the plan", () => {
    const pro = createPlan({ creditsPerMonth: 6000, priceCents: 19990 });
    expect(getPlanWithCustomers(pro.id)?.dailySearches).toBe(200);
    expect(listPlans({ status: "active" }).find((p) => p.id === pro.id)?.dailySearches).toBe(200);
    expect(listPlansAdmin().find((p) => p.id === pro.id)?.dailySearches).toBe(200);
  });

  it("read as searches a day, never as monthly consultas", () => {
    expect(text(6000)).toBe("200 buscas por dia");
    expect(text(1500)).toBe("50 buscas por dia");
    expect(text(45_000)).toBe("1.500 buscas por dia");
    expect(text(60)).toBe("2 buscas por dia");
    expect(text(59)).toBe("1 busca por dia");
    expect(text(30)).toBe("1 busca por dia");
    expect(text(10)).toBe("1 busca por dia");
    expect(text(-1)).toBe("Buscas ilimitadas");
  });

  it("stand next to the stored monthly credits in the admin's list", () => {
    expect(messages.plansAdmin.perDay(200)).toBe("= 200 buscas por dia");
    expect(messages.plansAdmin.perDay(1)).toBe("= 1 busca por dia");
  });
});

describe("the upgrade offer", () => {
  let middle: number;
  let top: number;
  let topPriceCents: number;

  beforeAll(() => {
    createFreePlan();
    const dearest = Math.max(0, ...listPlans().map((p) => p.priceCents ?? 0));
    middle = createPlan({ creditsPerMonth: 1500, priceCents: dearest + 1000 }).id;
    topPriceCents = dearest + 5000;
    top = createPlan({ creditsPerMonth: 6000, priceCents: topPriceCents }).id;
    // An inactive plan above the top one is not offered, so it does not count.
    createPlan({ creditsPerMonth: -1, priceCents: dearest + 9000, status: "inactive" });
  });

  it("exists while an active plan costs more", () => {
    expect(hasPlanAbove(null)).toBe(true);
    expect(hasPlanAbove(topPriceCents - 1)).toBe(true);
    expect(hasPlanAbove(topPriceCents)).toBe(false);
  });

  it("is made to a free customer and one on a middle plan, not on the top plan nor to an admin", async () => {
    const admin = (await createUser({ role: "admin" })).user;
    const on = async (planId: number | null) => {
      const { user } = await createUser();
      if (planId !== null)
        accepted(
          assignPlanByAdmin({ userId: user.id, planId, paymentMethod: "cash", actorId: admin.id }),
        );
      return user;
    };
    const free = await on(null);
    const onMiddle = await on(middle);
    const onTop = await on(top);
    expect(accountSummary(free).canUpgrade).toBe(true);
    expect(accountSummary(onMiddle).canUpgrade).toBe(true);
    expect(accountSummary(onTop).canUpgrade).toBe(false);
    expect(shellSummary(onTop).canUpgrade).toBe(false);
    expect(shellSummary(onMiddle).canUpgrade).toBe(true);
    expect(shellSummary(admin).canUpgrade).toBe(false);
  });
});
