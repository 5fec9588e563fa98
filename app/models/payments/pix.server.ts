import { and, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { payments } from "~db/schema";
import { cpfDigits, isValidCpf } from "~/utils/cpf";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { accept, refuse, type Outcome } from "../outcome";
import { reopenExpiredInvoice, type PaymentStatus } from "./payment.server";
import type { Payment } from "../accounts/subscription.server";
import { atCurrentPrice, invoiceFor } from "./invoice-to-pay.server";
import { cancelRetiredPixes } from "./poller.server";
import {
  findPayment,
  FIRST_CHECK_MS,
  pagHiper,
  payerOf,
  planNameOf,
  providerMessage,
  type Viewer,
} from "./providers.server";
import { publicOrigin } from "./public-origin.server";
import { noticePixCreated } from "../notifications/billing-mail.server";

/** PIX by PagHiper: the code and QR of a pending invoice. */

const m = messages.payments;

/** How long a PIX code may be paid; PagHiper's own due date (a day) is only the outer bound. */
export const PIX_VALIDITY_MINUTES = 30;

/** providerStatus while a PIX is being created at PagHiper. */
const CREATING = "creating";

export type PixCharge = {
  paymentId: number;
  /** The invoice's reference, the number the customer sees. */
  reference: string;
  pixCode: string;
  pixQrDataUrl: string;
  amountCents: number;
  expiresAt: Date;
  status: PaymentStatus;
};

export function pixChargeOf(payment: Payment): PixCharge | null {
  if (!payment.pixCode || !payment.pixQr || !payment.expiresAt) return null;
  return {
    paymentId: payment.id,
    reference: payment.externalReference,
    pixCode: payment.pixCode,
    pixQrDataUrl: payment.pixQr,
    amountCents: payment.amountCents,
    expiresAt: payment.expiresAt,
    status: payment.status,
  };
}

/**
 * Claims the order id of this invoice's next PIX inside the write lock: two clicks that race
 * send the same order id, and PagHiper answers both with one transaction.
 */
function claimPixOrder(
  paymentId: number,
  now: Date,
): { orderId: string; reuse: Payment | null } | null {
  return immediateTransaction(db(), () => {
    const payment = findPayment(paymentId);
    if (!payment || payment.status !== "pending") return null;
    const live =
      payment.gateway === "paghiper_pix" &&
      payment.pixCode &&
      payment.expiresAt &&
      payment.expiresAt > now;
    if (live) return { orderId: payment.checkoutId ?? payment.externalReference, reuse: payment };
    const generation = Number(payment.checkoutId?.match(/-P(\d+)$/)?.[1] ?? 0);
    // Claimed by a request whose PagHiper call has not come back (or failed): same order id.
    const inFlight =
      payment.gateway === "paghiper_pix" &&
      payment.providerStatus === CREATING &&
      payment.checkoutId;
    const orderId = inFlight
      ? payment.checkoutId!
      : `${payment.externalReference}-P${generation + 1}`;
    db()
      .update(payments)
      .set({
        gateway: "paghiper_pix",
        providerStatus: CREATING,
        checkoutId: orderId,
        pixCode: null,
        pixQr: null,
        expiresAt: null,
        updatedAt: now,
      })
      .where(eq(payments.id, paymentId))
      .run();
    return { orderId, reuse: null };
  });
}

/**
 * The PIX of a pending invoice: the one still valid, or a new one for this CPF. An invoice whose
 * PIX expired opens again with a new charge, at the plan's current price: when that price changed,
 * the invoice is replaced by a new one (`replaced` names the old one), never reopened (ADR 0028).
 */
export async function startPix(
  viewer: Viewer,
  invoiceId: number,
  cpf: string,
  now = new Date(),
): Promise<Outcome<PixCharge & { replaced: Payment | null }>> {
  if (!isValidCpf(cpf)) return refuse("invalid_reference", m.invalidCpf, "cpf");
  const found = invoiceFor(viewer, invoiceId);
  if (!found.ok) return found;
  const gateway = pagHiper();
  if (!gateway.ok) return gateway;
  const origin = publicOrigin();
  if (!origin) return refuse("not_configured", m.publicUrlMissing);
  const { payment: current, replaced } = await atCurrentPrice(found.value, now);
  const paymentId = current.id;
  if (current.status === "expired") reopenExpiredInvoice(paymentId, now);
  const claim = claimPixOrder(paymentId, now);
  if (!claim) return refuse("not_active", m.notPayable);
  if (claim.reuse) return accept({ ...pixChargeOf(claim.reuse)!, replaced });
  const payment = findPayment(paymentId)!;
  const payer = payerOf(payment.userId);
  try {
    const pix = await gateway.value.client.createPix({
      orderId: claim.orderId,
      payerEmail: payer.email,
      payerName: payer.name,
      payerCpf: cpfDigits(cpf),
      notificationUrl: `${origin}/api/webhooks/paghiper`,
      daysDueDate: 1,
      items: [
        {
          itemId: String(payment.planId ?? payment.id),
          description: m.pixDescription(planNameOf(payment)),
          quantity: 1,
          priceCents: payment.amountCents,
        },
      ],
    });
    const pixQr = await QRCode.toDataURL(pix.emv, {
      errorCorrectionLevel: "M",
      margin: 1,
      width: 280,
    });
    db()
      .update(payments)
      .set({
        providerPaymentId: pix.transactionId,
        providerStatus: pix.status,
        // Who pays: the receipt names them by this CPF.
        payerTaxId: cpfDigits(cpf),
        pixCode: pix.emv,
        pixQr,
        expiresAt: new Date(now.getTime() + PIX_VALIDITY_MINUTES * 60_000),
        nextCheckAt: new Date(now.getTime() + FIRST_CHECK_MS),
        checkAttempts: 0,
        updatedAt: now,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.checkoutId, claim.orderId)))
      .run();
    const saved = findPayment(paymentId)!;
    if (saved.status !== "pending") {
      // Retired (its price changed) while PagHiper made the PIX: that PIX must not stay payable.
      await cancelRetiredPixes(saved.userId, now);
      return refuse("not_active", m.notPayable);
    }
    const charge = pixChargeOf(saved);
    if (!charge) return refuse("provider_failed", m.pixFailed);
    noticePixCreated(saved.id);
    return accept({ ...charge, replaced });
  } catch (error) {
    console.error(m.logPixFailed(paymentId), error);
    return refuse("provider_failed", providerMessage(error, m.pixFailed));
  }
}
