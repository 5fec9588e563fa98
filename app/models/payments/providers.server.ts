import { eq } from "drizzle-orm";
import { payments, plans, users } from "~db/schema";
import {
  createMercadoPagoClient,
  type MercadoPagoClient,
  MercadoPagoError,
  type MercadoPagoPayment,
} from "~/integrations/mercadopago/client.server";
import {
  createPagHiperClient,
  PagHiperError,
  type PagHiperStatus,
  type PagHiperStatusReport,
} from "~/integrations/paghiper/client.server";
import { mercadoPagoBaseUrl, pagHiperBaseUrl } from "~/integrations/payment-simulators.server";
import { saoPauloDay } from "~/utils/format";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { readGatewayConfig } from "./gateway-config.server";
import { accept, refuse } from "../outcome";
import {
  centsOf,
  type PaidEvidence,
  paymentDiscrepancy,
  recordPaymentDiscrepancy,
  type PaymentStatus,
} from "./payment.server";
import type { Payment } from "../accounts/subscription.server";

/**
 * Taking money through the providers: a Mercado Pago checkout link, a PagHiper PIX, asking a
 * provider what became of a payment, and reading its notifications. Every status it learns goes
 * through `applyPaymentStatus` (ADR 0019); nothing here changes an invoice's status by itself.
 *
 * This file is the providers as those modules reach them (clients, what a provider's payment
 * says, asking about an invoice): the domain's own plumbing, not on its face.
 */

const m = messages.payments;

export const FIRST_CHECK_MS = 15_000;

export type Viewer = { id: number; role: string };

/**
 * While a provider waits for our answer to its notification (Mercado Pago gives up after 22 s) we
 * ask it once, briefly; if that fails it sends the notification again later.
 */
export const WITHIN_A_NOTIFICATION = { maxAttempts: 1, timeoutMs: 8_000 } as const;
type CallLimits = { maxAttempts?: number; timeoutMs?: number };

export function mercadoPago(limits: CallLimits = {}) {
  const config = readGatewayConfig("mercadopago");
  if (!config?.accessToken) return refuse("not_configured", m.mercadoPagoNotConfigured);
  return accept({
    config,
    client: createMercadoPagoClient({
      baseUrl: mercadoPagoBaseUrl(),
      accessToken: config.accessToken,
      ...limits,
    }),
  });
}

export function pagHiper(limits: CallLimits = {}) {
  const config = readGatewayConfig("paghiper");
  if (!config?.apiKey || !config.token) return refuse("not_configured", m.pagHiperNotConfigured);
  return accept({
    config,
    client: createPagHiperClient({
      baseUrl: pagHiperBaseUrl(),
      apiKey: config.apiKey,
      token: config.token,
      ...limits,
    }),
  });
}

type MercadoPagoGateway = { config: { accessToken: string }; client: MercadoPagoClient };

/** Our account's user id at Mercado Pago, per access token: asked once (GET /users/me), then kept. */
const accountOfToken = new Map<string, string>();

/** The collector_id a payment to us names: the account of our access token. */
export async function ourCollectorId(gateway: MercadoPagoGateway): Promise<string> {
  const known = accountOfToken.get(gateway.config.accessToken);
  if (known) return known;
  const id = String((await gateway.client.me()).id);
  accountOfToken.set(gateway.config.accessToken, id);
  return id;
}

/** What a Mercado Pago payment says was paid, and to whom (ADR 0028). */
export function mercadoPagoPaid(payment: MercadoPagoPayment, collectorId: string): PaidEvidence {
  return {
    amountCents: centsOf(payment.transactionAmount),
    currency: payment.currencyId,
    receiver: { ours: payment.collectorId === collectorId, id: payment.collectorId },
    label: m.mercadoPagoPaymentLabel(payment.id),
  };
}

/** What a PagHiper charge says was paid: what the payer paid when it says so, else its value. */
export function pagHiperPaid(report: PagHiperStatusReport): PaidEvidence {
  return {
    amountCents: report.valueCentsPaid ?? report.valueCents,
    currency: "BRL",
    label: m.pagHiperPaymentLabel(report.transactionId),
  };
}

export function providerMessage(error: unknown, fallback: string): string {
  if (error instanceof PagHiperError && error.responseMessage)
    return `${fallback}: ${error.responseMessage}`;
  if (error instanceof MercadoPagoError || error instanceof PagHiperError)
    return `${fallback}: ${error.message}`;
  return fallback;
}

export function findPayment(id: number): Payment | undefined {
  return db().select().from(payments).where(eq(payments.id, id)).get();
}

export function payerOf(userId: number) {
  return db()
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .get()!;
}

export function planNameOf(payment: Payment): string {
  if (!payment.planId) return `#${payment.id}`;
  return (
    db().select({ name: plans.name }).from(plans).where(eq(plans.id, payment.planId)).get()?.name ??
    `#${payment.planId}`
  );
}

// ---------------------------------------------------------------------------------------------
// What the providers say

export function mercadoPagoStatus(
  payment: Pick<MercadoPagoPayment, "status" | "statusDetail">,
): PaymentStatus {
  switch (payment.status) {
    case "approved":
    case "authorized":
      return "approved";
    case "rejected":
      // A refused card does not close the checkout: the buyer may try another on the same link.
      return "pending";
    case "cancelled":
      return payment.statusDetail === "expired" ? "expired" : "cancelled";
    case "refunded":
    case "charged_back":
      return "refunded";
    default:
      return "pending";
  }
}

/**
 * A PIX past our own validity, or past PagHiper's due date (what it reports for a charge that
 * expired on its side), is expired rather than cancelled: its customer may ask for a new one.
 */
export function chargePastDue(
  payment: Payment,
  providerDueDate: string | null,
  now: Date,
): boolean {
  if (payment.expiresAt && payment.expiresAt <= now) return true;
  return Boolean(
    providerDueDate &&
    /^\d{4}-\d{2}-\d{2}$/.test(providerDueDate) &&
    providerDueDate < saoPauloDay(now),
  );
}

export function pagHiperStatus(status: PagHiperStatus, pastDue: boolean): PaymentStatus {
  switch (status) {
    case "paid":
    case "completed":
      return "approved";
    case "canceled":
      return pastDue ? "expired" : "cancelled";
    case "refunded":
      return "refunded";
    default:
      return "pending";
  }
}

/** Of the payments made for one checkout, the one that decides the invoice. */
function decisivePayment(found: MercadoPagoPayment[]): MercadoPagoPayment | undefined {
  const rank = (p: MercadoPagoPayment) =>
    ["approved", "refunded", "pending"].indexOf(mercadoPagoStatus(p));
  return [...found].sort((a, b) => {
    const ra = rank(a) === -1 ? 9 : rank(a);
    const rb = rank(b) === -1 ? 9 : rank(b);
    return ra - rb;
  })[0];
}

type ProviderSaid = {
  status: PaymentStatus;
  providerStatus: string;
  providerPaymentId: string;
  paid: PaidEvidence;
};

export async function askProvider(payment: Payment, now: Date): Promise<ProviderSaid | null> {
  if (payment.gateway === "paghiper_pix" && payment.providerPaymentId) {
    const gateway = pagHiper();
    if (!gateway.ok) throw new Error(gateway.message);
    const report = await gateway.value.client.status(payment.providerPaymentId);
    const pastDue = chargePastDue(payment, report.dueDate, now);
    return {
      status: pagHiperStatus(report.status, pastDue),
      providerStatus: report.status,
      providerPaymentId: payment.providerPaymentId,
      paid: pagHiperPaid(report),
    };
  }
  if (payment.gateway === "mercadopago" && (payment.providerPaymentId || payment.checkoutId)) {
    const gateway = mercadoPago();
    if (!gateway.ok) throw new Error(gateway.message);
    const collectorId = await ourCollectorId(gateway.value);
    const found = await gateway.value.client.searchPayments(payment.externalReference);
    // Only payments of the invoice's amount, in BRL, to our account speak for it; money of
    // another amount is recorded for the admins and decides nothing.
    const matching = found.filter((candidate) => {
      const paid = mercadoPagoPaid(candidate, collectorId);
      const discrepancy = paymentDiscrepancy(payment, paid);
      if (discrepancy && mercadoPagoStatus(candidate) === "approved")
        recordPaymentDiscrepancy(payment, discrepancy, paid.label);
      return discrepancy === null;
    });
    const decisive = decisivePayment(matching);
    if (!decisive) return null;
    return {
      status: mercadoPagoStatus(decisive),
      providerStatus: decisive.status,
      providerPaymentId: decisive.id,
      paid: mercadoPagoPaid(decisive, collectorId),
    };
  }
  return null;
}
