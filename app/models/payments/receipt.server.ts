import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { payments, plans, subscriptions, users } from "~db/schema";
import { formatCnpj } from "~/utils/cnpj";
import { formatCpf } from "~/utils/cpf";
import { db } from "~/utils/db.server";
import type { ReceiptData } from "~/utils/receipt-pdf.server";
import * as messages from "~/messages";
import { companyLines } from "../company/company.server";

/** A paid invoice's receipt: what the PDF shows, and the invoice it is for. */
export type PaidReceipt = ReceiptData & { paymentId: number };

/** The payer's CPF (11 digits) or CNPJ (14 characters) with its mask. */
const formatTaxId = (taxId: string) => (taxId.length === 11 ? formatCpf(taxId) : formatCnpj(taxId));

/** When the invoice was paid; an approved row without paid_at falls back to its last update. */
const paidAtColumn = sql<number>`coalesce(${payments.paidAt}, ${payments.updatedAt})`;

function paidReceipts(where: SQL | undefined) {
  return db()
    .select({
      paymentId: payments.id,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      updatedAt: payments.updatedAt,
      planId: payments.planId,
      planName: plans.name,
      amountCents: payments.amountCents,
      creditCents: payments.creditCents,
      gateway: payments.gateway,
      paymentMethod: subscriptions.paymentMethod,
      externalReference: payments.externalReference,
      providerPaymentId: payments.providerPaymentId,
      payerTaxId: payments.payerTaxId,
      customerName: users.name,
      customerEmail: users.email,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(and(eq(payments.status, "approved"), where))
    .orderBy(desc(paidAtColumn), desc(payments.id))
    .limit(1)
    .get();
}

function toReceipt(row: NonNullable<ReturnType<typeof paidReceipts>>): PaidReceipt {
  return {
    paymentId: row.paymentId,
    // One number: the receipt's is the invoice's reference, as on "Minhas Faturas" and the provider.
    number: row.externalReference,
    issuer: companyLines(),
    issuedAt: row.createdAt,
    paidAt: row.paidAt ?? row.updatedAt,
    customer: {
      name: row.customerName,
      email: row.customerEmail,
      taxId: row.payerTaxId && formatTaxId(row.payerTaxId),
    },
    planName: row.planName ?? messages.receipt.planFallback(row.planId),
    amountCents: row.amountCents,
    creditCents: row.creditCents,
    gateway: row.gateway,
    paymentMethod: row.paymentMethod,
    providerPaymentId: row.providerPaymentId,
  };
}

/** The receipt of the user's most recently paid (approved) invoice, if they have one. */
export function latestPaidReceipt(userId: number): PaidReceipt | undefined {
  const row = paidReceipts(eq(payments.userId, userId));
  return row ? toReceipt(row) : undefined;
}

/**
 * The receipt of one approved invoice, for its owner or an admin. Anyone else gets nothing, the
 * same as for an invoice that does not exist or is not paid: a customer never learns that another
 * customer's invoice exists.
 */
export function paidReceipt(
  paymentId: number,
  viewer: { id: number; role: string },
): PaidReceipt | undefined {
  const owner = viewer.role === "admin" ? undefined : eq(payments.userId, viewer.id);
  const row = paidReceipts(and(eq(payments.id, paymentId), owner));
  return row ? toReceipt(row) : undefined;
}
