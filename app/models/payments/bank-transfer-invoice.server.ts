import { and, eq, inArray } from "drizzle-orm";
import { payments, subscriptions } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { accept, refuse, type Outcome } from "../outcome";
import type { Payment } from "../accounts/subscription.server";
import type { BankTransferDetails } from "./gateway-config.server";
import { bankTransferDetails } from "./bank-transfer.server";
import { invoiceFor } from "./invoice-to-pay.server";
import type { Viewer } from "./providers.server";

/**
 * The invoices paid by bank transfer (ADR 0044) and what their owner is shown to pay one. Apart
 * from the kept account (bank-transfer.server), because subscribing asks whether transfer is
 * offered, and the invoices lead back to subscriptions.
 */

const m = messages.bankTransfer;

/** Of these invoices, the ones made for a plan chosen "por transferência". */
export function bankTransferInvoiceIds(paymentIds: number[]): Set<number> {
  if (paymentIds.length === 0) return new Set();
  const rows = db()
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(
      and(
        inArray(payments.id, paymentIds),
        eq(payments.gateway, "manual"),
        eq(subscriptions.paymentMethod, "bank_transfer"),
      ),
    )
    .all();
  return new Set(rows.map((row) => row.id));
}

export function isBankTransferInvoice(payment: Pick<Payment, "id">): boolean {
  return bankTransferInvoiceIds([payment.id]).has(payment.id);
}

type TransferInstructions = {
  invoice: Payment;
  details: BankTransferDetails;
};

/**
 * How to pay one invoice by transfer: the account, the amount and the reference to write in the
 * transfer's description. Only its owner (or an admin) may read it: anyone else is told the
 * invoice does not exist, as for its PIX.
 */
export function transferInstructions(
  viewer: Viewer,
  paymentId: number,
): Outcome<TransferInstructions> {
  const found = invoiceFor(viewer, paymentId);
  if (!found.ok) return found;
  const details = bankTransferDetails();
  if (!details) return refuse("not_configured", m.unavailable);
  return accept({ invoice: found.value, details });
}
