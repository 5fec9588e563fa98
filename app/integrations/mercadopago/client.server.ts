import * as messages from "~/messages";
import {
  createHttpClient,
  type HttpAnswer,
  ProviderError,
  type ProviderErrorDetails,
  retryTiming,
} from "../http/client.server";

/**
 * A thin client of Mercado Pago's REST API (https://api.mercadopago.com or the local simulator):
 * Checkout Pro preferences, payments and the account behind the access token. The official SDK
 * hard-codes its base URL, hence this. Retries, timeouts and Retry-After are the HTTP core's
 * (../http/client.server.ts); a POST is retried with the same X-Idempotency-Key, so a retry after
 * a lost answer returns the object already created.
 */

export type MercadoPagoPaymentStatus =
  | "pending"
  | "approved"
  | "authorized"
  | "in_process"
  | "in_mediation"
  | "rejected"
  | "cancelled"
  | "refunded"
  | "charged_back";

export const MERCADOPAGO_PAYMENT_STATUSES: readonly MercadoPagoPaymentStatus[] = [
  "pending",
  "approved",
  "authorized",
  "in_process",
  "in_mediation",
  "rejected",
  "cancelled",
  "refunded",
  "charged_back",
];

export type MercadoPagoPayment = {
  id: string;
  status: MercadoPagoPaymentStatus;
  statusDetail: string | null;
  externalReference: string | null;
  /** In reais, as Mercado Pago writes it (199.9): the price the seller asked, before any fee. */
  transactionAmount: number;
  /** "BRL" for every payment of a Brazilian account; null when the answer leaves it out. */
  currencyId: string | null;
  /** The account the money went to (the seller's user id); null when the answer leaves it out. */
  collectorId: string | null;
  dateApproved: string | null;
  paymentMethodId: string | null;
  paymentTypeId: string | null;
  liveMode: boolean;
};

export type MercadoPagoPreference = { id: string; initPoint: string; sandboxInitPoint: string };

export type CreatePreferenceInput = {
  externalReference: string;
  title: string;
  description?: string;
  amountCents: number;
  payerEmail: string;
  payerName?: string;
  notificationUrl: string;
  backUrls: { success: string; pending: string; failure: string };
  expiresAt?: Date;
  idempotencyKey: string;
};

export type MercadoPagoClient = {
  createPreference(input: CreatePreferenceInput): Promise<MercadoPagoPreference>;
  getPayment(id: string): Promise<MercadoPagoPayment>;
  searchPayments(externalReference: string): Promise<MercadoPagoPayment[]>;
  /** GET /users/me: the account of the access token ("Testar conexão"). */
  me(): Promise<{ id: number; nickname: string | null; email: string | null }>;
};

export type MercadoPagoClientOptions = {
  baseUrl: string;
  accessToken: string;
  timeoutMs?: number;
  /** Total tries of one request, the first included. */
  maxAttempts?: number;
  /** Wait before the first retry; each further retry waits twice as long. */
  backoffMs?: number;
  fetch?: typeof fetch;
};

const MERCADOPAGO = "mercadopago";

/** A failure of Mercado Pago's API: the core's ProviderError, with Mercado Pago's error code. */
export class MercadoPagoError extends ProviderError {
  /** The `error` field of Mercado Pago's error body ("unauthorized", "invalid_auto_return"…). */
  readonly code?: string;

  constructor(message: string, details: ProviderErrorDetails & { code?: string } = {}) {
    super(MERCADOPAGO, message, details);
    this.name = "MercadoPagoError";
    this.code = details.code;
  }
}

const DEFAULT_TIMING = { timeoutMs: 15_000, maxAttempts: 3, backoffMs: 500 };
const STATEMENT_DESCRIPTOR = "ENCAIXA";
/** Brasília time; Brazil has had no daylight saving time since 2019. */
const BRAZIL_OFFSET_MINUTES = -3 * 60;

/**
 * A date as Mercado Pago writes them, ISO 8601 with an explicit offset
 * ("2025-01-31T21:00:00.000-03:00"): the format its docs ask for in expiration dates.
 */
export function mercadoPagoDate(date: Date): string {
  const shifted = new Date(date.getTime() + BRAZIL_OFFSET_MINUTES * 60_000);
  return shifted.toISOString().replace("Z", "-03:00");
}

type ErrorBody = { message?: unknown; error?: unknown; status?: unknown; cause?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Mercado Pago's own words on a 4xx: the message and the causes' descriptions. */
function detailOf(body: ErrorBody | null): string {
  if (!body) return "";
  const parts: string[] = [];
  if (typeof body.message === "string" && body.message) parts.push(body.message);
  if (Array.isArray(body.cause)) {
    for (const cause of body.cause) {
      if (isRecord(cause) && typeof cause.description === "string" && cause.description) {
        if (!parts.includes(cause.description)) parts.push(cause.description);
      }
    }
  }
  return parts.join("; ");
}

function errorFor(answer: HttpAnswer, body: ErrorBody | null): MercadoPagoError {
  const m = messages.mercadoPagoSim.client;
  const { status } = answer;
  const code = typeof body?.error === "string" && body.error ? body.error : undefined;
  const message =
    status === 401
      ? m.invalidToken
      : status === 403
        ? m.forbidden
        : status === 404
          ? m.notFound
          : status === 429
            ? m.rateLimited
            : status >= 500
              ? m.serverError(status)
              : m.rejected(status, detailOf(body));
  return new MercadoPagoError(message, { ...answer.details, code });
}

function unexpected(): MercadoPagoError {
  return new MercadoPagoError(messages.mercadoPagoSim.client.unexpectedAnswer);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A successful answer's JSON, or the error Mercado Pago's answer stands for. */
function readAnswer(answer: HttpAnswer): unknown {
  const json = parseJson(answer.text);
  if (answer.ok) {
    if (!json.ok) {
      throw new MercadoPagoError(messages.mercadoPagoSim.client.notJson(answer.status), {
        status: answer.status,
      });
    }
    return json.value;
  }
  throw errorFor(answer, json.ok && isRecord(json.value) ? json.value : null);
}

function optionalString(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return null;
}

function toPayment(raw: unknown): MercadoPagoPayment {
  if (!isRecord(raw)) throw unexpected();
  const { id, status, transaction_amount: amount } = raw;
  if ((typeof id !== "number" && typeof id !== "string") || typeof status !== "string") {
    throw unexpected();
  }
  if (!MERCADOPAGO_PAYMENT_STATUSES.includes(status as MercadoPagoPaymentStatus)) {
    throw new MercadoPagoError(messages.mercadoPagoSim.client.unknownStatus(status));
  }
  if (typeof amount !== "number" || !Number.isFinite(amount)) throw unexpected();
  return {
    id: String(id),
    status: status as MercadoPagoPaymentStatus,
    statusDetail: optionalString(raw.status_detail),
    externalReference: optionalString(raw.external_reference),
    transactionAmount: amount,
    currencyId: optionalString(raw.currency_id),
    collectorId: optionalString(
      raw.collector_id ?? (isRecord(raw.collector) ? raw.collector.id : null),
    ),
    dateApproved: optionalString(raw.date_approved),
    paymentMethodId: optionalString(raw.payment_method_id),
    paymentTypeId: optionalString(raw.payment_type_id),
    liveMode: raw.live_mode === true,
  };
}

function preferenceBody(input: CreatePreferenceInput): Record<string, unknown> {
  const item: Record<string, unknown> = {
    id: input.externalReference,
    title: input.title,
    quantity: 1,
    currency_id: "BRL",
    unit_price: input.amountCents / 100,
  };
  if (input.description) item.description = input.description;
  const payer: Record<string, unknown> = { email: input.payerEmail };
  if (input.payerName) payer.name = input.payerName;
  const body: Record<string, unknown> = {
    items: [item],
    payer,
    back_urls: input.backUrls,
    auto_return: "approved",
    notification_url: input.notificationUrl,
    external_reference: input.externalReference,
    statement_descriptor: STATEMENT_DESCRIPTOR,
    payment_methods: { excluded_payment_types: [{ id: "ticket" }] },
  };
  if (input.expiresAt) {
    body.expires = true;
    body.expiration_date_from = mercadoPagoDate(new Date());
    body.expiration_date_to = mercadoPagoDate(input.expiresAt);
  }
  return body;
}

export function createMercadoPagoClient(options: MercadoPagoClientOptions): MercadoPagoClient {
  const m = messages.mercadoPagoSim.client;
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    ...retryTiming(options, DEFAULT_TIMING),
    fetch: options.fetch,
    headers: { Authorization: `Bearer ${options.accessToken}`, Accept: "application/json" },
    failures: {
      error: (message, details) => new MercadoPagoError(message, details),
      network: m.network,
      timeout: m.timeout,
      droppedMidAnswer: m.connectionDropped,
    },
  });

  const get = (path: string) => http.request({ path }, readAnswer);

  return {
    async createPreference(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw new MercadoPagoError(m.invalidAmount);
      }
      const raw = await http.request(
        {
          method: "POST",
          path: "checkout/preferences",
          json: preferenceBody(input),
          idempotencyKey: input.idempotencyKey,
        },
        readAnswer,
      );
      if (!isRecord(raw)) throw unexpected();
      const { id, init_point: initPoint, sandbox_init_point: sandboxInitPoint } = raw;
      if (typeof id !== "string" || typeof initPoint !== "string") throw unexpected();
      return {
        id,
        initPoint,
        sandboxInitPoint: typeof sandboxInitPoint === "string" ? sandboxInitPoint : initPoint,
      };
    },

    async getPayment(id) {
      return toPayment(await get(`v1/payments/${encodeURIComponent(id)}`));
    },

    async searchPayments(externalReference) {
      const query = new URLSearchParams({
        external_reference: externalReference,
        sort: "date_created",
        criteria: "desc",
      });
      const raw = await get(`v1/payments/search?${query}`);
      if (!isRecord(raw) || !Array.isArray(raw.results)) throw unexpected();
      return raw.results.map(toPayment);
    },

    async me() {
      const raw = await get("users/me");
      if (!isRecord(raw) || typeof raw.id !== "number") throw unexpected();
      return {
        id: raw.id,
        nickname: typeof raw.nickname === "string" ? raw.nickname : null,
        email: typeof raw.email === "string" ? raw.email : null,
      };
    },
  };
}
