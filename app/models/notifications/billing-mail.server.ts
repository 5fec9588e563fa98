import { eq } from "drizzle-orm";
import { payments, plans } from "~db/schema";
import { db } from "~/utils/db.server";
import { formatBRL, formatDateTime } from "~/utils/format";
import { renderReceiptPdf } from "~/utils/receipt-pdf.server";
import * as messages from "~/messages";
import { paidReceipt } from "../payments/receipt.server";
import { afterCommit, appUrl, notify } from "./notify.server";

/**
 * The invoice's notices (ADR 0047), each once per event by its key and governed by
 * "subscription alerts": invoice opened, PIX made (its copia e cola), payment approved (the
 * receipt PDF attached), PIX expired.
 */

const m = messages.notifications;

type Invoice = typeof payments.$inferSelect & { planName: string };

function invoice(paymentId: number): Invoice | undefined {
  const row = db()
    .select({ payment: payments, planName: plans.name })
    .from(payments)
    .leftJoin(plans, eq(plans.id, payments.planId))
    .where(eq(payments.id, paymentId))
    .get();
  if (!row) return undefined;
  return { ...row.payment, planName: row.planName ?? messages.receipt.planFallback(null) };
}

const details = (payment: Invoice) =>
  m.invoiceDetails(payment.externalReference, payment.planName, formatBRL(payment.amountCents));

/** The copia e cola of a PIX still to pay, and until when it is valid. */
const pixLines = (payment: Invoice) =>
  payment.pixCode
    ? [
        m.pixCopyPaste,
        payment.pixCode,
        ...(payment.expiresAt ? [m.pixValidUntil(formatDateTime(payment.expiresAt))] : []),
      ]
    : [];

/** A pending invoice was opened (`subscribe`): amount, plan, reference, the link to pay it. */
export async function queueInvoiceCreatedMail(paymentId: number): Promise<boolean> {
  const payment = invoice(paymentId);
  if (!payment || payment.status !== "pending") return false;
  return notify({
    userId: payment.userId,
    topic: "billing",
    eventKey: `invoice-created:${payment.id}`,
    kind: "invoice_created",
    layout: (appName) => ({
      subject: m.invoiceCreatedSubject(appName, payment.externalReference),
      heading: m.invoiceCreatedHeading,
      paragraphs: [
        m.invoiceCreatedIntro(payment.planName, formatBRL(payment.amountCents)),
        details(payment),
        ...pixLines(payment),
      ],
      action: { label: m.invoiceCreatedAction, url: appUrl(`/invoices/${payment.id}/pagar`) },
    }),
  });
}

/** Where a PIX code is told apart from the invoice's other PIX codes. */
const pixId = (payment: Invoice) => payment.providerPaymentId ?? payment.checkoutId ?? "pix";

/** A new PIX code was made for an invoice (`startPix`): its copia e cola and validity. */
export async function queuePixCreatedMail(paymentId: number): Promise<boolean> {
  const payment = invoice(paymentId);
  if (!payment || payment.status !== "pending" || !payment.pixCode) return false;
  return notify({
    userId: payment.userId,
    topic: "billing",
    eventKey: `pix-created:${payment.id}:${pixId(payment)}`,
    kind: "pix_created",
    layout: (appName) => ({
      subject: m.pixCreatedSubject(appName, payment.externalReference),
      heading: m.pixCreatedHeading,
      paragraphs: [
        m.pixCreatedIntro(payment.planName, formatBRL(payment.amountCents)),
        details(payment),
        ...pixLines(payment),
      ],
      action: { label: m.pixCreatedAction, url: appUrl(`/invoices/${payment.id}/pix`) },
    }),
  });
}

/** An invoice was approved (its plan started): the receipt PDF attached. */
export async function queuePaymentApprovedMail(paymentId: number): Promise<boolean> {
  const payment = invoice(paymentId);
  const receipt = payment && paidReceipt(paymentId, { id: payment.userId, role: "user" });
  if (!payment || !receipt) return false;
  const fileName = messages.receipt.fileName(receipt.number);
  return notify({
    userId: payment.userId,
    topic: "billing",
    eventKey: `payment-approved:${payment.id}`,
    kind: "payment_approved",
    layout: (appName) => ({
      subject: m.paymentApprovedSubject(appName, payment.externalReference),
      heading: m.paymentApprovedHeading,
      paragraphs: [
        m.paymentApprovedIntro(payment.planName, formatBRL(payment.amountCents)),
        details(payment),
        m.paymentApprovedReceipt(fileName),
      ],
      action: { label: m.paymentApprovedAction, url: appUrl("/invoices") },
    }),
    attachments: async () => [
      {
        filename: fileName,
        contentType: "application/pdf",
        content: await renderReceiptPdf(receipt),
      },
    ],
  });
}

/** An invoice's PIX passed its time unpaid (the poller, or PagHiper saying so). */
export async function queuePixExpiredMail(paymentId: number): Promise<boolean> {
  const payment = invoice(paymentId);
  if (!payment || payment.status !== "expired" || payment.gateway !== "paghiper_pix") return false;
  return notify({
    userId: payment.userId,
    topic: "billing",
    eventKey: `pix-expired:${payment.id}:${pixId(payment)}`,
    kind: "pix_expired",
    layout: (appName) => ({
      subject: m.pixExpiredSubject(appName, payment.externalReference),
      heading: m.pixExpiredHeading,
      paragraphs: [m.pixExpiredIntro(formatBRL(payment.amountCents)), details(payment)],
      action: { label: m.pixExpiredAction, url: appUrl(`/invoices/${payment.id}/pagar`) },
      footnotes: [m.pixExpiredHint],
    }),
  });
}

/** Where `subscribe` opened a new invoice (its transaction's last step). */
export function noticeInvoiceOpened(paymentId: number): void {
  afterCommit(`invoice-created:${paymentId}`, () => queueInvoiceCreatedMail(paymentId));
}

/** Where `startPix` saved a new code. */
export function noticePixCreated(paymentId: number): void {
  afterCommit(`pix-created:${paymentId}`, () => queuePixCreatedMail(paymentId));
}

/** Where `activatePayment` approved an invoice and started its plan, once per invoice. */
export function noticePaymentApproved(paymentId: number): void {
  afterCommit(`payment-approved:${paymentId}`, () => queuePaymentApprovedMail(paymentId));
}

/** Where `applyPaymentStatus` expired an invoice (a PIX one's code passed its time). */
export function noticeInvoiceExpired(paymentId: number): void {
  afterCommit(`pix-expired:${paymentId}`, () => queuePixExpiredMail(paymentId));
}
