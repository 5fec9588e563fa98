import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import { payments, webhookEvents } from "~db/schema";
import {
  MercadoPagoError,
  type MercadoPagoPayment,
} from "~/integrations/mercadopago/client.server";
import { verifyWebhookSignature } from "~/integrations/mercadopago/signature";
import { PagHiperError } from "~/integrations/paghiper/client.server";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { readGatewayConfig } from "./gateway-config.server";
import { accept, refuse, type Outcome } from "../outcome";
import { applyPaymentStatus } from "./payment.server";
import {
  chargePastDue,
  mercadoPago,
  mercadoPagoPaid,
  mercadoPagoStatus,
  ourCollectorId,
  pagHiper,
  pagHiperPaid,
  pagHiperStatus,
  providerMessage,
  WITHIN_A_NOTIFICATION,
} from "./providers.server";

/** The providers' notifications (webhooks): verified, recorded once, then applied. */

const m = messages.payments;

/** A provider notification older than this (by its signed timestamp) is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

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
  if (type !== "payment") return accept({ duplicate: false, outcome: m.webhookOutcomeIgnored });
  const event = recordEvent(
    "mercadopago",
    mercadoPagoEventId(dataId, input.headers),
    storedPayload(body, MERCADO_PAGO_FIELDS),
  );
  if (event.processed) return accept({ duplicate: true, outcome: m.webhookOutcomeDuplicate });

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
    markFailed(event.id, m.webhookLookupFailed(dataId));
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
    markProcessed(event.id, m.webhookUnknownInvoice, now);
    return accept({ duplicate: false, outcome: m.webhookUnknownInvoice });
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
    return accept({ duplicate: true, outcome: m.webhookOutcomeDuplicate });
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
  if (event.processed) return accept({ duplicate: true, outcome: m.webhookOutcomeDuplicate });
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
    markProcessed(event.id, m.webhookUnknownInvoice, now);
    return accept({ duplicate: false, outcome: m.webhookUnknownInvoice });
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
