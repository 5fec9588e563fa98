import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity, plans, subscriptions } from "~db/schema";
import { planFormSchema, type PlanInput } from "~/schemas/payments/plan";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { accepted, createFreePlan, createPlan, createUser } from "../../../tests/support/factories";
import {
  createPlanByAdmin,
  getPlanWithCustomers,
  deletePlanByAdmin,
  listPlansAdmin,
  planCustomers,
  planStatistics,
  updatePlanByAdmin,
} from "./plan.server";
import { assignPlanByAdmin, cancelSubscription } from "../accounts/subscription.server";

let adminId: number;

function input(overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    name: `Plano ${Math.random().toString(36).slice(2, 8)}`,
    description: null,
    creditsPerMonth: 3000,
    priceCents: 2990,
    status: "active",
    features: [],
    policies: null,
    ...overrides,
  };
}

beforeAll(async () => {
  createFreePlan();
  adminId = (await createUser({ role: "admin" })).user.id;
});

describe("plan form schema", () => {
  const parse = (fields: Record<string, string>) => planFormSchema.safeParse(fields);

  it("needs a name and credits above zero, but takes −1 for unlimited", () => {
    const message = "Nome e quantidade de créditos são obrigatórios";
    expect(parse({ name: "", creditsPerMonth: "100" }).error?.issues[0]?.message).toBe(message);
    expect(parse({ name: "X", creditsPerMonth: "0" }).error?.issues[0]?.message).toBe(message);
    expect(parse({ name: "X", creditsPerMonth: "" }).error?.issues[0]?.message).toBe(message);
    expect(parse({ name: "X", creditsPerMonth: "-5" }).error?.issues[0]?.message).toBe(message);
    expect(parse({ name: "X", creditsPerMonth: "1.5" }).success).toBe(false);
    expect(parse({ name: "X", creditsPerMonth: "-1" }).data?.creditsPerMonth).toBe(-1);
  });

  it("reads the price in reais (comma or dot), zero or empty meaning free, never negative", () => {
    expect(parse({ name: "X", creditsPerMonth: "30", price: "49,90" }).data?.priceCents).toBe(4990);
    expect(parse({ name: "X", creditsPerMonth: "30", price: "49.9" }).data?.priceCents).toBe(4990);
    expect(parse({ name: "X", creditsPerMonth: "30", price: "" }).data?.priceCents).toBe(0);
    expect(parse({ name: "X", creditsPerMonth: "30", price: "0" }).data?.priceCents).toBe(0);
    expect(parse({ name: "X", creditsPerMonth: "30", price: "-1" }).success).toBe(false);
    expect(parse({ name: "X", creditsPerMonth: "30", price: "1.999" }).success).toBe(false);
    expect(parse({ name: "X", creditsPerMonth: "30", price: "abc" }).success).toBe(false);
  });

  it("takes features one per line, dropping blanks", () => {
    const parsed = parse({
      name: "X",
      creditsPerMonth: "30",
      features: " Busca por código \n\n Suporte\r\n",
    });
    expect(parsed.data?.features).toEqual(["Busca por código", "Suporte"]);
  });
});

describe("plans management", () => {
  it("creates, lists with search and status filter, updates and logs each change", () => {
    const plan = accepted(
      createPlanByAdmin(
        input({ name: "Oficina Plus", description: "Para oficinas médias", features: ["A", "B"] }),
        adminId,
      ),
    );
    expect(plan).toMatchObject({
      name: "Oficina Plus",
      priceCents: 2990,
      features: ["A", "B"],
      status: "active",
    });
    expect(listPlansAdmin({ q: "oficinas" }).map((p) => p.id)).toEqual([plan.id]);
    expect(listPlansAdmin({ q: "plus" }).map((p) => p.id)).toEqual([plan.id]);
    expect(listPlansAdmin({ q: "100%" })).toEqual([]);

    const updated = accepted(
      updatePlanByAdmin(
        plan.id,
        input({ name: "Oficina Plus", status: "inactive", policies: "Sem fidelidade" }),
        adminId,
      ),
    );
    expect(updated).toMatchObject({ status: "inactive", policies: "Sem fidelidade" });
    expect(listPlansAdmin({ status: "inactive" }).map((p) => p.id)).toContain(plan.id);
    expect(listPlansAdmin({ status: "active" }).map((p) => p.id)).not.toContain(plan.id);
    expect(updatePlanByAdmin(999_999, input(), adminId)).toEqual({
      ok: false,
      reason: "not_found",
      message: messages.plansAdmin.notFound,
    });

    const logged = db()
      .select()
      .from(activity)
      .where(eq(activity.entityId, String(plan.id)))
      .all();
    expect(logged.map((a) => [a.type, a.actorId])).toEqual([
      ["plan", adminId],
      ["plan", adminId],
    ]);
  });

  it("refuses a name another plan has, ignoring case", () => {
    const nameTaken = {
      ok: false,
      reason: "name_taken",
      message: messages.plansAdmin.nameTaken,
      field: "name",
    };
    const first = accepted(createPlanByAdmin(input({ name: "Duplicado" }), adminId));
    expect(createPlanByAdmin(input({ name: "duplicado" }), adminId)).toEqual(nameTaken);
    expect(listPlansAdmin({ q: "duplicado" }).map((p) => p.id)).toEqual([first.id]);
    const other = accepted(createPlanByAdmin(input({ name: "Outro" }), adminId));
    expect(updatePlanByAdmin(other.id, input({ name: "DUPLICADO" }), adminId)).toEqual(nameTaken);
    expect(getPlanWithCustomers(other.id)?.name).toBe("Outro");
    expect(accepted(updatePlanByAdmin(first.id, input({ name: "Duplicado" }), adminId)).name).toBe(
      "Duplicado",
    );
  });

  it("counts customers and revenue per plan and in the statistics", async () => {
    const before = planStatistics();
    const paid = accepted(createPlanByAdmin(input({ name: "Receita", priceCents: 4990 }), adminId));
    const free = accepted(
      createPlanByAdmin(input({ name: "Receita grátis", priceCents: 0 }), adminId),
    );
    const customers = await Promise.all([createUser(), createUser(), createUser()]);
    for (const { user } of customers.slice(0, 2)) {
      accepted(
        assignPlanByAdmin({
          userId: user.id,
          planId: paid.id,
          paymentMethod: "pix",
          actorId: adminId,
        }),
      );
    }
    accepted(
      assignPlanByAdmin({
        userId: customers[2]!.user.id,
        planId: free.id,
        paymentMethod: "credit_card",
        actorId: adminId,
      }),
    );

    const row = listPlansAdmin({ q: "Receita" }).find((p) => p.id === paid.id)!;
    expect(row).toMatchObject({ customersCount: 2, monthlyRevenueCents: 9980 });
    const after = planStatistics();
    expect(after.totalPlans - before.totalPlans).toBe(2);
    expect(after.activePlans - before.activePlans).toBe(2);
    // Three new customers, each counted once although they left the free plan they signed up on.
    expect(after.totalCustomers - before.totalCustomers).toBe(3);
    expect(after.monthlyRevenueCents - before.monthlyRevenueCents).toBe(9980);
    expect(
      planCustomers(paid.id)
        .map((c) => c.id)
        .sort(),
    ).toEqual(
      customers
        .slice(0, 2)
        .map((c) => c.user.id)
        .sort(),
    );
  });
});

describe("customers of one plan", () => {
  it("counts only that plan's active subscribers, whatever the ids line up with", async () => {
    const empty = createPlan({ priceCents: 500 });
    const taken = createPlan({ priceCents: 700 });
    const { user } = await createUser();
    accepted(
      assignPlanByAdmin({
        userId: user.id,
        planId: taken.id,
        paymentMethod: "cash",
        actorId: adminId,
      }),
    );
    expect(getPlanWithCustomers(empty.id)?.customersCount).toBe(0);
    expect(getPlanWithCustomers(taken.id)?.customersCount).toBe(1);
  });
});

describe("deleting a plan", () => {
  it("deletes a plan nobody ever had", () => {
    const plan = accepted(createPlanByAdmin(input(), adminId));
    expect(accepted(deletePlanByAdmin(plan.id, adminId)).outcome).toBe("deleted");
    expect(db().select().from(plans).where(eq(plans.id, plan.id)).get()).toBeUndefined();
    expect(deletePlanByAdmin(plan.id, adminId)).toEqual({
      ok: false,
      reason: "not_found",
      message: messages.plansAdmin.notFound,
    });
  });

  it("refuses while customers subscribe, saying how many", async () => {
    const plan = createPlan({ priceCents: 1000 });
    const { user } = await createUser();
    accepted(
      assignPlanByAdmin({
        userId: user.id,
        planId: plan.id,
        paymentMethod: "cash",
        actorId: adminId,
      }),
    );
    expect(deletePlanByAdmin(plan.id, adminId)).toEqual({
      ok: false,
      reason: "in_use",
      message: messages.plansAdmin.hasSubscribers(1),
    });
    expect(db().select().from(plans).where(eq(plans.id, plan.id)).get()?.status).toBe("active");
  });

  it("deactivates instead when only history (past subscriptions, invoices) refers to it", async () => {
    const plan = createPlan({ priceCents: 1000 });
    const { user } = await createUser();
    const { subscriptionId } = accepted(
      assignPlanByAdmin({
        userId: user.id,
        planId: plan.id,
        paymentMethod: "cash",
        actorId: adminId,
      }),
    );
    accepted(cancelSubscription({ subscriptionId, actorId: adminId }));
    expect(accepted(deletePlanByAdmin(plan.id, adminId)).outcome).toBe("deactivated");
    expect(db().select().from(plans).where(eq(plans.id, plan.id)).get()?.status).toBe("inactive");
    expect(
      db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).get()?.planId,
    ).toBe(plan.id);
  });
});
