import { and, asc, eq, sql } from "drizzle-orm";
import { plans, subscriptions } from "~db/schema";
import { db } from "~/utils/db.server";

export type Plan = typeof plans.$inferSelect;
export type PlanWithCustomers = Plan & { customersCount: number; isFree: boolean };

export function isFreePlan(plan: Pick<Plan, "priceCents">): boolean {
  return !plan.priceCents;
}

const customersCount = sql<number>`(
  select count(distinct ${subscriptions.userId}) from ${subscriptions}
  where ${subscriptions.planId} = ${plans.id} and ${subscriptions.status} = 'active'
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
  const row = db().select({ plan: plans, customersCount }).from(plans).where(eq(plans.id, id)).get();
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
