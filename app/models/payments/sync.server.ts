import { and, eq, isNotNull, or } from "drizzle-orm";
import { payments } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { accept, refuse, type Outcome } from "../outcome";
import { applyPaymentStatus, type PaymentStatus, type StatusSource } from "./payment.server";
import type { Payment } from "../accounts/subscription.server";
import { invoiceFor } from "./invoice-to-pay.server";
import { askProvider, findPayment, providerMessage, type Viewer } from "./providers.server";

/** Asking the providers about an invoice on demand, and a status set by hand. */

const m = messages.payments;

/** Asks the provider about one invoice and applies what it says ("Sincronizar", "Verificar pagamento"). */
export async function syncPayment(
  viewer: Viewer,
  paymentId: number,
  source: StatusSource = "sync",
  now = new Date(),
): Promise<Outcome<{ status: PaymentStatus; payment: Payment }>> {
  const found = invoiceFor(viewer, paymentId);
  if (!found.ok) return found;
  try {
    const said = await askProvider(found.value, now);
    if (!said) return accept({ status: found.value.status, payment: found.value });
    const applied = applyPaymentStatus(paymentId, { ...said, source, actorId: viewer.id }, now);
    if (!applied.ok) return applied;
    return accept({ status: applied.value.payment.status, payment: applied.value.payment });
  } catch (error) {
    console.error(m.logSyncFailed(paymentId), error);
    return refuse("provider_failed", providerMessage(error, m.syncFailed));
  }
}

/** How often one invoice may be asked about on behalf of a customer's open invoice list. */
export const PENDING_SYNC_INTERVAL_MS = 8_000;
/** How long the invoice list waits for the providers before it answers with what it has. */
const PENDING_SYNC_BUDGET_MS = 3_000;
const lastAskedAt = new Map<number, number>();

/**
 * The spec's "pending invoices are synced every 10 seconds" while a customer's list is open: asks
 * the provider about each of the viewer's pending invoices that a provider knows, at most once per
 * PENDING_SYNC_INTERVAL_MS each (per process), and waits at most PENDING_SYNC_BUDGET_MS for the
 * answers; what arrives later is still applied. Returns how many invoices were asked about.
 */
export async function syncPendingInvoicesOf(viewer: Viewer, now = new Date()): Promise<number> {
  const pending = db()
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, viewer.id),
        eq(payments.status, "pending"),
        or(isNotNull(payments.providerPaymentId), isNotNull(payments.checkoutId)),
      ),
    )
    .all()
    .filter(({ id }) => now.getTime() - (lastAskedAt.get(id) ?? 0) >= PENDING_SYNC_INTERVAL_MS);
  for (const { id } of pending) lastAskedAt.set(id, now.getTime());
  if (pending.length === 0) return 0;
  const asking = Promise.allSettled(pending.map(({ id }) => syncPayment(viewer, id, "sync", now)));
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise((resolve) => (timer = setTimeout(resolve, PENDING_SYNC_BUDGET_MS)));
  await Promise.race([asking, budget]).finally(() => clearTimeout(timer));
  return pending.length;
}

/** "Marcar pago" and the admin's PATCH: a status set by hand, through the same rules. */
export function setPaymentStatusByAdmin(
  paymentId: number,
  status: PaymentStatus,
  actorId: number,
  now = new Date(),
): Outcome<Payment> {
  const payment = findPayment(paymentId);
  if (!payment) return refuse("not_found", m.invoiceNotFound);
  if (payment.status === status) return accept(payment);
  // A cancelled invoice stays cancelled (ADR 0028): money paid on it is refunded or the plan
  // given from the customer's record, not approved here.
  if (payment.status === "cancelled" && status === "approved")
    return refuse("not_active", m.cancelledNotPayable);
  const applied = applyPaymentStatus(paymentId, { status, source: "admin", actorId }, now);
  if (!applied.ok) return applied;
  if (!applied.value.changed) return refuse("not_active", m.cannotChange(payment.status, status));
  return accept(applied.value.payment);
}
