import { and, count, desc, eq, gte, inArray, lt, or, sql, sum } from "drizzle-orm";
import { activity, payments, plans, subscriptions, users } from "~db/schema";
import { pageBounds } from "~/utils/paging";
import { db } from "~/utils/db.server";
import { likePattern } from "../catalogue/catalogue-rules.server";
import type { Payment, PaymentMethod } from "../accounts/subscription.server";
import { DISCREPANCY_ACTIVITY, type PaymentStatus } from "./payment.server";

/** Reading invoices: a customer's own, the admin's filtered list, and the figures of the gateways. */

export const INVOICES_PER_PAGE = 20;

export type InvoiceRow = Payment & {
  userName: string | null;
  userEmail: string | null;
  planName: string | null;
  /** Its subscription's method (a manual invoice is paid "por transferência" or in cash); null without one. */
  paymentMethod: PaymentMethod | null;
};

const rowColumns = {
  payment: payments,
  userName: users.name,
  userEmail: users.email,
  planName: plans.name,
  paymentMethod: subscriptions.paymentMethod,
};

function toRow(row: {
  payment: Payment;
  userName: string | null;
  userEmail: string | null;
  planName: string | null;
  paymentMethod: PaymentMethod | null;
}): InvoiceRow {
  return {
    ...row.payment,
    userName: row.userName,
    userEmail: row.userEmail,
    planName: row.planName,
    paymentMethod: row.paymentMethod,
  };
}

/** A customer's invoices, newest first. */
export function listUserInvoices(userId: number): InvoiceRow[] {
  return db()
    .select(rowColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.id))
    .all()
    .map(toRow);
}

export function getInvoiceRow(id: number): InvoiceRow | undefined {
  const row = db()
    .select(rowColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(eq(payments.id, id))
    .get();
  return row && toRow(row);
}

export type InvoiceFilters = {
  q?: string;
  status?: PaymentStatus;
  /** Calendar days (YYYY-MM-DD) in America/Sao_Paulo, both included. */
  dateFrom?: string;
  dateTo?: string;
  page?: number;
};

/** Start of a São Paulo calendar day (Brazil keeps UTC−3 all year since 2019). */
function saoPauloDayStart(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

/** The admin's list: free text over reference, provider id, customer name and e-mail; status; dates. */
export function listInvoices(filters: InvoiceFilters, perPage = INVOICES_PER_PAGE) {
  const q = filters.q?.trim();
  const pattern = q ? likePattern(q) : undefined;
  const idFromText = q && /^#?\d+$/.test(q) ? Number(q.replace("#", "")) : undefined;
  const where = and(
    filters.status ? eq(payments.status, filters.status) : undefined,
    filters.dateFrom ? gte(payments.createdAt, saoPauloDayStart(filters.dateFrom)) : undefined,
    filters.dateTo
      ? lt(payments.createdAt, new Date(saoPauloDayStart(filters.dateTo).getTime() + 86_400_000))
      : undefined,
    pattern
      ? or(
          sql`${payments.externalReference} like ${pattern} escape '\\'`,
          sql`coalesce(${payments.providerPaymentId}, '') like ${pattern} escape '\\'`,
          sql`coalesce(${users.name}, '') like ${pattern} escape '\\'`,
          sql`coalesce(${users.email}, '') like ${pattern} escape '\\'`,
          idFromText !== undefined ? eq(payments.id, idFromText) : undefined,
        )
      : undefined,
  );
  const total =
    db()
      .select({ n: count() })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(where)
      .get()?.n ?? 0;
  const { page, pages } = pageBounds(total, perPage, filters.page);
  const items = db()
    .select(rowColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(where)
    .orderBy(desc(payments.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all()
    .map(toRow);
  return { items, total, page, pages, perPage };
}

export type GatewayFigures = {
  byStatus: { status: PaymentStatus; invoices: number; amountCents: number }[];
  /** By how each was paid: a manual invoice split by its subscription's method (transfer, cash). */
  byGateway: {
    gateway: Payment["gateway"];
    paymentMethod: PaymentMethod | null;
    invoices: number;
    approved: number;
    approvedCents: number;
  }[];
  recent: InvoiceRow[];
};

/** The payment-methods page's real figures: invoices by status and by gateway, latest transactions. */
export function gatewayFigures(recentLimit = 10): GatewayFigures {
  const byStatus = db()
    .select({ status: payments.status, invoices: count(), amountCents: sum(payments.amountCents) })
    .from(payments)
    .groupBy(payments.status)
    .all()
    .map((r) => ({
      status: r.status,
      invoices: r.invoices,
      amountCents: Number(r.amountCents ?? 0),
    }));
  const manualMethod = sql<PaymentMethod | null>`case when ${payments.gateway} = 'manual' then ${subscriptions.paymentMethod} end`;
  const byGateway = db()
    .select({
      gateway: payments.gateway,
      paymentMethod: manualMethod,
      invoices: count(),
      approved: sql<number>`sum(case when ${payments.status} = 'approved' then 1 else 0 end)`,
      approvedCents: sql<number>`coalesce(sum(case when ${payments.status} = 'approved' then ${payments.amountCents} else 0 end), 0)`,
    })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .groupBy(payments.gateway, manualMethod)
    .orderBy(payments.gateway, manualMethod)
    .all()
    .map((r) => ({ ...r, approved: Number(r.approved), approvedCents: Number(r.approvedCents) }));
  const recent = db()
    .select(rowColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .orderBy(desc(payments.updatedAt), desc(payments.id))
    .limit(recentLimit)
    .all()
    .map(toRow);
  return { byStatus, byGateway, recent };
}

/**
 * The latest provider payment that did not match each invoice (ADR 0028), from the activity log:
 * "Pagamento divergente: recebido R$ 0,01, esperado R$ 199,90 (Mercado Pago, pagamento 123)".
 */
export function invoiceDiscrepancies(invoiceIds: number[]): Map<number, string> {
  const found = new Map<number, string>();
  if (invoiceIds.length === 0) return found;
  const rows = db()
    .select({ entityId: activity.entityId, action: activity.action })
    .from(activity)
    .where(
      and(
        eq(activity.type, DISCREPANCY_ACTIVITY),
        eq(activity.entity, "payment"),
        inArray(activity.entityId, invoiceIds.map(String)),
      ),
    )
    .orderBy(desc(activity.id))
    .all();
  for (const row of rows) {
    const id = Number(row.entityId);
    if (!found.has(id)) found.set(id, row.action);
  }
  return found;
}
