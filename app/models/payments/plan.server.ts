import { and, asc, count, desc, eq, ne, or, sql } from "drizzle-orm";
import { payments, plans, subscriptions, users } from "~db/schema";
import type { PlanInput } from "~/schemas/payments/plan";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { dailyAllowance } from "../accounts/credits.server";
import { isUniqueViolation, likePattern } from "../catalogue/catalogue-rules.server";
import { refuse, type Outcome } from "../outcome";

const m = messages.plansAdmin;

export type Plan = typeof plans.$inferSelect;
/** A plan as pages show it: `dailySearches` is the daily allowance its monthly credits give (−1 unlimited). */
export type PlanWithCustomers = Plan & {
  customersCount: number;
  isFree: boolean;
  dailySearches: number;
};

export function isFreePlan(plan: Pick<Plan, "priceCents">): boolean {
  return !plan.priceCents;
}

/** What every reading of a plan adds to its row: free or not, and its searches a day. */
function withFigures(plan: Plan, customersCount: number): PlanWithCustomers {
  return {
    ...plan,
    customersCount,
    isFree: isFreePlan(plan),
    dailySearches: dailyAllowance(plan.creditsPerMonth),
  };
}

/**
 * Whether an active plan costs more than `priceCents` (null: free or no plan): the customer has
 * something to upgrade to. The top plan — the dearest active one — offers no upgrade.
 */
export function hasPlanAbove(priceCents: number | null): boolean {
  const above = db()
    .select({ id: plans.id })
    .from(plans)
    .where(
      and(eq(plans.status, "active"), sql`coalesce(${plans.priceCents}, 0) > ${priceCents ?? 0}`),
    )
    .limit(1)
    .get();
  return Boolean(above);
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
    .map(({ plan, customersCount }) => withFigures(plan, customersCount));
}

export function getPlanWithCustomers(id: number): PlanWithCustomers | undefined {
  const row = db()
    .select({ plan: plans, customersCount })
    .from(plans)
    .where(eq(plans.id, id))
    .get();
  return row && withFigures(row.plan, row.customersCount);
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
      total: count(),
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
          ? or(
              sql`${plans.name} like ${pattern} escape '\\'`,
              sql`coalesce(${plans.description}, '') like ${pattern} escape '\\'`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(plans.sortOrder), asc(plans.priceCents), asc(plans.id))
    .all()
    .map(({ plan, customersCount }) => ({
      ...withFigures(plan, customersCount),
      monthlyRevenueCents: (plan.priceCents ?? 0) * customersCount,
    }));
}

function isPlanNameTaken(name: string, exceptId?: number): boolean {
  const clash = db()
    .select({ id: plans.id })
    .from(plans)
    .where(
      and(
        sql`lower(${plans.name}) = lower(${name})`,
        exceptId ? ne(plans.id, exceptId) : undefined,
      ),
    )
    .get();
  return Boolean(clash);
}

const nameTaken = () => refuse("name_taken", m.nameTaken, "name");

export function createPlanByAdmin(input: PlanInput, actorId: number): Outcome<Plan> {
  const database = db();
  const plan = database.transaction((tx) => {
    if (isPlanNameTaken(input.name)) return undefined;
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
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  });
  if (!plan) return nameTaken();
  logActivity({
    actorId,
    type: "plan",
    action: m.activityCreated(plan.name),
    entity: "plan",
    entityId: plan.id,
  });
  return { ok: true, value: plan };
}

/** Saves the plan's fields. */
export function updatePlanByAdmin(id: number, input: PlanInput, actorId: number): Outcome<Plan> {
  const database = db();
  const saved = database.transaction((tx): Outcome<Plan> => {
    if (!tx.select({ id: plans.id }).from(plans).where(eq(plans.id, id)).get())
      return refuse("not_found", m.notFound);
    if (isPlanNameTaken(input.name, id)) return nameTaken();
    try {
      return {
        ok: true,
        value: tx.update(plans).set(input).where(eq(plans.id, id)).returning().get(),
      };
    } catch (error) {
      if (isUniqueViolation(error)) return nameTaken();
      throw error;
    }
  });
  if (saved.ok)
    logActivity({
      actorId,
      type: "plan",
      action: m.activityUpdated(saved.value.name),
      entity: "plan",
      entityId: saved.value.id,
    });
  return saved;
}

export type PlanRemoval = { outcome: "deleted" | "deactivated"; plan: Plan };

/**
 * A plan with active subscribers cannot go (`in_use`). One that only has history — past or
 * pending subscriptions, invoices — is deactivated instead, so that history keeps its plan.
 * Otherwise it is deleted.
 */
export function deletePlanByAdmin(id: number, actorId: number): Outcome<PlanRemoval> {
  const database = db();
  const result = database.transaction((tx): Outcome<PlanRemoval> => {
    const plan = tx.select().from(plans).where(eq(plans.id, id)).get();
    if (!plan) return refuse("not_found", m.notFound);
    const active = tx
      .select({ n: sql<number>`count(distinct ${subscriptions.userId})`.mapWith(Number) })
      .from(subscriptions)
      .where(and(eq(subscriptions.planId, id), eq(subscriptions.status, "active")))
      .get();
    if (active && active.n > 0) return refuse("in_use", m.hasSubscribers(active.n));
    const subscriptionHistory =
      tx.select({ n: count() }).from(subscriptions).where(eq(subscriptions.planId, id)).get()?.n ??
      0;
    const invoices =
      tx.select({ n: count() }).from(payments).where(eq(payments.planId, id)).get()?.n ?? 0;
    if (subscriptionHistory + invoices > 0) {
      tx.update(plans).set({ status: "inactive" }).where(eq(plans.id, id)).run();
      return {
        ok: true,
        value: { outcome: "deactivated", plan: { ...plan, status: "inactive" as const } },
      };
    }
    tx.delete(plans).where(eq(plans.id, id)).run();
    return { ok: true, value: { outcome: "deleted", plan } };
  });
  if (result.ok) {
    const { outcome, plan } = result.value;
    logActivity({
      actorId,
      type: "plan",
      action:
        outcome === "deleted" ? m.activityDeleted(plan.name) : m.activityDeactivated(plan.name),
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
      id: users.id,
      name: users.name,
      email: users.email,
      company: users.company,
      subscriptionId: subscriptions.id,
      paymentMethod: subscriptions.paymentMethod,
      startedAt: subscriptions.startedAt,
      expiresAt: subscriptions.expiresAt,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(subscriptions.planId, planId), eq(subscriptions.status, "active")))
    .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id))
    .all();
}
