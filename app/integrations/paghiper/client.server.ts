import * as messages from "~/messages";
import { cpfDigits } from "~/utils/cpf";
import {
  createHttpClient,
  type HttpAnswer,
  isRetryableStatus,
  ProviderError,
  type ProviderErrorDetails,
  retryTiming,
} from "../http/client.server";

/**
 * Client of PagHiper's PIX API (https://pix.paghiper.com and its local simulator), after
 * /work/shared/reference/payments.md: JSON in and out, the credentials in the body, every number
 * of an answer a string. A refusal comes as `result: "reject"` with a Portuguese
 * `response_message` under whatever HTTP status, so the body decides, not the status.
 *
 * Timeouts, network errors, 429 and 5xx are retried by the HTTP core (../http/client.server.ts), a
 * bounded number of times; other answers are not, asking again would not change them. Retrying a
 * create is safe because PagHiper keys a charge on `order_id`: the same order_id with the same amount answers
 * the charge already created instead of a second one (the simulator does exactly that; the real
 * API's behaviour for a repeated order_id is not documented in detail — keep one order_id per
 * charge the app means to create, and a new one for a charge with another amount).
 */

export const PAGHIPER_STATUSES = [
  "pending",
  "reserved",
  "paid",
  "completed",
  "processing",
  "canceled",
  "refunded",
] as const;
export type PagHiperStatus = (typeof PAGHIPER_STATUSES)[number];

export type PagHiperPix = {
  transactionId: string;
  orderId: string;
  status: PagHiperStatus;
  valueCents: number;
  dueDate: string;
  createdDate: string;
  /** The PIX "copia e cola" (EMV BR Code). */
  emv: string;
  /** A PNG, base64 without the `data:` prefix. */
  qrcodeBase64: string | null;
  /** PagHiper's page for the payer. */
  pixUrl: string | null;
};

export type PagHiperStatusReport = {
  transactionId: string;
  orderId: string | null;
  status: PagHiperStatus;
  statusDate: string | null;
  dueDate: string | null;
  valueCents: number;
  /** What the payer paid (`value_cents_paid`), when PagHiper says; null otherwise. */
  valueCentsPaid: number | null;
  paidDate: string | null;
};

export type PagHiperPixItem = {
  itemId: string;
  description: string;
  quantity: number;
  priceCents: number;
};

export type CreatePixInput = {
  /** Our invoice id (≤ 64 characters): PagHiper's key against duplicate charges. */
  orderId: string;
  payerEmail: string;
  payerName: string;
  /** Masked or bare: only the digits are sent. */
  payerCpf: string;
  notificationUrl: string;
  daysDueDate: number;
  items: PagHiperPixItem[];
};

export type PagHiperClient = {
  createPix(input: CreatePixInput): Promise<PagHiperPix>;
  status(transactionId: string): Promise<PagHiperStatusReport>;
  cancel(transactionId: string): Promise<void>;
  /** The status report a notification stands for; refused (a PagHiperError) when PagHiper does not know it. */
  confirmNotification(transactionId: string, notificationId: string): Promise<PagHiperStatusReport>;
};

export type PagHiperClientOptions = {
  baseUrl: string;
  apiKey: string;
  token: string;
  /** Per attempt (default 15 s). */
  timeoutMs?: number;
  /** Total tries of one request, the first included (default 3). */
  maxAttempts?: number;
  /** Wait before the first retry; each further retry waits twice as long (default 500 ms). */
  backoffMs?: number;
  fetch?: typeof fetch;
};

const PAGHIPER = "paghiper";

/** A failure of PagHiper's API: the core's ProviderError, with PagHiper's own words on a reject. */
export class PagHiperError extends ProviderError {
  /** PagHiper's own words on a reject (`response_message`), in Portuguese. */
  readonly responseMessage?: string;

  constructor(message: string, details: ProviderErrorDetails & { responseMessage?: string } = {}) {
    super(PAGHIPER, message, details);
    this.name = "PagHiperError";
    this.responseMessage = details.responseMessage;
  }
}

const DEFAULT_TIMING = { timeoutMs: 15_000, maxAttempts: 3, backoffMs: 500 };

type JsonObject = Record<string, unknown>;

const m = messages.pagHiperSim.client;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function rejection(wrapped: JsonObject, answer: HttpAnswer): PagHiperError {
  const reason = wrapped.response_message;
  return typeof reason === "string" && reason.trim()
    ? new PagHiperError(m.rejected(reason), { ...answer.details, responseMessage: reason })
    : new PagHiperError(m.rejectedWithoutReason, answer.details);
}

/**
 * The object under `wrapper` of a successful answer, or the error the answer stands for. The body
 * decides: a reject comes under whatever HTTP status, and a 429 or 5xx is retried either way.
 */
function readWrapped(answer: HttpAnswer, wrapper: string): JsonObject {
  const json = parseJson(answer.text);
  const wrapped = json.ok && isObject(json.value) ? json.value[wrapper] : undefined;
  const rejected =
    isObject(wrapped) && wrapped.result !== "success" ? rejection(wrapped, answer) : undefined;
  if (isRetryableStatus(answer.status)) {
    throw (
      rejected ??
      new PagHiperError(
        answer.status === 429 ? m.rateLimited : m.httpError(answer.status),
        answer.details,
      )
    );
  }
  if (!json.ok) throw new PagHiperError(m.notJson(answer.status), { status: answer.status });
  if (!isObject(wrapped)) {
    throw new PagHiperError(m.missingWrapper(wrapper), { status: answer.status });
  }
  if (rejected) throw rejected;
  if (!answer.ok) throw new PagHiperError(m.httpError(answer.status), answer.details);
  return wrapped;
}

// --- Reading answers: numbers come as strings, and an absent date may come as zeros ----------

function unexpected(field: string): PagHiperError {
  return new PagHiperError(m.invalidField(field));
}

function readText(answer: JsonObject, field: string): string {
  const value = answer[field];
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw unexpected(field);
}

function readOptionalText(answer: JsonObject, field: string): string | null {
  const value = answer[field];
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string" || value.trim() === "" || /^0000-00-00/.test(value)) return null;
  return value;
}

function readCents(answer: JsonObject, field: string): number {
  const value = answer[field];
  const cents =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(cents) || cents < 0) throw unexpected(field);
  return cents;
}

function readStatus(answer: JsonObject): PagHiperStatus {
  const value = answer.status;
  const status = PAGHIPER_STATUSES.find((known) => known === value);
  if (!status) throw unexpected("status");
  return status;
}

function readStatusReport(answer: JsonObject, transactionId: string): PagHiperStatusReport {
  return {
    transactionId: readOptionalText(answer, "transaction_id") ?? transactionId,
    orderId: readOptionalText(answer, "order_id"),
    status: readStatus(answer),
    statusDate: readOptionalText(answer, "status_date"),
    dueDate: readOptionalText(answer, "due_date"),
    valueCents: readCents(answer, "value_cents"),
    valueCentsPaid:
      answer.value_cents_paid === undefined ||
      answer.value_cents_paid === null ||
      answer.value_cents_paid === ""
        ? null
        : readCents(answer, "value_cents_paid"),
    paidDate: readOptionalText(answer, "paid_date"),
  };
}

function readPix(answer: JsonObject): PagHiperPix {
  const pixCode = answer.pix_code;
  if (!isObject(pixCode)) throw unexpected("pix_code");
  return {
    transactionId: readText(answer, "transaction_id"),
    orderId: readText(answer, "order_id"),
    status: readStatus(answer),
    valueCents: readCents(answer, "value_cents"),
    dueDate: readText(answer, "due_date"),
    createdDate: readText(answer, "created_date"),
    emv: readText(pixCode, "emv"),
    qrcodeBase64: readOptionalText(pixCode, "qrcode_base64"),
    pixUrl: readOptionalText(pixCode, "pix_url"),
  };
}

export function createPagHiperClient(options: PagHiperClientOptions): PagHiperClient {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    ...retryTiming(options, DEFAULT_TIMING),
    fetch: options.fetch,
    headers: { Accept: "application/json" },
    failures: {
      error: (message, details) => new PagHiperError(message, details),
      network: m.network,
      timeout: m.timeout,
      droppedMidAnswer: m.droppedMidAnswer,
    },
  });
  const withToken = { apiKey: options.apiKey, token: options.token };

  /** POSTs `body` to `path` and answers the object under `wrapper` of a successful answer. */
  const post = (path: string, wrapper: string, body: JsonObject) =>
    http.request({ method: "POST", path, json: body }, (answer) => readWrapped(answer, wrapper));

  return {
    async createPix(input) {
      const answer = await post("invoice/create/", "pix_create_request", {
        apiKey: options.apiKey,
        order_id: input.orderId,
        payer_email: input.payerEmail,
        payer_name: input.payerName,
        payer_cpf_cnpj: cpfDigits(input.payerCpf),
        notification_url: input.notificationUrl,
        days_due_date: input.daysDueDate,
        discount_cents: 0,
        shipping_price_cents: 0,
        items: input.items.map((item) => ({
          item_id: item.itemId,
          description: item.description,
          quantity: item.quantity,
          price_cents: item.priceCents,
        })),
      });
      return readPix(answer);
    },

    async status(transactionId) {
      const answer = await post("invoice/status/", "status_request", {
        ...withToken,
        transaction_id: transactionId,
      });
      return readStatusReport(answer, transactionId);
    },

    async cancel(transactionId) {
      await post("invoice/cancel/", "cancellation_request", {
        ...withToken,
        transaction_id: transactionId,
        status: "canceled",
      });
    },

    async confirmNotification(transactionId, notificationId) {
      const answer = await post("invoice/notification/", "status_request", {
        ...withToken,
        transaction_id: transactionId,
        notification_id: notificationId,
      });
      return readStatusReport(answer, transactionId);
    },
  };
}
