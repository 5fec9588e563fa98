import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as messages from "~/messages";
import { paymentSimulatorCredentials } from "../payment-simulators.server";
import {
  mercadoPagoDate,
  type MercadoPagoPayment,
  type MercadoPagoPaymentStatus,
} from "./client.server";
import { signWebhook } from "./signature";

/**
 * A local stand-in for Mercado Pago (Checkout Pro): the REST paths, JSON shapes, error bodies and
 * signed webhooks the real API has, kept in memory, plus the two pages a person needs to play the
 * buyer (the checkout a preference's init_point opens) and the tester (`_simulador`, to approve,
 * refund or charge back a payment afterwards). It runs as its own HTTP server (tests) or behind the
 * app's /mp-sim route (local runs), where `path` is what follows the mount.
 */

export type MercadoPagoSimulatorOptions = {
  accessToken: string;
  webhookSecret: string;
  /** The seller's account id: collector_id, user_id of webhooks, GET /users/me. */
  userId?: number;
  /** Added before every API answer, to exercise client timeouts. */
  delayMs?: number;
  /** The first N API requests fail with `failStatus` (default 500). */
  failFirst?: number;
  failStatus?: number;
  /** How webhooks are delivered (the global fetch by default). */
  fetch?: typeof fetch;
  /** How long a webhook delivery may take; Mercado Pago gives up after 22 s. */
  webhookTimeoutMs?: number;
};

export type SimulatedItem = {
  id: string | null;
  title: string;
  description: string | null;
  quantity: number;
  unitPrice: number;
};

export type SimulatedPreference = {
  readonly id: string;
  readonly dateCreated: string;
  readonly items: readonly SimulatedItem[];
  readonly payerEmail: string | null;
  readonly externalReference: string | null;
  readonly notificationUrl: string | null;
  readonly backUrls: {
    readonly success?: string;
    readonly pending?: string;
    readonly failure?: string;
  };
  readonly expirationDateTo: string | null;
  readonly merchantOrderId: number;
  readonly initPoint: string;
  /** The JSON the API answered when it was created. */
  readonly body: Readonly<Record<string, unknown>>;
};

export type SimulatedPayment = {
  readonly id: string;
  readonly preferenceId: string;
  readonly status: MercadoPagoPaymentStatus;
  readonly statusDetail: string;
  readonly externalReference: string | null;
  readonly transactionAmount: number;
  readonly currencyId: string;
  /** The account the money went to: the seller's (`userId`) unless a test says otherwise. */
  readonly collectorId: number;
  readonly description: string;
  readonly paymentMethodId: string;
  readonly paymentTypeId: string;
  readonly payerEmail: string | null;
  readonly dateCreated: string;
  readonly dateApproved: string | null;
  readonly dateLastUpdated: string;
};

export type WebhookDelivery = {
  readonly paymentId: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** The app's answer; null when it did not answer (network error, timeout). */
  readonly status: number | null;
};

export type PaymentOutcome = "approved" | "rejected" | "pending";

/**
 * A payment unlike its preference, as tests need to make one: another amount (in cents), another
 * currency, or money that went to another account (collector).
 */
export type PaymentOverrides = { amountCents?: number; currencyId?: string; collectorId?: number };

export type MercadoPagoSimulator = {
  /** Answers a request whose path below the API root is `path` ("checkout/preferences"). */
  handle(request: Request, path: string): Promise<Response>;
  /** Starts an HTTP server (ephemeral port by default); resolves to its base URL. */
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
  /** What the buyer's checkout does: creates the payment and sends its webhook. */
  pay(
    preferenceId: string,
    outcome: PaymentOutcome,
    overrides?: PaymentOverrides,
  ): Promise<MercadoPagoPayment>;
  /** Changes a payment's status and sends the payment.updated webhook. */
  setStatus(paymentId: string, status: MercadoPagoPaymentStatus): Promise<void>;
  /** Delivers the payment's last notification again (same notification id, fresh signature). */
  resend(paymentId: string): Promise<void>;
  readonly notifications: readonly WebhookDelivery[];
  preferences(): readonly SimulatedPreference[];
  payments(): readonly SimulatedPayment[];
  /** API requests answered so far, injected failures included (pages not counted). */
  readonly requestCount: number;
};

const DEFAULT_USER_ID = 1_234_567_890;
const WEBHOOK_TIMEOUT_MS = 22_000;
const SITE_ID = "MLB";
const TESTER_PATH = "_simulador";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type ApiError = { message: string; error: string; status: number; cause: unknown[] };

function apiError(status: number, error: string, message: string, cause: unknown[] = []) {
  const body: ApiError = { message, error, status, cause };
  return Response.json(body, { status });
}

const notFound = (message = "resource not found") => apiError(404, "not_found", message);
const unauthorized = () => apiError(401, "unauthorized", "invalid access token");
const methodNotAllowed = () => apiError(405, "method_not_allowed", "method not allowed");

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const toCents = (reais: number) => Math.round(reais * 100);

/** Origin plus the path the simulator is mounted at, ending in "/": where init_point points. */
function baseUrlOf(url: URL, path: string): string {
  const segments = url.pathname.split("/");
  const mount = segments.slice(0, Math.max(1, segments.length - path.split("/").length));
  return `${url.origin}${mount.join("/")}/`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type ValidPreference = {
  items: SimulatedItem[];
  payerEmail: string | null;
  externalReference: string | null;
  notificationUrl: string | null;
  backUrls: { success?: string; pending?: string; failure?: string };
  expirationDateTo: string | null;
};

/** The checks the real API makes on a preference, with its error codes. */
function validatePreference(body: unknown): ValidPreference | Response {
  if (!isRecord(body)) return apiError(400, "bad_request", "the body must be a JSON object");
  const causes: { code: string; description: string }[] = [];
  const invalid = (code: string, description: string) => causes.push({ code, description });

  const items: SimulatedItem[] = [];
  if (!Array.isArray(body.items) || body.items.length === 0) {
    invalid("invalid_items", "items needed");
  } else {
    body.items.forEach((item: unknown, index) => {
      if (!isRecord(item)) return invalid("invalid_items", `items[${index}] must be an object`);
      const { title, quantity, unit_price: unitPrice, currency_id: currency } = item;
      if (typeof title !== "string" || title.trim() === "")
        invalid("invalid_items", `items[${index}].title is required`);
      if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1)
        invalid("invalid_items", `items[${index}].quantity must be a positive integer`);
      if (typeof unitPrice !== "number" || !Number.isFinite(unitPrice) || unitPrice <= 0)
        invalid("invalid_items", `items[${index}].unit_price must be a positive number`);
      if (currency !== undefined && currency !== "BRL")
        invalid("invalid_items", `items[${index}].currency_id invalid`);
      items.push({
        id: typeof item.id === "string" ? item.id : null,
        title: typeof title === "string" ? title : "",
        description: typeof item.description === "string" ? item.description : null,
        quantity: typeof quantity === "number" ? quantity : 0,
        unitPrice: typeof unitPrice === "number" ? unitPrice : 0,
      });
    });
  }

  let payerEmail: string | null = null;
  if (body.payer !== undefined) {
    if (!isRecord(body.payer)) invalid("invalid_payer", "payer must be an object");
    else if (body.payer.email !== undefined) {
      if (typeof body.payer.email !== "string" || !/^[^@\s]+@[^@\s]+$/.test(body.payer.email))
        invalid("invalid_payer", "payer.email invalid");
      else payerEmail = body.payer.email;
    }
  }

  const backUrls: ValidPreference["backUrls"] = {};
  if (body.back_urls !== undefined) {
    if (!isRecord(body.back_urls)) invalid("invalid_back_urls", "back_urls must be an object");
    else {
      for (const kind of ["success", "pending", "failure"] as const) {
        const value = body.back_urls[kind];
        if (value === undefined || value === "") continue;
        if (!isHttpUrl(value)) invalid("invalid_back_urls", `back_urls.${kind} must be url valid`);
        else backUrls[kind] = value;
      }
    }
  }

  if (body.auto_return !== undefined && body.auto_return !== "") {
    if (body.auto_return !== "approved" && body.auto_return !== "all")
      invalid("invalid_auto_return", "auto_return invalid");
    else if (!backUrls.success)
      return apiError(
        400,
        "invalid_auto_return",
        "auto_return invalid. back_url.success must be defined",
      );
  }

  let notificationUrl: string | null = null;
  if (body.notification_url !== undefined) {
    if (!isHttpUrl(body.notification_url))
      invalid("invalid_notification_url", "notification_url attribute must be url valid");
    else notificationUrl = body.notification_url;
  }

  let externalReference: string | null = null;
  if (body.external_reference !== undefined) {
    if (typeof body.external_reference !== "string" || body.external_reference.length > 256)
      invalid("invalid_external_reference", "external_reference must be a string up to 256");
    else externalReference = body.external_reference;
  }

  if (body.payment_methods !== undefined) {
    const excluded = isRecord(body.payment_methods)
      ? body.payment_methods.excluded_payment_types
      : null;
    if (
      excluded !== undefined &&
      (!Array.isArray(excluded) ||
        !excluded.every((entry) => isRecord(entry) && typeof entry.id === "string"))
    )
      invalid("invalid_payment_methods", "excluded_payment_types must be a list of {id}");
  }

  let expirationDateTo: string | null = null;
  if (body.expires !== undefined && typeof body.expires !== "boolean")
    invalid("invalid_expires", "expires must be a boolean");
  if (body.expires === true) {
    const from = body.expiration_date_from;
    const to = body.expiration_date_to;
    const parses = (value: unknown) =>
      value === undefined || (typeof value === "string" && !Number.isNaN(Date.parse(value)));
    if (!parses(from)) invalid("invalid_expiration_date_from", "expiration_date_from invalid");
    if (!parses(to)) invalid("invalid_expiration_date_to", "expiration_date_to invalid");
    if (typeof to === "string" && parses(to)) expirationDateTo = to;
    if (
      typeof from === "string" &&
      typeof to === "string" &&
      parses(from) &&
      parses(to) &&
      Date.parse(from) > Date.parse(to)
    )
      invalid(
        "invalid_expiration_date_to",
        "expiration_date_to must be after expiration_date_from",
      );
  }

  if (causes.length > 0) return apiError(400, "bad_request", causes[0]!.description, causes);
  return { items, payerEmail, externalReference, notificationUrl, backUrls, expirationDateTo };
}

const STATUS_DETAIL: Record<MercadoPagoPaymentStatus, string> = {
  pending: "pending_waiting_transfer",
  approved: "accredited",
  authorized: "pending_capture",
  in_process: "pending_review_manual",
  in_mediation: "in_mediation",
  rejected: "cc_rejected_other_reason",
  cancelled: "by_collector",
  refunded: "refunded",
  charged_back: "settled",
};

const TESTER_ACTIONS = {
  approve: "approved",
  reject: "rejected",
  refund: "refunded",
  chargeback: "charged_back",
} as const satisfies Record<string, MercadoPagoPaymentStatus>;

const BACK_URL_OF: Record<PaymentOutcome, "success" | "failure" | "pending"> = {
  approved: "success",
  rejected: "failure",
  pending: "pending",
};

function html(body: string, status = 200): Response {
  const m = messages.mercadoPagoSim;
  const page = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(m.pageTitle)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222}
header{background:#ffe600;padding:12px 24px;font-weight:700}
main{max-width:960px;margin:24px auto;padding:0 16px}
section{background:#fff;border-radius:8px;padding:16px 20px;margin-bottom:16px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #ddd;vertical-align:top}
form{display:inline}button{margin:2px;padding:8px 14px;border-radius:6px;border:1px solid #009ee3;background:#009ee3;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#009ee3}.note{color:#555;font-size:.9em}ul{margin:0;padding-left:18px}
</style>
</head>
<body>
<header>${escapeHtml(m.pageTitle)}</header>
<main>
<p class="note">${escapeHtml(m.testOnly)}</p>
${body}
</main>
</body>
</html>`;
  return new Response(page, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function postButton(action: string, label: string, secondary = false): string {
  const style = secondary ? ' class="secondary"' : "";
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit"${style}>${escapeHtml(label)}</button></form>`;
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location } });

export function createMercadoPagoSimulator(
  options: MercadoPagoSimulatorOptions,
): MercadoPagoSimulator {
  const userId = options.userId ?? DEFAULT_USER_ID;
  const webhookTimeoutMs = options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const deliver = options.fetch ?? fetch;
  const preferencesById = new Map<string, SimulatedPreference>();
  const preferenceByIdempotencyKey = new Map<string, string>();
  const paymentsById = new Map<string, Mutable<SimulatedPayment>>();
  const notifications: Mutable<WebhookDelivery>[] = [];
  // Time-based starts, so ids stay unique across restarts of an in-memory simulator.
  let nextPaymentId = Date.now();
  let nextNotificationId = Date.now() * 10;
  let nextMerchantOrderId = Math.floor(Date.now() / 100);
  let requestCount = 0;
  let server: Server | undefined;

  function paymentJson(payment: SimulatedPayment): Record<string, unknown> {
    const preference = preferencesById.get(payment.preferenceId);
    const refunded = payment.status === "refunded" || payment.status === "charged_back";
    return {
      id: Number(payment.id),
      date_created: payment.dateCreated,
      date_approved: payment.dateApproved,
      date_last_updated: payment.dateLastUpdated,
      money_release_date: payment.dateApproved,
      operation_type: "regular_payment",
      payment_method_id: payment.paymentMethodId,
      payment_type_id: payment.paymentTypeId,
      status: payment.status,
      status_detail: payment.statusDetail,
      currency_id: payment.currencyId,
      description: payment.description,
      live_mode: false,
      collector_id: payment.collectorId,
      payer: { email: payment.payerEmail, type: "guest" },
      metadata: {},
      order: { id: String(preference?.merchantOrderId ?? ""), type: "mercadopago" },
      external_reference: payment.externalReference,
      transaction_amount: payment.transactionAmount,
      transaction_amount_refunded: refunded ? payment.transactionAmount : 0,
      installments: 1,
      transaction_details: {
        total_paid_amount: payment.transactionAmount,
        net_received_amount: payment.transactionAmount,
        installment_amount: payment.transactionAmount,
      },
      notification_url: preference?.notificationUrl ?? null,
      statement_descriptor: preference?.body.statement_descriptor ?? null,
    };
  }

  function clientShape(payment: SimulatedPayment): MercadoPagoPayment {
    return {
      id: payment.id,
      status: payment.status,
      statusDetail: payment.statusDetail,
      externalReference: payment.externalReference,
      transactionAmount: payment.transactionAmount,
      currencyId: payment.currencyId,
      collectorId: String(payment.collectorId),
      dateApproved: payment.dateApproved,
      paymentMethodId: payment.paymentMethodId,
      paymentTypeId: payment.paymentTypeId,
      liveMode: false,
    };
  }

  async function send(delivery: Mutable<WebhookDelivery>): Promise<void> {
    try {
      const response = await deliver(delivery.url, {
        method: "POST",
        headers: delivery.headers,
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(webhookTimeoutMs),
      });
      delivery.status = response.status;
      await response.body?.cancel();
    } catch {
      // Mercado Pago records a delivery nobody answered as failed; so does the tester page.
      delivery.status = null;
    }
  }

  /** A delivery as Mercado Pago makes it: data.id and type in the query, signed per attempt. */
  function signedDelivery(paymentId: string, target: string, body: unknown) {
    const url = new URL(target);
    url.searchParams.append("data.id", paymentId);
    url.searchParams.append("type", "payment");
    const requestId = randomUUID();
    const signature = signWebhook({
      secret: options.webhookSecret,
      dataId: paymentId,
      requestId,
      ts: Math.floor(Date.now() / 1000),
    });
    const delivery: Mutable<WebhookDelivery> = {
      paymentId,
      url: url.toString(),
      headers: {
        "content-type": "application/json",
        "x-signature": signature,
        "x-request-id": requestId,
      },
      body,
      status: null,
    };
    notifications.push(delivery);
    return delivery;
  }

  async function notify(payment: SimulatedPayment, action: "payment.created" | "payment.updated") {
    const target = preferencesById.get(payment.preferenceId)?.notificationUrl;
    if (!target) return;
    const body = {
      id: nextNotificationId++,
      live_mode: false,
      type: "payment",
      date_created: mercadoPagoDate(new Date()),
      user_id: userId,
      api_version: "v1",
      action,
      data: { id: payment.id },
    };
    await send(signedDelivery(payment.id, target, body));
  }

  function isExpired(preference: SimulatedPreference): boolean {
    return (
      preference.expirationDateTo !== null && Date.parse(preference.expirationDateTo) < Date.now()
    );
  }

  async function pay(
    preferenceId: string,
    outcome: PaymentOutcome,
    overrides: PaymentOverrides = {},
  ): Promise<MercadoPagoPayment> {
    const preference = preferencesById.get(preferenceId);
    if (!preference) throw new Error(`preference ${preferenceId} not found`);
    if (isExpired(preference)) throw new Error(`preference ${preferenceId} expired`);
    const now = mercadoPagoDate(new Date());
    const byPix = outcome === "pending";
    const status: MercadoPagoPaymentStatus = outcome;
    const amount =
      overrides.amountCents ??
      toCents(preference.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0));
    const payment: Mutable<SimulatedPayment> = {
      id: String(nextPaymentId++),
      preferenceId,
      status,
      statusDetail: STATUS_DETAIL[status],
      externalReference: preference.externalReference,
      transactionAmount: amount / 100,
      currencyId: overrides.currencyId ?? "BRL",
      collectorId: overrides.collectorId ?? userId,
      description: preference.items[0]?.title ?? "",
      paymentMethodId: byPix ? "pix" : "master",
      paymentTypeId: byPix ? "bank_transfer" : "credit_card",
      payerEmail: preference.payerEmail,
      dateCreated: now,
      dateApproved: status === "approved" ? now : null,
      dateLastUpdated: now,
    };
    paymentsById.set(payment.id, payment);
    await notify(payment, "payment.created");
    return clientShape(payment);
  }

  async function setStatus(paymentId: string, status: MercadoPagoPaymentStatus): Promise<void> {
    const payment = paymentsById.get(paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const now = mercadoPagoDate(new Date());
    payment.status = status;
    payment.statusDetail =
      status === "rejected" && payment.paymentTypeId !== "credit_card"
        ? "rejected_by_bank"
        : STATUS_DETAIL[status];
    if (status === "approved" && !payment.dateApproved) payment.dateApproved = now;
    payment.dateLastUpdated = now;
    await notify(payment, "payment.updated");
  }

  async function resend(paymentId: string): Promise<void> {
    const payment = paymentsById.get(paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const last = notifications.findLast((delivery) => delivery.paymentId === paymentId);
    if (!last) return notify(payment, "payment.updated");
    // A retry of the same notification: same body (and id), a new request id and signature.
    const target = preferencesById.get(payment.preferenceId)?.notificationUrl;
    if (!target) return;
    await send(signedDelivery(paymentId, target, last.body));
  }

  // --- The REST API ------------------------------------------------------------------------------

  async function createPreference(request: Request, base: string): Promise<Response> {
    const key = request.headers.get("x-idempotency-key");
    const existing = key
      ? preferencesById.get(preferenceByIdempotencyKey.get(key) ?? "")
      : undefined;
    if (existing) return Response.json(existing.body, { status: 201 });
    let body: unknown;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return apiError(400, "bad_request", "the body must be valid JSON");
    }
    const valid = validatePreference(body);
    if (valid instanceof Response) return valid;
    const id = `${userId}-${randomUUID()}`;
    const initPoint = `${base}checkout/v1/redirect?pref-id=${encodeURIComponent(id)}`;
    const dateCreated = mercadoPagoDate(new Date());
    const echoed: Record<string, unknown> = {
      ...(body as Record<string, unknown>),
      id,
      collector_id: userId,
      client_id: String(userId),
      date_created: dateCreated,
      operation_type: "regular_payment",
      init_point: initPoint,
      sandbox_init_point: initPoint,
    };
    const preference: SimulatedPreference = {
      id,
      dateCreated,
      ...valid,
      merchantOrderId: nextMerchantOrderId++,
      initPoint,
      body: echoed,
    };
    preferencesById.set(id, preference);
    if (key) preferenceByIdempotencyKey.set(key, id);
    return Response.json(echoed, { status: 201 });
  }

  function searchPayments(url: URL): Response {
    const reference = url.searchParams.get("external_reference");
    const descending = url.searchParams.get("criteria") === "desc";
    const limit = Math.min(Math.max(Number(url.searchParams.get("limit")) || 30, 1), 1000);
    const offset = Math.max(Number(url.searchParams.get("offset")) || 0, 0);
    const found = [...paymentsById.values()].filter(
      (payment) => reference === null || payment.externalReference === reference,
    );
    if (descending) found.reverse();
    return Response.json({
      results: found.slice(offset, offset + limit).map(paymentJson),
      paging: { total: found.length, limit, offset },
    });
  }

  async function api(request: Request, segments: string[], base: string): Promise<Response> {
    requestCount++;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (requestCount <= (options.failFirst ?? 0)) {
      const status = options.failStatus ?? 500;
      return status === 429
        ? apiError(429, "too_many_requests", "too many requests")
        : apiError(status, "internal_error", "internal error");
    }
    const method = request.method === "HEAD" ? "GET" : request.method;
    const [first, second, third, ...rest] = segments;
    let handler: (() => Promise<Response> | Response) | undefined;
    let allowed = "GET";
    if (first === "checkout" && second === "preferences" && rest.length === 0) {
      if (third === undefined) {
        allowed = "POST";
        handler = () => createPreference(request, base);
      } else {
        handler = () => {
          const preference = preferencesById.get(third);
          return preference ? Response.json(preference.body) : notFound("preference not found");
        };
      }
    } else if (first === "v1" && second === "payments" && third !== undefined && !rest.length) {
      handler =
        third === "search"
          ? () => searchPayments(new URL(request.url))
          : () => {
              const payment = paymentsById.get(third);
              return payment
                ? Response.json(paymentJson(payment))
                : apiError(404, "not_found", "Payment not found", [
                    { code: 2000, description: "Payment not found", data: null },
                  ]);
            };
    } else if (first === "users" && second === "me" && third === undefined) {
      handler = () =>
        Response.json({
          id: userId,
          nickname: `TESTUSER${userId}`,
          email: `test_user_${userId}@testuser.com`,
          site_id: SITE_ID,
          country_id: "BR",
        });
    }
    if (!handler) return notFound();
    if (method !== allowed) return methodNotAllowed();
    if (request.headers.get("authorization") !== `Bearer ${options.accessToken}`) {
      return unauthorized();
    }
    return handler();
  }

  // --- The pages ---------------------------------------------------------------------------------

  function checkoutPage(url: URL, mountPath: string): Response {
    const m = messages.mercadoPagoSim.checkout;
    const preference = preferencesById.get(url.searchParams.get("pref-id") ?? "");
    if (!preference)
      return html(`<section><p>${escapeHtml(m.preferenceNotFound)}</p></section>`, 404);
    const rows = preference.items
      .map(
        (item) =>
          `<tr><td>${escapeHtml(item.title)}${item.description ? `<br><span class="note">${escapeHtml(item.description)}</span>` : ""}</td><td>${escapeHtml(item.quantity)}</td><td>${escapeHtml(brl.format(item.unitPrice))}</td></tr>`,
      )
      .join("");
    const total = preference.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
    const payAction = (outcome: PaymentOutcome) =>
      `${mountPath}checkout/v1/pay?${new URLSearchParams({ "pref-id": preference.id, outcome })}`;
    const details = [
      preference.payerEmail &&
        `<p>${escapeHtml(m.payer)}: ${escapeHtml(preference.payerEmail)}</p>`,
      preference.externalReference &&
        `<p>${escapeHtml(m.reference)}: ${escapeHtml(preference.externalReference)}</p>`,
      preference.expirationDateTo &&
        `<p>${escapeHtml(m.expiresAt)}: ${escapeHtml(new Date(preference.expirationDateTo).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" }))}</p>`,
    ]
      .filter(Boolean)
      .join("\n");
    const choices = isExpired(preference)
      ? `<p>${escapeHtml(m.expired)}</p>`
      : `<p>${escapeHtml(m.choose)}</p>
${postButton(payAction("approved"), m.approve)}
${postButton(payAction("rejected"), m.reject, true)}
${postButton(payAction("pending"), m.leavePending, true)}`;
    return html(`<section>
<h1>${escapeHtml(m.heading)}</h1>
<table>
<thead><tr><th>${escapeHtml(m.item)}</th><th>${escapeHtml(m.quantity)}</th><th>${escapeHtml(m.unitPrice)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p><strong>${escapeHtml(m.total)}: ${escapeHtml(brl.format(total))}</strong></p>
${details}
</section>
<section>
${choices}
</section>`);
  }

  async function payFromCheckout(url: URL): Promise<Response> {
    const m = messages.mercadoPagoSim.checkout;
    const preference = preferencesById.get(url.searchParams.get("pref-id") ?? "");
    if (!preference)
      return html(`<section><p>${escapeHtml(m.preferenceNotFound)}</p></section>`, 404);
    const outcome = url.searchParams.get("outcome");
    if (outcome !== "approved" && outcome !== "rejected" && outcome !== "pending") {
      return html(`<section><p>${escapeHtml(m.invalidOutcome)}</p></section>`, 400);
    }
    if (isExpired(preference))
      return html(`<section><p>${escapeHtml(m.expired)}</p></section>`, 400);
    const payment = await pay(preference.id, outcome);
    const backUrl = preference.backUrls[BACK_URL_OF[outcome]];
    if (!backUrl) {
      const status = messages.mercadoPagoSim.statuses[payment.status];
      return html(`<section>
<h1>${escapeHtml(m.done)}</h1>
<p>${escapeHtml(m.doneStatus(payment.id, status))}</p>
<p class="note">${escapeHtml(m.noBackUrl)}</p>
</section>`);
    }
    // The parameters Mercado Pago appends to a back URL, in its order and with its literal "null"s.
    const target = new URL(backUrl);
    const appended: [string, string][] = [
      ["collection_id", payment.id],
      ["collection_status", payment.status],
      ["payment_id", payment.id],
      ["status", payment.status],
      ["external_reference", payment.externalReference ?? "null"],
      ["payment_type", payment.paymentTypeId ?? "null"],
      ["merchant_order_id", String(preference.merchantOrderId)],
      ["preference_id", preference.id],
      ["site_id", SITE_ID],
      ["processing_mode", "aggregator"],
      ["merchant_account_id", "null"],
    ];
    for (const [name, value] of appended) target.searchParams.append(name, value);
    return seeOther(target.toString());
  }

  function testerPage(mountPath: string): Response {
    const m = messages.mercadoPagoSim.tester;
    const preferenceRows = [...preferencesById.values()]
      .reverse()
      .map((preference) => {
        const total = preference.items.reduce((sum, i) => sum + i.quantity * i.unitPrice, 0);
        return `<tr><td>${escapeHtml(preference.id)}</td><td>${escapeHtml(preference.externalReference)}</td><td>${escapeHtml(preference.items[0]?.title)}</td><td>${escapeHtml(brl.format(total))}</td><td><a href="${escapeHtml(preference.initPoint)}">${escapeHtml(m.openCheckout)}</a></td></tr>`;
      })
      .join("\n");
    const paymentRows = [...paymentsById.values()]
      .reverse()
      .map((payment) => {
        const deliveries = notifications.filter((delivery) => delivery.paymentId === payment.id);
        const webhooks = deliveries.length
          ? `<ul>${deliveries
              .map((delivery) => {
                const action = isRecord(delivery.body) ? String(delivery.body.action) : "";
                return `<li>${escapeHtml(delivery.status === null ? m.unanswered(action) : m.answered(action, delivery.status))}</li>`;
              })
              .join("")}</ul>`
          : escapeHtml(
              preferencesById.get(payment.preferenceId)?.notificationUrl
                ? m.noWebhooks
                : m.noNotificationUrl,
            );
        const action = (name: string) =>
          `${mountPath}${TESTER_PATH}/${encodeURIComponent(payment.id)}/${name}`;
        return `<tr>
<td>${escapeHtml(payment.id)}</td>
<td>${escapeHtml(payment.externalReference)}</td>
<td>${escapeHtml(brl.format(payment.transactionAmount))}</td>
<td>${escapeHtml(messages.mercadoPagoSim.statuses[payment.status])}<br><span class="note">${escapeHtml(payment.statusDetail)}</span></td>
<td>${escapeHtml(payment.paymentMethodId)}</td>
<td>${webhooks}</td>
<td>${postButton(action("approve"), m.approve)}${postButton(action("reject"), m.reject, true)}${postButton(action("refund"), m.refund, true)}${postButton(action("chargeback"), m.chargeback, true)}${postButton(action("resend"), m.resend, true)}</td>
</tr>`;
      })
      .join("\n");
    return html(`<section>
<h1>${escapeHtml(m.heading)}</h1>
<p class="note">${escapeHtml(m.intro)}</p>
${
  paymentRows
    ? `<table>
<thead><tr><th>${escapeHtml(m.id)}</th><th>${escapeHtml(m.reference)}</th><th>${escapeHtml(m.amount)}</th><th>${escapeHtml(m.status)}</th><th>${escapeHtml(m.method)}</th><th>${escapeHtml(m.webhooks)}</th><th>${escapeHtml(m.actions)}</th></tr></thead>
<tbody>
${paymentRows}
</tbody>
</table>`
    : `<p>${escapeHtml(m.noPayments)}</p>`
}
</section>
<section>
<h2>${escapeHtml(m.preferencesHeading)}</h2>
${
  preferenceRows
    ? `<table>
<thead><tr><th>${escapeHtml(m.id)}</th><th>${escapeHtml(m.reference)}</th><th>${escapeHtml(m.title)}</th><th>${escapeHtml(m.amount)}</th><th></th></tr></thead>
<tbody>
${preferenceRows}
</tbody>
</table>`
    : `<p>${escapeHtml(m.noPreferences)}</p>`
}
</section>`);
  }

  async function testerAction(
    paymentId: string,
    action: string,
    mountPath: string,
  ): Promise<Response> {
    const m = messages.mercadoPagoSim.tester;
    if (!paymentsById.has(paymentId))
      return html(`<section><p>${escapeHtml(m.paymentNotFound)}</p></section>`, 404);
    if (action === "resend") await resend(paymentId);
    else if (Object.hasOwn(TESTER_ACTIONS, action))
      await setStatus(paymentId, TESTER_ACTIONS[action as keyof typeof TESTER_ACTIONS]);
    else return html(`<section><p>${escapeHtml(m.unknownAction)}</p></section>`, 404);
    return seeOther(`${mountPath}${TESTER_PATH}`);
  }

  async function handle(request: Request, path: string): Promise<Response> {
    try {
      const url = new URL(request.url);
      const base = baseUrlOf(url, path);
      // Pages link by path from the mount: the browser stays on the origin it came in on.
      const mountPath = new URL(base).pathname;
      const segments = path.split("/").filter(Boolean);
      const route = segments.join("/");
      const method = request.method === "HEAD" ? "GET" : request.method;
      if (route === "checkout/v1/redirect" && method === "GET") return checkoutPage(url, mountPath);
      if (route === "checkout/v1/pay" && method === "POST") return await payFromCheckout(url);
      if (route === TESTER_PATH && method === "GET") return testerPage(mountPath);
      if (segments[0] === TESTER_PATH && segments.length === 3 && method === "POST") {
        return await testerAction(segments[1]!, segments[2]!, mountPath);
      }
      return await api(request, segments, base);
    } catch {
      return apiError(500, "internal_error", "internal error");
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || ["host", "connection", "content-length"].includes(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const method = req.method ?? "GET";
    const request = new Request(url, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    const path = url.pathname.slice(1).split("/").map(safeDecode).join("/");
    const response = await handle(request, path);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  return {
    handle,
    pay,
    setStatus,
    resend,
    notifications,
    preferences: () => [...preferencesById.values()],
    payments: () => [...paymentsById.values()],
    get requestCount() {
      return requestCount;
    },
    async start(port = 0) {
      const listening = createServer((req, res) => {
        answer(req, res).catch(() => {
          if (!res.headersSent) res.writeHead(500);
          res.end();
        });
      });
      server = listening;
      await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve));
      const { port: actual } = listening.address() as AddressInfo;
      return `http://127.0.0.1:${actual}`;
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}

let embedded: MercadoPagoSimulator | undefined;

/** The simulator behind this app's /mp-sim route, with the simulators' test account. */
export function embeddedMercadoPagoSimulator(): MercadoPagoSimulator {
  if (!embedded) {
    const { accessToken, webhookSecret } = paymentSimulatorCredentials().mercadopago;
    embedded = createMercadoPagoSimulator({ accessToken, webhookSecret });
  }
  return embedded;
}
