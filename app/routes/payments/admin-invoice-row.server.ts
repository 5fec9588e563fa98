import type { InvoiceRow } from "~/models/payments/index.server";
import * as messages from "~/messages";

/**
 * What the admin's invoice tables (the invoice list, the payment methods' recent payments) send
 * to the browser of an invoice: who paid how much, by which gateway, under which reference. Never
 * the PIX payloads or the provider's bookkeeping; each table adds the few columns of its own.
 */
export function adminInvoiceRow(row: InvoiceRow) {
  return {
    id: row.id,
    status: row.status,
    gateway: row.gateway,
    paidWith: messages.payments.paidWith(row.gateway, row.paymentMethod),
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    amountCents: row.amountCents,
    externalReference: row.externalReference,
  };
}
