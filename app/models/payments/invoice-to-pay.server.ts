import * as messages from "~/messages";
import { accept, refuse, type Outcome } from "../outcome";
import { reissueAtCurrentPrice, type Payment } from "../accounts/subscription.server";
import { cancelRetiredPixes } from "./poller.server";
import { findPayment, type Viewer } from "./providers.server";

const m = messages.payments;

/** The invoice as its owner (or an admin) may act on it; anyone else is told it does not exist. */
export function invoiceFor(viewer: Viewer, paymentId: number): Outcome<Payment> {
  const payment = Number.isInteger(paymentId) && paymentId > 0 ? findPayment(paymentId) : undefined;
  if (!payment || (viewer.role !== "admin" && payment.userId !== viewer.id))
    return refuse("not_found", m.invoiceNotFound);
  return accept(payment);
}

/**
 * The invoice to pay: this one, or — when its plan's price changed since it was made — a new one
 * at the current price (ADR 0028). A live PIX of the old one is cancelled at PagHiper.
 */
export async function atCurrentPrice(
  payment: Payment,
  now: Date,
): Promise<{ payment: Payment; replaced: Payment | null }> {
  const reissued = reissueAtCurrentPrice(payment.id, now);
  // Whatever retired an invoice of this customer (this reissue, or a subscribe just before) left
  // its live PIX marked: it is cancelled at PagHiper before anything else is charged.
  await cancelRetiredPixes(payment.userId, now);
  if (!reissued?.replaced) return { payment: reissued?.payment ?? payment, replaced: null };
  return reissued;
}
