import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { payments, plans, subscriptions, users } from "~db/schema";
import type { CustomerListQuery } from "~/schemas/accounts/customer";
import { pageBounds } from "~/utils/paging";
import { db } from "~/utils/db.server";
import { searchStats, type SearchStats } from "./credits.server";
import { likePattern } from "../catalogue/catalogue-rules.server";
import { isFreePlan } from "../payments/plan.server";
import type { PaymentMethod } from "./subscription.server";
import type { User } from "./user.server";

/** The admin's customers: who they are, the list, a row and the totals. Changes are in customer-admin.server. */

/** Customers are the accounts that are not admins: roles user and premium_user. */
export const CUSTOMER_ROLES = ["user", "premium_user"] as const;
export const CUSTOMERS_PER_PAGE = 20;

const isCustomer = inArray(users.role, [...CUSTOMER_ROLES]);

/** The customer, or undefined for unknown ids and for admins (who are not managed here). */
export function getCustomer(id: number): User | undefined {
  return db()
    .select()
    .from(users)
    .where(and(eq(users.id, id), isCustomer))
    .get();
}

export type CustomerStatistics = {
  totalCustomers: number;
  activeCustomers: number;
  /** Customers with an active subscription to a paid plan (everyone starts on the free plan). */
  subscribedCustomers: number;
  /** Σ extra credits (credits_balance). */
  totalCredits: number;
  /** Σ approved invoices, in cents. */
  totalRevenueCents: number;
};

export function customerStatistics(): CustomerStatistics {
  const database = db();
  const accounts = database
    .select({
      total: count(),
      active: sql<number>`coalesce(sum(${users.status} = 'active'), 0)`.mapWith(Number),
      credits: sql<number>`coalesce(sum(${users.creditsBalance}), 0)`.mapWith(Number),
    })
    .from(users)
    .where(isCustomer)
    .get();
  const subscribed = database
    .select({ n: sql<number>`count(distinct ${subscriptions.userId})`.mapWith(Number) })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, "active"),
        sql`coalesce(${plans.priceCents}, 0) > 0`,
        isCustomer,
      ),
    )
    .get();
  const revenue = database
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number) })
    .from(payments)
    .where(eq(payments.status, "approved"))
    .get();
  return {
    totalCustomers: accounts?.total ?? 0,
    activeCustomers: accounts?.active ?? 0,
    subscribedCustomers: subscribed?.n ?? 0,
    totalCredits: accounts?.credits ?? 0,
    totalRevenueCents: revenue?.cents ?? 0,
  };
}

export type CustomerSubscription = {
  id: number;
  planId: number;
  planName: string;
  isFree: boolean;
  status: (typeof subscriptions.$inferSelect)["status"];
  paymentMethod: PaymentMethod;
  startedAt: Date | null;
  expiresAt: Date | null;
};

/** The subscription a customer row shows: the active one, else the latest of any status. */
export function customerSubscription(userId: number): CustomerSubscription | null {
  const row = db()
    .select({
      id: subscriptions.id,
      planId: plans.id,
      planName: plans.name,
      priceCents: plans.priceCents,
      status: subscriptions.status,
      paymentMethod: subscriptions.paymentMethod,
      startedAt: subscriptions.startedAt,
      expiresAt: subscriptions.expiresAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(sql`${subscriptions.status} = 'active'`), desc(subscriptions.id))
    .get();
  if (!row) return null;
  const { priceCents, ...rest } = row;
  return { ...rest, isFree: isFreePlan({ priceCents }) };
}

/** The account's own fields a customer row carries, listed once for its type and its copy (never the password hash). */
const ROW_FIELDS = [
  "id",
  "name",
  "email",
  "phone",
  "company",
  "role",
  "customerType",
  "status",
  "notes",
  "creditsBalance",
  "lastSearchAt",
  "createdAt",
] as const satisfies readonly (keyof User)[];
type RowFields = Pick<User, (typeof ROW_FIELDS)[number]>;

export type CustomerRow = RowFields & {
  subscription: CustomerSubscription | null;
  /** Today's remaining searches (plan allowance left + extra credits) and the plan's daily allowance. */
  credits: Pick<SearchStats, "remainingSearches" | "dailyAllowance" | "creditsBalance">;
  /** Σ approved invoices, in cents. */
  totalSpentCents: number;
};

function paidTotals(userIds: number[]): Map<number, number> {
  const totals = new Map<number, number>();
  if (userIds.length === 0) return totals;
  const rows = db()
    .select({
      userId: payments.userId,
      cents: sql<number>`sum(${payments.amountCents})`.mapWith(Number),
    })
    .from(payments)
    .where(and(inArray(payments.userId, userIds), eq(payments.status, "approved")))
    .groupBy(payments.userId)
    .all();
  for (const row of rows) totals.set(row.userId, row.cents);
  return totals;
}

function toRows(customers: User[], now: Date): CustomerRow[] {
  const totals = paidTotals(customers.map((c) => c.id));
  return customers.map((customer) => {
    const stats = searchStats(customer, now);
    const fields = Object.fromEntries(ROW_FIELDS.map((field) => [field, customer[field]]));
    return {
      ...(fields as RowFields),
      subscription: customerSubscription(customer.id),
      credits: {
        remainingSearches: stats.remainingSearches,
        dailyAllowance: stats.dailyAllowance,
        creditsBalance: stats.creditsBalance,
      },
      totalSpentCents: totals.get(customer.id) ?? 0,
    };
  });
}

export type CustomerPage = {
  items: CustomerRow[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
};

/** Search in name, e-mail and company; filters by status and type; alphabetical, one page at a time. */
export function listCustomers(
  query: Partial<CustomerListQuery>,
  options: { perPage?: number; now?: Date } = {},
): CustomerPage {
  const perPage = options.perPage ?? CUSTOMERS_PER_PAGE;
  const q = query.q?.trim();
  const pattern = q ? likePattern(q) : undefined;
  const where = and(
    isCustomer,
    query.status ? eq(users.status, query.status) : undefined,
    query.type ? eq(users.customerType, query.type) : undefined,
    pattern
      ? or(
          sql`${users.name} like ${pattern} escape '\\'`,
          sql`${users.email} like ${pattern} escape '\\'`,
          sql`coalesce(${users.company}, '') like ${pattern} escape '\\'`,
        )
      : undefined,
  );
  const total = db().select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  const { page, pages } = pageBounds(total, perPage, query.page);
  const customers = db()
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(sql`${users.name} collate nocase`), asc(users.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all();
  return { items: toRows(customers, options.now ?? new Date()), total, page, pages, perPage };
}

export function getCustomerRow(id: number, now = new Date()): CustomerRow | undefined {
  const customer = getCustomer(id);
  return customer && toRows([customer], now)[0];
}
