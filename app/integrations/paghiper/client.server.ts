import * as messages from "~/messages";
import { cpfDigits } from "~/utils/cpf";

/**
 * Client of PagHiper's PIX API (https://pix.paghiper.com and its local simulator), after
 * /work/shared/reference/payments.md: JSON in and out, the credentials in the body, every number
 * of an answer a string. A refusal comes as `result: "reject"` with a Portuguese
 * `response_message` under whatever HTTP status, so the body decides, not the status.
 *
 * Timeouts, network errors, 429 and 5xx are retried with exponential backoff, a bounded number
 * of times; other answers are not, asking again would not change them. Retrying a create is safe
 * because PagHiper keys a charge on `order_id`: the same order_id with the same amount answers
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

export class PagHiperError extends Error {
  constructor(
    message: string,
    /** The HTTP status of the last answer; undefined for a network error or a timeout. */
    readonly status?: number,
    /** PagHiper's own words on a reject (`response_message`), in Portuguese. */
    readonly responseMessage?: string,
  ) {
    super(message);
    this.name = "PagHiperError";
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 500;
const MAX_RETRY_AFTER_MS = 30_000;

type JsonObject = Record<string, unknown>;

const m = messages.pagHiperSim.client;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function retryable(status: number) {
  return status === 429 || status >= 500;
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0
    ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS)
    : undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function rejection(answer: JsonObject, status: number): PagHiperError {
  const reason = answer.response_message;
  return typeof reason === "string" && reason.trim()
    ? new PagHiperError(m.rejected(reason), status, reason)
    : new PagHiperError(m.rejectedWithoutReason, status);
}

// --- Reading answers: numbers come as strings, and an absent date may come as zeros ----------

function unexpected(field: string): PagHiperError {
  return new PagHiperError(m.unexpected(`${field} ausente ou inválido`));
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
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const withToken = { apiKey: options.apiKey, token: options.token };

  /** POSTs `body` to `path` and answers the object under `wrapper` of a successful answer. */
  async function post(path: string, wrapper: string, body: JsonObject): Promise<JsonObject> {
    const url = `${baseUrl}/${path}`;
    const payload = JSON.stringify(body);
    let lastError = new PagHiperError(m.network);
    let waitMs = 0;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1) await sleep(waitMs);
      waitMs = backoffMs * 2 ** (attempt - 1);
      let response: Response;
      let text: string;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { Accept: "application/json", "Content-Type": "application/json" },
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        lastError = new PagHiperError(timedOut ? m.timeout(timeoutMs / 1000) : m.network);
        continue;
      }
      try {
        text = await response.text();
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        lastError = new PagHiperError(
          timedOut ? m.timeout(timeoutMs / 1000) : m.droppedMidAnswer,
          response.status,
        );
        continue;
      }
      const json = parseJson(text);
      const answer = json.ok && isObject(json.value) ? json.value[wrapper] : undefined;
      const rejected =
        isObject(answer) && answer.result !== "success"
          ? rejection(answer, response.status)
          : undefined;
      if (retryable(response.status)) {
        lastError =
          rejected ??
          new PagHiperError(
            response.status === 429 ? m.rateLimited : m.httpError(response.status),
            response.status,
          );
        waitMs = retryAfterMs(response) ?? waitMs;
        continue;
      }
      if (!json.ok) throw new PagHiperError(m.notJson(response.status), response.status);
      if (!isObject(answer)) {
        throw new PagHiperError(m.unexpected(`sem o campo ${wrapper}`), response.status);
      }
      if (rejected) throw rejected;
      if (!response.ok) throw new PagHiperError(m.httpError(response.status), response.status);
      return answer;
    }
    throw lastError;
  }

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
