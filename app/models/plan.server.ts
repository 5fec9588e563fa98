import { and, asc, eq, sql } from "drizzle-orm";
import { plans, subscriptions } from "~db/schema";
import { db } from "~/utils/db.server";

export type Plan = typeof plans.$inferSelect;
export type PlanWithCustomers = Plan & { customersCount: number; isFree: boolean };

export function isFreePlan(plan: Pick<Plan, "priceCents">): boolean {
  return !plan.priceCents;
}

/**
 * Written out with explicit table names: in a single-table select drizzle leaves columns
 * unqualified, and a bare "id" inside the subquery would be the subscription's id.
 */
const customersCount = sql<number>`(
  select count(distinct s.user_id) from subscriptions s
  where s.plan_id = "plans"."id" and s.status = 'active'
)`.mapWith(Number);

export function listPlans(filter: { status?: Plan["status"] } = {}): PlanWithCustomers[] {
  return db()
    .select({ plan: plans, customersCount })
    .from(plans)
    .where(filter.status ? eq(plans.status, filter.status) : undefined)
    .orderBy(asc(plans.sortOrder), asc(plans.priceCents), asc(plans.id))
    .all()
    .map(({ plan, customersCount }) => ({ ...plan, customersCount, isFree: isFreePlan(plan) }));
}

export function getPlanWithCustomers(id: number): PlanWithCustomers | undefined {
  const row = db()
    .select({ plan: plans, customersCount })
    .from(plans)
    .where(eq(plans.id, id))
    .get();
  return row && { ...row.plan, customersCount: row.customersCount, isFree: isFreePlan(row.plan) };
}

/** The plan new accounts start on: the first active free plan. */
export function defaultFreePlan(): Plan | undefined {
  return db()
    .select()
    .from(plans)
    .where(and(eq(plans.status, "active"), sql`coalesce(${plans.priceCents}, 0) = 0`))
    .orderBy(asc(plans.sortOrder), asc(plans.id))
    .get();
}

// ---------------------------------------------------------------------------------------------
// Plans management (admin): statistics, the list with revenue, create / update / delete.
// ---------------------------------------------------------------------------------------------

import { count as countP, desc as descP, ne as neP, or as orP } from "drizzle-orm";
import { payments as paymentsP, users as usersP } from "~db/schema";
import type { PlanInput } from "~/schemas/plan";
import { logActivity } from "./activity.server";

export class PlanNameTakenError extends Error {
  constructor() {
    super("plan_name_taken");
  }
}

export class PlanHasSubscribersError extends Error {
  constructor(readonly subscribers: number) {
    super("plan_has_subscribers");
  }
}

export type PlanStatistics = {
  totalPlans: number;
  activePlans: number;
  /** Customers with an active subscription, on any plan. */
  totalCustomers: number;
  /** Σ price × active subscribers, in cents. */
  monthlyRevenueCents: number;
};

export function planStatistics(): PlanStatistics {
  const database = db();
  const planCounts = database
    .select({
      total: countP(),
      active: sql<number>`coalesce(sum(${plans.status} = 'active'), 0)`.mapWith(Number),
    })
    .from(plans)
    .get();
  const subscribed = database
    .select({
      customers: sql<number>`count(distinct ${subscriptions.userId})`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(coalesce(${plans.priceCents}, 0)), 0)`.mapWith(Number),
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.status, "active"))
    .get();
  return {
    totalPlans: planCounts?.total ?? 0,
    activePlans: planCounts?.active ?? 0,
    totalCustomers: subscribed?.customers ?? 0,
    monthlyRevenueCents: subscribed?.revenue ?? 0,
  };
}

export type PlanAdminRow = PlanWithCustomers & { monthlyRevenueCents: number };

/** `%` and `_` typed by a user match themselves. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The admin list: search in name and description, status filter, revenue = price × customers. */
export function listPlansAdmin(
  filter: { q?: string; status?: Plan["status"] } = {},
): PlanAdminRow[] {
  const q = filter.q?.trim();
  const pattern = q ? likePattern(q) : undefined;
  return db()
    .select({ plan: plans, customersCount })
    .from(plans)
    .where(
      and(
        filter.status ? eq(plans.status, filter.status) : undefined,
        pattern
          ? orP(
              sql`${plans.name} like ${pattern} escape '\\'`,
              sql`coalesce(${plans.description}, '') like ${pattern} escape '\\'`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(plans.sortOrder), asc(plans.priceCents), asc(plans.id))
    .all()
    .map(({ plan, customersCount }) => ({
      ...plan,
      customersCount,
      isFree: isFreePlan(plan),
      monthlyRevenueCents: (plan.priceCents ?? 0) * customersCount,
    }));
}

function assertNameFree(name: string, exceptId?: number) {
  const clash = db()
    .select({ id: plans.id })
    .from(plans)
    .where(
      and(
        sql`lower(${plans.name}) = lower(${name})`,
        exceptId ? neP(plans.id, exceptId) : undefined,
      ),
    )
    .get();
  if (clash) throw new PlanNameTakenError();
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "SQLITE_CONSTRAINT_UNIQUE";
}

export function createPlanByAdmin(input: PlanInput, actorId: number): Plan {
  const database = db();
  const plan = database.transaction((tx) => {
    assertNameFree(input.name);
    const last = tx
      .select({ max: sql<number>`coalesce(max(${plans.sortOrder}), -1)`.mapWith(Number) })
      .from(plans)
      .get();
    try {
      return tx
        .insert(plans)
        .values({ ...input, sortOrder: (last?.max ?? -1) + 1 })
        .returning()
        .get();
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlanNameTakenError();
      throw error;
    }
  });
  logActivity({
    actorId,
    type: "plan",
    action: `Criou o plano ${plan.name}`,
    entity: "plan",
    entityId: plan.id,
  });
  return plan;
}

/** Saves the plan's fields; undefined when there is no such plan. */
export function updatePlanByAdmin(id: number, input: PlanInput, actorId: number): Plan | undefined {
  const database = db();
  const plan = database.transaction((tx) => {
    if (!tx.select({ id: plans.id }).from(plans).where(eq(plans.id, id)).get()) return undefined;
    assertNameFree(input.name, id);
    try {
      return tx.update(plans).set(input).where(eq(plans.id, id)).returning().get();
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlanNameTakenError();
      throw error;
    }
  });
  if (plan)
    logActivity({
      actorId,
      type: "plan",
      action: `Atualizou o plano ${plan.name}`,
      entity: "plan",
      entityId: plan.id,
    });
  return plan;
}

/**
 * A plan with active subscribers cannot go (PlanHasSubscribersError). One that only has history —
 * past or pending subscriptions, invoices — is deactivated instead, so that history keeps its plan.
 * Otherwise it is deleted. Undefined when there is no such plan.
 */
export function deletePlanByAdmin(
  id: number,
  actorId: number,
): { outcome: "deleted" | "deactivated"; plan: Plan } | undefined {
  const database = db();
  const result = database.transaction((tx) => {
    const plan = tx.select().from(plans).where(eq(plans.id, id)).get();
    if (!plan) return undefined;
    const active = tx
      .select({ n: sql<number>`count(distinct ${subscriptions.userId})`.mapWith(Number) })
      .from(subscriptions)
      .where(and(eq(subscriptions.planId, id), eq(subscriptions.status, "active")))
      .get();
    if (active && active.n > 0) throw new PlanHasSubscribersError(active.n);
    const subscriptionHistory =
      tx.select({ n: countP() }).from(subscriptions).where(eq(subscriptions.planId, id)).get()?.n ??
      0;
    const invoices =
      tx.select({ n: countP() }).from(paymentsP).where(eq(paymentsP.planId, id)).get()?.n ?? 0;
    if (subscriptionHistory + invoices > 0) {
      tx.update(plans).set({ status: "inactive" }).where(eq(plans.id, id)).run();
      return { outcome: "deactivated" as const, plan: { ...plan, status: "inactive" as const } };
    }
    tx.delete(plans).where(eq(plans.id, id)).run();
    return { outcome: "deleted" as const, plan };
  });
  if (result) {
    const verb = result.outcome === "deleted" ? "Excluiu" : "Desativou (tem histórico)";
    logActivity({
      actorId,
      type: "plan",
      action: `${verb} o plano ${result.plan.name}`,
      entity: "plan",
      entityId: id,
    });
  }
  return result;
}

export type PlanCustomer = {
  id: number;
  name: string;
  email: string;
  company: string | null;
  subscriptionId: number;
  paymentMethod: (typeof subscriptions.$inferSelect)["paymentMethod"];
  startedAt: Date | null;
  expiresAt: Date | null;
};

/** Who is on the plan now: its active subscriptions, newest first. */
export function planCustomers(planId: number): PlanCustomer[] {
  return db()
    .select({
      id: usersP.id,
      name: usersP.name,
      email: usersP.email,
      company: usersP.company,
      subscriptionId: subscriptions.id,
      paymentMethod: subscriptions.paymentMethod,
      startedAt: subscriptions.startedAt,
      expiresAt: subscriptions.expiresAt,
    })
    .from(subscriptions)
    .innerJoin(usersP, eq(usersP.id, subscriptions.userId))
    .where(and(eq(subscriptions.planId, planId), eq(subscriptions.status, "active")))
    .orderBy(descP(subscriptions.startedAt), descP(subscriptions.id))
    .all();
}
