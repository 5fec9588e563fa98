import { createHash, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import QRCode from "qrcode";
import { payments, plans, users, webhookEvents } from "~db/schema";
import {
  createMercadoPagoClient,
  type MercadoPagoClient,
  MercadoPagoError,
  type MercadoPagoPayment,
} from "~/integrations/mercadopago/client.server";
import { verifyWebhookSignature } from "~/integrations/mercadopago/signature";
import {
  createPagHiperClient,
  PagHiperError,
  type PagHiperStatus,
  type PagHiperStatusReport,
} from "~/integrations/paghiper/client.server";
import { mercadoPagoBaseUrl, pagHiperBaseUrl } from "~/integrations/payment-simulators.server";
import { cpfDigits, isValidCpf } from "~/utils/cpf";
import { saoPauloDay } from "~/utils/format";
import { db, immediateTransaction } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import * as messages from "~/messages";
import { readGatewayConfig } from "./gateway-config.server";
import { accept, refuse, type Outcome } from "../outcome";
import {
  applyPaymentStatus,
  centsOf,
  type PaidEvidence,
  paymentDiscrepancy,
  recordPaymentDiscrepancy,
  reopenExpiredInvoice,
  type PaymentStatus,
  type StatusSource,
} from "./payment.server";
import { publicSeo } from "../seo/seo.server";
import { reissueAtCurrentPrice, type Payment } from "../accounts/subscription.server";

/**
 * Taking money through the providers: a Mercado Pago checkout link, a PagHiper PIX, asking a
 * provider what became of a payment, and reading its notifications. Every status it learns goes
 * through `applyPaymentStatus` (ADR 0019); nothing here changes an invoice's status by itself.
 */

const m = messages.payments;

/** How long a PIX code may be paid; PagHiper's own due date (a day) is only the outer bound. */
export const PIX_VALIDITY_MINUTES = 30;
/** A Mercado Pago checkout link stays valid this long; the poller stops asking after it. */
export const CHECKOUT_VALIDITY_DAYS = 3;
const FIRST_CHECK_MS = 15_000;
/** providerStatus while a PIX is being created at PagHiper. */
const CREATING = "creating";
const MAX_CHECK_INTERVAL_MS = 30 * 60_000;
/** A provider notification older than this (by its signed timestamp) is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

type Viewer = { id: number; role: string };

/** This machine as the browser and the embedded simulators reach it (`npm start`, development, tests). */
function localOrigin(): string {
  const { HOST, PORT } = env();
  const host = ["0.0.0.0", "::", ""].includes(HOST) ? "localhost" : HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${PORT}`;
}

/**
 * Where providers send the buyer back and their notifications (ADR 0028): APP_URL, else the SEO
 * settings' canonical URL; outside production, this machine. Never the request's Host, which
 * anyone may forge (PagHiper would post our apiKey to it). Null in production with neither: the
 * server refuses to start so (boot), and a payment cannot start.
 */
export function publicOrigin(): string | null {
  const configured = env().APP_URL ?? publicSeo().canonicalUrl;
  if (configured) return configured.replace(/\/+$/, "");
  const production = env().NODE_ENV === "production" && !env().ENCAIXA_LOCAL;
  return production ? null : localOrigin();
}

/** Why this server may not start (production without a public address), or null. */
export function publicOriginRefusal(): string | null {
  return publicOrigin() ? null : m.publicUrlRequired;
}

/**
 * While a provider waits for our answer to its notification (Mercado Pago gives up after 22 s) we
 * ask it once, briefly; if that fails it sends the notification again later.
 */
const WITHIN_A_NOTIFICATION = { maxAttempts: 1, timeoutMs: 8_000 } as const;
type CallLimits = { maxAttempts?: number; timeoutMs?: number };

function mercadoPago(limits: CallLimits = {}) {
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

function pagHiper(limits: CallLimits = {}) {
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
async function ourCollectorId(gateway: MercadoPagoGateway): Promise<string> {
  const known = accountOfToken.get(gateway.config.accessToken);
  if (known) return known;
  const id = String((await gateway.client.me()).id);
  accountOfToken.set(gateway.config.accessToken, id);
  return id;
}

/** What a Mercado Pago payment says was paid, and to whom (ADR 0028). */
function mercadoPagoPaid(payment: MercadoPagoPayment, collectorId: string): PaidEvidence {
  return {
    amountCents: centsOf(payment.transactionAmount),
    currency: payment.currencyId,
    receiver: { ours: payment.collectorId === collectorId, id: payment.collectorId },
    label: m.mercadoPagoPaymentLabel(payment.id),
  };
}

/** What a PagHiper charge says was paid: what the payer paid when it says so, else its value. */
function pagHiperPaid(report: PagHiperStatusReport): PaidEvidence {
  return {
    amountCents: report.valueCentsPaid ?? report.valueCents,
    currency: "BRL",
    label: m.pagHiperPaymentLabel(report.transactionId),
  };
}

/** Provider credentials and signatures never reach webhook_events.payload (ADR 0028). */
const SECRET_FIELD = /api[-_]?key|token|secret|signature|password|authorization/i;
/** Below this depth a stored payload keeps a placeholder: a notification body may nest anything. */
export const STORED_PAYLOAD_DEPTH = 32;
const TOO_DEEP = "[profundidade excedida]";

/**
 * `value` without credentials: any field named like one is `[removido]`, at any depth up to
 * STORED_PAYLOAD_DEPTH; deeper values are a placeholder. Never throws, whatever the nesting.
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (depth >= STORED_PAYLOAD_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((inner) => withoutSecrets(inner, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_FIELD.test(key) ? "[removido]" : withoutSecrets(inner, depth + 1),
    ]),
  );
}

/** The longest text kept of any one field in a stored payload. */
const STORED_TEXT_MAX = 200;

/**
 * What webhook_events.payload keeps of a notification (ADR 0028): only the named fields we read,
 * each a number, boolean or text cut to STORED_TEXT_MAX characters, then `withoutSecrets`. A few
 * hundred bytes whatever the provider (or anyone replaying it) sent.
 */
function storedPayload(source: unknown, fields: readonly string[]): string {
  const kept: Record<string, unknown> = {};
  for (const field of fields) {
    const path = field.split(".");
    let value: unknown = source;
    for (const key of path)
      value =
        typeof value === "object" &&
        value !== null &&
        !Array.isArray(value) &&
        Object.prototype.hasOwnProperty.call(value, key)
          ? (value as Record<string, unknown>)[key]
          : undefined;
    let stored: unknown;
    if (typeof value === "number" || typeof value === "boolean") stored = value;
    else if (typeof value === "string") stored = value.slice(0, STORED_TEXT_MAX);
    else continue;
    // "data.id" is kept as { data: { id } }, the shape it came in.
    let into = kept;
    for (const key of path.slice(0, -1)) into = (into[key] ??= {}) as Record<string, unknown>;
    into[path.at(-1)!] = stored;
  }
  return JSON.stringify(withoutSecrets(kept));
}

/** The fields of a Mercado Pago notification body that are kept. */
const MERCADO_PAGO_FIELDS = [
  "id",
  "type",
  "action",
  "api_version",
  "date_created",
  "live_mode",
  "user_id",
  "data.id",
] as const;
/** The fields of a PagHiper notification that are kept (its apiKey as `[removido]`). */
const PAGHIPER_FIELDS = [
  "apiKey",
  "transaction_id",
  "notification_id",
  "notification_date",
  "source_api",
] as const;

function providerMessage(error: unknown, fallback: string): string {
  if (error instanceof PagHiperError && error.responseMessage)
    return `${fallback}: ${error.responseMessage}`;
  if (error instanceof MercadoPagoError || error instanceof PagHiperError)
    return `${fallback}: ${error.message}`;
  return fallback;
}

function findPayment(id: number): Payment | undefined {
  return db().select().from(payments).where(eq(payments.id, id)).get();
}

/** The invoice as its owner (or an admin) may act on it; anyone else is told it does not exist. */
export function invoiceFor(viewer: Viewer, paymentId: number): Outcome<Payment> {
  const payment = Number.isInteger(paymentId) && paymentId > 0 ? findPayment(paymentId) : undefined;
  if (!payment || (viewer.role !== "admin" && payment.userId !== viewer.id))
    return refuse("not_found", m.invoiceNotFound);
  return accept(payment);
}

function payerOf(userId: number) {
  return db()
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .get()!;
}

function planNameOf(payment: Payment): string {
  if (!payment.planId) return `#${payment.id}`;
  return (
    db().select({ name: plans.name }).from(plans).where(eq(plans.id, payment.planId)).get()?.name ??
    `#${payment.planId}`
  );
}

// ---------------------------------------------------------------------------------------------
// Mercado Pago checkout

/** The invoice's checkout link, creating the preference on first use. Only pending invoices pay. */
export async function startCheckout(
  viewer: Viewer,
  paymentId: number,
  now = new Date(),
): Promise<Outcome<{ initPoint: string; payment: Payment; replaced: Payment | null }>> {
  const found = invoiceFor(viewer, paymentId);
  if (!found.ok) return found;
  const current = await atCurrentPrice(found.value, now);
  const { payment, replaced } = current;
  if (payment.status !== "pending") return refuse("not_active", m.notPayable);
  if (payment.initPoint) return accept({ initPoint: checkoutLink(payment), payment, replaced });
  const gateway = mercadoPago();
  if (!gateway.ok) return refuse("not_configured", m.mercadoPagoUnavailable);
  const origin = publicOrigin();
  if (!origin) return refuse("not_configured", m.publicUrlMissing);
  const back = (outcome: string) => `${origin}/invoices?payment=${outcome}&invoice=${payment.id}`;
  const payer = payerOf(payment.userId);
  try {
    const preference = await gateway.value.client.createPreference({
      externalReference: payment.externalReference,
      title: m.checkoutTitle(planNameOf(payment)),
      amountCents: payment.amountCents,
      payerEmail: payer.email,
      payerName: payer.name,
      notificationUrl:
        gateway.value.config.notificationUrl ||
        `${origin}/api/webhooks/mercadopago?source_news=webhooks`,
      backUrls: { success: back("success"), pending: back("pending"), failure: back("failure") },
      expiresAt: new Date(now.getTime() + CHECKOUT_VALIDITY_DAYS * 86_400_000),
      // One preference per invoice, even when two clicks race: the provider answers the second with the first.
      idempotencyKey: `preference-${payment.externalReference}`,
    });
    db()
      .update(payments)
      .set({
        gateway: "mercadopago",
        checkoutId: preference.id,
        initPoint: preference.initPoint,
        sandboxInitPoint: preference.sandboxInitPoint,
        nextCheckAt: new Date(now.getTime() + 4 * FIRST_CHECK_MS),
        updatedAt: now,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
      .run();
    const saved = findPayment(payment.id)!;
    return accept({ initPoint: checkoutLink(saved), payment: saved, replaced });
  } catch (error) {
    console.error(`Mercado Pago: preferência da fatura #${payment.id}:`, error);
    return refuse("provider_failed", providerMessage(error, m.checkoutFailed));
  }
}

/**
 * The invoice to pay: this one, or — when its plan's price changed since it was made — a new one
 * at the current price (ADR 0028). A live PIX of the old one is cancelled at PagHiper.
 */
async function atCurrentPrice(
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

/** Sandbox mode sends buyers to the sandbox checkout (test cards), as Mercado Pago expects. */
export function checkoutLink(payment: Pick<Payment, "initPoint" | "sandboxInitPoint">): string {
  const sandbox = readGatewayConfig("mercadopago")?.sandboxMode ?? false;
  return (sandbox ? payment.sandboxInitPoint : null) ?? payment.initPoint ?? "";
}

// ---------------------------------------------------------------------------------------------
// PIX by PagHiper

export type PixCharge = {
  paymentId: number;
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
    return accept({ ...charge, replaced });
  } catch (error) {
    console.error(`PagHiper: PIX da fatura #${paymentId}:`, error);
    return refuse("provider_failed", providerMessage(error, m.pixFailed));
  }
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
function chargePastDue(payment: Payment, providerDueDate: string | null, now: Date): boolean {
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

async function askProvider(payment: Payment, now: Date): Promise<ProviderSaid | null> {
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
    console.error(`Sincronização da fatura #${paymentId}:`, error);
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

// ---------------------------------------------------------------------------------------------
// Notifications (webhooks)

type EventRecord = { id: number; processed: boolean };

/** The idempotency record: one row per provider notification, however often it arrives. */
function recordEvent(provider: string, eventId: string, payload: string): EventRecord {
  const database = db();
  database.insert(webhookEvents).values({ provider, eventId, payload }).onConflictDoNothing().run();
  const row = database
    .select({ id: webhookEvents.id, processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)))
    .get()!;
  return { id: row.id, processed: row.processedAt !== null };
}

function isProcessed(provider: string, eventId: string): boolean {
  const row = db()
    .select({ processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)))
    .get();
  return Boolean(row?.processedAt);
}

function markProcessed(eventId: number, outcome: string, now: Date) {
  db()
    .update(webhookEvents)
    .set({ processedAt: now, outcome })
    .where(eq(webhookEvents.id, eventId))
    .run();
}

function markFailed(eventId: number, outcome: string) {
  db().update(webhookEvents).set({ outcome }).where(eq(webhookEvents.id, eventId)).run();
}

export type WebhookResult = { duplicate: boolean; outcome: string };

/** The outcome of a signed notification for a payment Mercado Pago does not know. */
export const UNKNOWN_PAYMENT = "unknown_payment";

/**
 * The idempotency key of a Mercado Pago notification: what its signature covers (ADR 0028) —
 * `data.id` and `x-request-id` (or, without one, the signed `ts`) — never the unsigned body, so a
 * signature replayed with another body is the same event. A request id that is not a plain token
 * is kept as its SHA-256.
 */
export function mercadoPagoEventId(dataId: string, headers: Headers): string {
  const requestId = headers.get("x-request-id")?.trim();
  if (requestId)
    return /^[\w-]{1,100}$/.test(requestId)
      ? `${dataId}:${requestId}`
      : `${dataId}:${createHash("sha256").update(requestId).digest("hex")}`;
  const ts = headers.get("x-signature")?.match(/(?:^|,)\s*ts=(\d{1,20})\s*(?:,|$)/)?.[1] ?? "";
  return `${dataId}:ts=${ts}`;
}

/**
 * POST /api/webhooks/mercadopago. Checks the `x-signature` over `id:<data.id>;request-id;ts`
 * within a replay window, records the notification once, then asks Mercado Pago for the payment
 * (the body is never trusted for the status) and applies it to the invoice of its
 * external_reference.
 */
export async function receiveMercadoPagoNotification(
  input: { searchParams: URLSearchParams; headers: Headers; body: unknown },
  now = new Date(),
): Promise<Outcome<WebhookResult>> {
  const config = readGatewayConfig("mercadopago");
  if (!config?.webhookSecret) return refuse("unverified", m.webhookUnverified);
  const body = input.body as {
    id?: unknown;
    type?: unknown;
    action?: unknown;
    data?: { id?: unknown };
  } | null;
  const dataId =
    input.searchParams.get("data.id") ?? (body?.data?.id != null ? String(body.data.id) : null);
  const check = verifyWebhookSignature({
    secret: config.webhookSecret,
    signatureHeader: input.headers.get("x-signature"),
    requestId: input.headers.get("x-request-id"),
    dataId,
    nowSeconds: Math.floor(now.getTime() / 1000),
    toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
  });
  if (!check.ok) return refuse("unverified", m.webhookUnverified);
  if (!body || typeof body !== "object" || !dataId || !/^[\w-]{1,64}$/.test(dataId))
    return refuse("invalid_reference", m.webhookInvalid);
  const type = input.searchParams.get("type") ?? body.type;
  if (type !== "payment") return accept({ duplicate: false, outcome: "ignorada" });
  const event = recordEvent(
    "mercadopago",
    mercadoPagoEventId(dataId, input.headers),
    storedPayload(body, MERCADO_PAGO_FIELDS),
  );
  if (event.processed) return accept({ duplicate: true, outcome: "duplicada" });

  const gateway = mercadoPago(WITHIN_A_NOTIFICATION);
  if (!gateway.ok) return gateway;
  let mpPayment: MercadoPagoPayment;
  let collectorId: string;
  try {
    mpPayment = await gateway.value.client.getPayment(dataId);
    collectorId = await ourCollectorId(gateway.value);
  } catch (error) {
    // Signed by Mercado Pago, for a payment it does not know (of another account, or gone):
    // recorded and acknowledged, not asked again for days.
    if (error instanceof MercadoPagoError && error.status === 404) {
      markProcessed(event.id, UNKNOWN_PAYMENT, now);
      return accept({ duplicate: false, outcome: UNKNOWN_PAYMENT });
    }
    markFailed(event.id, `falha ao consultar o pagamento ${dataId}`);
    return refuse("provider_failed", providerMessage(error, m.syncFailed));
  }
  const invoice = mpPayment.externalReference
    ? db()
        .select()
        .from(payments)
        .where(eq(payments.externalReference, mpPayment.externalReference))
        .get()
    : undefined;
  if (!invoice) {
    markProcessed(event.id, "fatura desconhecida", now);
    return accept({ duplicate: false, outcome: "fatura desconhecida" });
  }
  const applied = applyPaymentStatus(
    invoice.id,
    {
      status: mercadoPagoStatus(mpPayment),
      providerStatus: mpPayment.status,
      providerPaymentId: mpPayment.id,
      paid: mercadoPagoPaid(mpPayment, collectorId),
      source: "webhook",
    },
    now,
  );
  const outcome = outcomeOf(invoice.id, applied);
  markProcessed(event.id, outcome, now);
  return accept({ duplicate: false, outcome });
}

/** The webhook_events outcome of a notification applied to an invoice. */
function outcomeOf(invoiceId: number, applied: ReturnType<typeof applyPaymentStatus>): string {
  if (!applied.ok) return applied.message;
  if (applied.value.discrepancy) return `fatura #${invoiceId}: ${applied.value.discrepancy}`;
  return `fatura #${invoiceId}: ${applied.value.payment.status}`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /api/webhooks/paghiper (form-encoded). PagHiper signs nothing: the apiKey must be ours and
 * the notification is believed only once PagHiper itself confirms it (/invoice/notification/
 * with our token), which also tells the status.
 */
export async function receivePagHiperNotification(
  form: URLSearchParams,
  now = new Date(),
): Promise<Outcome<WebhookResult>> {
  const apiKey = form.get("apiKey") ?? "";
  const transactionId = form.get("transaction_id") ?? "";
  const notificationId = form.get("notification_id") ?? "";
  if (
    !apiKey ||
    !/^[A-Za-z0-9]{1,64}$/.test(transactionId) ||
    !/^[\w-]{1,128}$/.test(notificationId)
  )
    return refuse("invalid_reference", m.webhookInvalid);
  const gateway = pagHiper(WITHIN_A_NOTIFICATION);
  if (!gateway.ok || !sameSecret(apiKey, gateway.value.config.apiKey))
    return refuse("unverified", m.webhookUnverified);
  if (isProcessed("paghiper", notificationId))
    return accept({ duplicate: true, outcome: "duplicada" });
  let report;
  try {
    report = await gateway.value.client.confirmNotification(transactionId, notificationId);
  } catch (error) {
    // Refused by PagHiper: not theirs. Nothing is recorded, so a forgery leaves no trace behind.
    if (error instanceof PagHiperError && error.responseMessage !== undefined)
      return refuse("unverified", m.webhookUnverified);
    return refuse("provider_failed", providerMessage(error, m.syncFailed));
  }
  const event = recordEvent(
    "paghiper",
    notificationId,
    storedPayload(Object.fromEntries(form), PAGHIPER_FIELDS),
  );
  if (event.processed) return accept({ duplicate: true, outcome: "duplicada" });
  // Our order id is "<invoice reference>-P<n>": the invoice is found even if its customer has
  // since switched it to a card checkout.
  const reference = report.orderId?.replace(/-P\d+$/, "");
  const invoice = db()
    .select()
    .from(payments)
    .where(
      reference
        ? or(
            eq(payments.externalReference, reference),
            eq(payments.providerPaymentId, transactionId),
          )
        : eq(payments.providerPaymentId, transactionId),
    )
    .get();
  if (!invoice) {
    markProcessed(event.id, "fatura desconhecida", now);
    return accept({ duplicate: false, outcome: "fatura desconhecida" });
  }
  const pastDue = chargePastDue(invoice, report.dueDate, now);
  const applied = applyPaymentStatus(
    invoice.id,
    {
      status: pagHiperStatus(report.status, pastDue),
      providerStatus: report.status,
      providerPaymentId: transactionId,
      paid: pagHiperPaid(report),
      source: "webhook",
    },
    now,
  );
  const outcome = outcomeOf(invoice.id, applied);
  markProcessed(event.id, outcome, now);
  return accept({ duplicate: false, outcome });
}

// ---------------------------------------------------------------------------------------------
// The poller

function nextCheckDelay(attempts: number): number {
  return Math.min(FIRST_CHECK_MS * 2 ** attempts, MAX_CHECK_INTERVAL_MS);
}

const dueFilter = (now: Date) =>
  and(
    eq(payments.status, "pending"),
    inArray(payments.gateway, ["mercadopago", "paghiper_pix"]),
    or(isNotNull(payments.providerPaymentId), isNotNull(payments.checkoutId)),
    or(isNull(payments.nextCheckAt), lte(payments.nextCheckAt, now)),
  );

/**
 * A cancelled invoice whose PIX is still to be cancelled at PagHiper (retired at a new price,
 * ADR 0028): `nextCheckAt` stays set until PagHiper has it cancelled. `now`: only those due.
 */
const retiredPixFilter = (now?: Date) =>
  and(
    eq(payments.status, "cancelled"),
    eq(payments.gateway, "paghiper_pix"),
    isNotNull(payments.providerPaymentId),
    now ? lte(payments.nextCheckAt, now) : isNotNull(payments.nextCheckAt),
  );

/** Tries to cancel a retired invoice's PIX this many times (backing off) before giving up. */
const RETIRED_PIX_ATTEMPTS = 10;

/**
 * Cancels at PagHiper the live PIX of retired invoices — a customer's (all of them, now), or
 * with no customer those due (the poller). Best effort: a PagHiper outage leaves the mark for
 * a later try; the invoice itself stays cancelled whatever is later paid on it (ADR 0028).
 */
export async function cancelRetiredPixes(userId: number | null, now = new Date()): Promise<number> {
  const retired = db()
    .select()
    .from(payments)
    .where(
      userId === null
        ? retiredPixFilter(now)
        : and(eq(payments.userId, userId), retiredPixFilter()),
    )
    .limit(50)
    .all();
  let cancelled = 0;
  for (const payment of retired) {
    const done = await cancelPixQuietly(payment);
    if (done) cancelled++;
    const attempts = payment.checkAttempts + 1;
    db()
      .update(payments)
      .set({
        checkAttempts: attempts,
        nextCheckAt:
          done || attempts >= RETIRED_PIX_ATTEMPTS
            ? null
            : new Date(now.getTime() + nextCheckDelay(attempts)),
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "cancelled")))
      .run();
  }
  return cancelled;
}

/** Whether the poller has anything to ask a provider now (a cheap check before enqueueing it). */
export function hasPaymentsToCheck(now = new Date()): boolean {
  return (
    db()
      .select({ id: payments.id })
      .from(payments)
      .where(or(dueFilter(now), retiredPixFilter(now)))
      .limit(1)
      .get() !== undefined
  );
}

export type ReconcileReport = {
  checked: number;
  approved: number;
  closed: number;
  stillPending: number;
  failed: number;
};

/**
 * One pass of the poller: asks the providers about pending invoices that are due, with a
 * backoff per invoice (15 s doubling up to 30 min), expires PIX codes past their time (cancelling
 * them at PagHiper first, unless they were paid meanwhile) and stops asking about checkout links
 * past their validity. Safe to run twice at once: every change goes through `applyPaymentStatus`.
 */
export async function reconcilePendingPayments(
  now = new Date(),
  limit = 50,
): Promise<ReconcileReport> {
  const due = db()
    .select()
    .from(payments)
    .where(dueFilter(now))
    .orderBy(asc(payments.nextCheckAt))
    .limit(limit)
    .all();
  const report: ReconcileReport = {
    checked: 0,
    approved: 0,
    closed: 0,
    stillPending: 0,
    failed: 0,
  };
  // Live PIXes of invoices retired at a new price, not yet cancelled at PagHiper (ADR 0028).
  await cancelRetiredPixes(null, now);
  for (const payment of due) {
    report.checked++;
    try {
      const said = await askProvider(payment, now);
      let status: PaymentStatus = said?.status ?? "pending";
      if (
        status === "pending" &&
        payment.gateway === "paghiper_pix" &&
        payment.expiresAt &&
        payment.expiresAt <= now
      ) {
        await cancelPixQuietly(payment);
        status = "expired";
      }
      if (status !== "pending") {
        const fromProvider = said?.status === status;
        const applied = applyPaymentStatus(
          payment.id,
          {
            status,
            providerStatus: said?.providerStatus,
            providerPaymentId: said?.providerPaymentId,
            paid: fromProvider ? said.paid : undefined,
            source: fromProvider ? "poll" : "expiry",
          },
          now,
        );
        if (applied.ok && applied.value.payment.status === "approved") report.approved++;
        else if (applied.ok && applied.value.discrepancy) {
          // Money that does not pay the invoice: it stays pending, and is asked about again.
          report.stillPending++;
          scheduleNextCheck(payment, now);
        } else report.closed++;
        continue;
      }
      report.stillPending++;
      scheduleNextCheck(payment, now);
    } catch (error) {
      // PagHiper no longer knows a PIX past its time (a refusal, not an outage): it cannot be paid.
      const pastDue =
        payment.gateway === "paghiper_pix" && payment.expiresAt && payment.expiresAt <= now;
      if (pastDue && error instanceof PagHiperError && error.responseMessage !== undefined) {
        applyPaymentStatus(payment.id, { status: "expired", source: "expiry" }, now);
        report.closed++;
        continue;
      }
      report.failed++;
      console.error(`Verificação da fatura #${payment.id}:`, error);
      scheduleNextCheck(payment, now);
    }
  }
  return report;
}

/**
 * Cancels the invoice's PIX at PagHiper, never throwing. True when PagHiper has it cancelled or
 * refuses to (already paid, cancelled or unknown: nothing left to cancel); false when it could
 * not be asked.
 */
async function cancelPixQuietly(payment: Payment): Promise<boolean> {
  const gateway = pagHiper();
  if (!gateway.ok || !payment.providerPaymentId) return false;
  try {
    await gateway.value.client.cancel(payment.providerPaymentId);
    return true;
  } catch (error) {
    // A refusal about the charge (paid, cancelled, unknown) leaves nothing to cancel; one about
    // our credentials is an outage like any other.
    if (
      error instanceof PagHiperError &&
      error.responseMessage !== undefined &&
      !/token|apikey|api key|credencia/i.test(error.responseMessage)
    )
      return true;
    console.error(`PagHiper: cancelar o PIX da fatura #${payment.id}:`, error);
    return false;
  }
}

function scheduleNextCheck(payment: Payment, now: Date) {
  const checkoutOver =
    payment.gateway === "mercadopago" &&
    now.getTime() - payment.createdAt.getTime() > CHECKOUT_VALIDITY_DAYS * 86_400_000;
  db()
    .update(payments)
    .set({
      checkAttempts: payment.checkAttempts + 1,
      nextCheckAt: checkoutOver
        ? null
        : new Date(now.getTime() + nextCheckDelay(payment.checkAttempts + 1)),
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
    .run();
}

// ---------------------------------------------------------------------------------------------
// "Testar conexão"

export async function testMercadoPagoConnection(
  accessToken?: string,
): Promise<Outcome<{ account: string }>> {
  const token = accessToken?.trim() || readGatewayConfig("mercadopago")?.accessToken;
  if (!token) return refuse("invalid_reference", m.accessTokenRequired, "accessToken");
  try {
    const me = await createMercadoPagoClient({
      baseUrl: mercadoPagoBaseUrl(),
      accessToken: token,
      maxAttempts: 1,
    }).me();
    return accept({ account: me.nickname ?? me.email ?? String(me.id) });
  } catch (error) {
    if (error instanceof MercadoPagoError) {
      if (error.status === 401)
        return refuse("provider_failed", `${m.testFailed}: ${m.tokenInvalid}`);
      if (error.status === 403)
        return refuse("provider_failed", `${m.testFailed}: ${m.tokenForbidden}`);
      if (error.status === 404)
        return refuse("provider_failed", `${m.testFailed}: ${m.endpointNotFound}`);
    }
    return refuse("provider_failed", providerMessage(error, m.testFailed));
  }
}

/**
 * PagHiper has no "who am I": asking the status of a transaction that does not exist is
 * answered "not found" to good credentials and "invalid key/token" to bad ones.
 */
export async function testPagHiperConnection(): Promise<Outcome<{ account: string }>> {
  const gateway = pagHiper();
  if (!gateway.ok) return gateway;
  try {
    await gateway.value.client.status("ENCAIXATESTE0000");
    return accept({ account: m.pagHiperTestOk });
  } catch (error) {
    if (error instanceof PagHiperError && error.responseMessage !== undefined) {
      if (/token|apikey|api key|credencia/i.test(error.responseMessage))
        return refuse("provider_failed", `${m.testFailed}: ${error.responseMessage}`);
      return accept({ account: m.pagHiperTestOk });
    }
    return refuse("provider_failed", providerMessage(error, m.testFailed));
  }
}
