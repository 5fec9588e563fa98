import type { Payment } from "../accounts/subscription.server";
import type { PaymentStatus } from "./payment.server";

/**
 * Which actions an invoice's row offers, by its state (ADR 0055): a row never shows a button that
 * could only be refused or that would mislead (a checkout link of a paid invoice, "Pagar" on a
 * cancelled one). The dialogs and actions behind them still check for themselves.
 */

/** The customer's "Minhas Faturas": pay a pending invoice, a new PIX for an expired one, the receipt of a paid one. */
export type CustomerInvoiceAction = "pay" | "newPix" | "receipt";

export function customerInvoiceActions(status: PaymentStatus): CustomerInvoiceAction[] {
  switch (status) {
    case "pending":
      return ["pay"];
    case "expired":
      return ["newPix"];
    case "approved":
      return ["receipt"];
    default:
      // Rejected, cancelled, refunded: nothing to do on this invoice (a new one is a new subscription).
      return [];
  }
}

/**
 * The admin's invoice list: the checkout link (open it, copy it) only while the invoice can be
 * paid through it; "Sincronizar" only when a provider knows the invoice and its answer can still
 * change something (a pending, rejected or expired invoice may turn paid; a paid one refunded);
 * "Marcar pago" on an unpaid invoice that may still be paid (never paid, refunded or cancelled —
 * see setPaymentStatusByAdmin).
 */
export type AdminInvoiceActions = { paymentLink: boolean; sync: boolean; markPaid: boolean };

const SYNCABLE = new Set<PaymentStatus>(["pending", "rejected", "expired", "approved"]);
const MARKABLE = new Set<PaymentStatus>(["pending", "rejected", "expired"]);

export function adminInvoiceActions(
  invoice: Pick<Payment, "status" | "gateway" | "providerPaymentId" | "checkoutId">,
  hasCheckoutLink: boolean,
): AdminInvoiceActions {
  const providerKnowsIt =
    invoice.gateway !== "manual" && Boolean(invoice.providerPaymentId || invoice.checkoutId);
  return {
    paymentLink: hasCheckoutLink && invoice.status === "pending",
    sync: providerKnowsIt && SYNCABLE.has(invoice.status),
    markPaid: MARKABLE.has(invoice.status),
  };
}
