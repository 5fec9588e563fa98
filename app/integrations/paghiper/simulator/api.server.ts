import QRCode from "qrcode";
import * as messages from "~/messages";
import { buildPixBrCode } from "~/utils/brcode";
import { cpfDigits, isValidCpf } from "~/utils/cpf";
import { isHttpUrl, isRecord, readBodyText, simulatedFaults } from "../../simulator-server.server";
import {
  ALLOWED_FROM,
  brasiliaDateTime,
  daysFromToday,
  type PagHiperStore,
  randomCode,
  statusLabel,
} from "./store.server";
import type { PagHiperSimulatorOptions, SimulatedPixItem, SimulatedPixTransaction } from "./types";

/**
 * The PagHiper simulator's API: POST invoice/create/, status/, notification/ and cancel/, with
 * PagHiper's checks, JSON shapes (every number a string) and pt-BR rejects.
 */

const MERCHANT_NAME = "ENCAIXA SIMULADOR";
const MERCHANT_CITY = "SAO PAULO";
const MINIMUM_TOTAL_CENTS = 300;
const MAX_DAYS_DUE_DATE = 400;

export const API_WRAPPERS = {
  "invoice/create": "pix_create_request",
  "invoice/status": "status_request",
  "invoice/notification": "status_request",
  "invoice/cancel": "cancellation_request",
} as const;
export type ApiPath = keyof typeof API_WRAPPERS;

type JsonObject = Record<string, unknown>;
type ApiAnswer = { status: number; body: JsonObject };

const api = messages.pagHiperSim.api;

/** A whole, non-negative number given as a number or as a string of digits (PagHiper takes both). */
function wholeNumber(value: unknown): number | null {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(number) && number >= 0 ? number : null;
}

function nonEmptyText(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** A dynamic BR Code pointing at the charge's page; a host too long for field 26 gets a stand-in. */
function pixBrCode(locationUrl: string, amountCents: number, txid: string): string {
  const code = (location: string) =>
    buildPixBrCode({
      locationUrl: location,
      amountCents,
      merchantName: MERCHANT_NAME,
      merchantCity: MERCHANT_CITY,
      txid,
    });
  try {
    return code(locationUrl);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return code(`paghiper-sim.invalid/pix/${txid}`);
  }
}

function isValidCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const checkDigit = (base: string) => {
    let weight = base.length - 7;
    let sum = 0;
    for (const digit of base) {
      sum += Number(digit) * weight;
      weight = weight === 2 ? 9 : weight - 1;
    }
    return sum % 11 < 2 ? 0 : 11 - (sum % 11);
  };
  const first = checkDigit(digits.slice(0, 12));
  const second = checkDigit(digits.slice(0, 12) + first);
  return digits.slice(12) === `${first}${second}`;
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function pagHiperApi(store: PagHiperStore, options: PagHiperSimulatorOptions) {
  const { transactions, byOrderId, changeStatus, track, notify } = store;
  const faults = simulatedFaults(options);

  const reject = (status: number, responseMessage: string): ApiAnswer => ({
    status,
    body: { result: "reject", response_message: responseMessage, http_code: String(status) },
  });

  function credentialsMatch(body: JsonObject, tokenRequired: boolean): boolean {
    if (body.apiKey !== options.apiKey) return false;
    return tokenRequired || body.token !== undefined ? body.token === options.token : true;
  }

  function pixCode(transaction: SimulatedPixTransaction) {
    return {
      qrcode_base64: transaction.qrcodeBase64,
      qrcode_image_url: transaction.qrcodeImageUrl,
      emv: transaction.emv,
      pix_url: transaction.pixUrl,
      bacen_url: transaction.pixUrl,
    };
  }

  function createdAnswer(transaction: SimulatedPixTransaction, responseMessage: string): ApiAnswer {
    return {
      status: 201,
      body: {
        result: "success",
        response_message: responseMessage,
        transaction_id: transaction.transactionId,
        created_date: transaction.createdDate,
        value_cents: String(transaction.valueCents),
        status: transaction.status,
        order_id: transaction.orderId,
        due_date: transaction.dueDate,
        pix_code: pixCode(transaction),
        http_code: "201",
      },
    };
  }

  function statusReport(transaction: SimulatedPixTransaction, responseMessage: string): ApiAnswer {
    const paid = transaction.paidDate !== null;
    return {
      status: 200,
      body: {
        result: "success",
        response_message: responseMessage,
        transaction_id: transaction.transactionId,
        order_id: transaction.orderId,
        created_date: transaction.createdDate,
        status: transaction.status,
        status_date: transaction.statusDate,
        due_date: transaction.dueDate,
        value_cents: String(transaction.valueCents),
        discount_cents: String(transaction.discountCents),
        shipping_price_cents: String(transaction.shippingPriceCents),
        value_fee_cents: "0",
        ...(paid && {
          paid_date: transaction.paidDate,
          value_cents_paid: String(transaction.valueCents),
        }),
        payer_email: transaction.payer.email,
        payer_name: transaction.payer.name,
        payer_cpf_cnpj: transaction.payer.cpfCnpj,
        payer_phone: transaction.payer.phone ?? "",
        pix_code: pixCode(transaction),
        items: transaction.items.map((item) => ({
          item_id: item.itemId,
          description: item.description,
          quantity: String(item.quantity),
          price_cents: String(item.priceCents),
        })),
        http_code: "200",
      },
    };
  }

  function readItems(value: unknown): SimulatedPixItem[] | string {
    if (!Array.isArray(value) || value.length === 0) return api.missingItems;
    const items: SimulatedPixItem[] = [];
    for (const [index, raw] of value.entries()) {
      const item = isRecord(raw) ? raw : {};
      const itemId = nonEmptyText(item.item_id);
      const description = nonEmptyText(item.description);
      const quantity = wholeNumber(item.quantity);
      const priceCents = wholeNumber(item.price_cents);
      if (!itemId || !description || !quantity || priceCents === null) {
        return api.invalidItem(index + 1);
      }
      items.push({ itemId, description, quantity, priceCents });
    }
    return items;
  }

  function readPayerDocument(value: unknown): string | { refusal: string } {
    const text = nonEmptyText(value);
    if (!text) return { refusal: api.missingPayerCpfCnpj };
    const digits = cpfDigits(text);
    if (digits.length === 11) return isValidCpf(text) ? digits : { refusal: api.invalidCpf };
    if (digits.length === 14) return isValidCnpj(digits) ? digits : { refusal: api.invalidCnpj };
    return { refusal: api.invalidCpfCnpj };
  }

  async function create(body: JsonObject, root: URL): Promise<ApiAnswer> {
    if (!credentialsMatch(body, false)) return reject(401, api.invalidCredentials);
    const orderId = nonEmptyText(body.order_id);
    if (!orderId || orderId.length > 64) return reject(400, api.invalidOrderId);
    const email = nonEmptyText(body.payer_email);
    if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return reject(400, api.invalidPayerEmail);
    }
    const name = nonEmptyText(body.payer_name);
    if (!name) return reject(400, api.missingPayerName);
    const document = readPayerDocument(body.payer_cpf_cnpj);
    if (typeof document !== "string") return reject(400, document.refusal);
    const notificationUrl = nonEmptyText(body.notification_url);
    if (!notificationUrl || !isHttpUrl(notificationUrl)) {
      return reject(400, api.invalidNotificationUrl);
    }
    const days = wholeNumber(body.days_due_date);
    if (days === null || days > MAX_DAYS_DUE_DATE) return reject(400, api.invalidDaysDueDate);
    const discountCents = wholeNumber(body.discount_cents ?? 0);
    if (discountCents === null) return reject(400, api.invalidCents("discount_cents"));
    const shippingPriceCents = wholeNumber(body.shipping_price_cents ?? 0);
    if (shippingPriceCents === null) return reject(400, api.invalidCents("shipping_price_cents"));
    const items = readItems(body.items);
    if (typeof items === "string") return reject(400, items);
    const valueCents =
      items.reduce((sum, item) => sum + item.quantity * item.priceCents, 0) -
      discountCents +
      shippingPriceCents;
    if (valueCents < MINIMUM_TOTAL_CENTS) return reject(400, api.minimumTotal);

    // PagHiper keys a charge on order_id: asking again (a client's retry) answers the same charge.
    const existing = byOrderId.get(orderId);
    if (existing) {
      return existing.valueCents === valueCents
        ? createdAnswer(existing, api.alreadyCreated)
        : reject(400, api.orderIdTaken);
    }

    let transactionId = randomCode(16);
    while (transactions.has(transactionId)) transactionId = randomCode(16);
    const pixUrl = new URL(`pix/${transactionId}`, root).href;
    const emv = pixBrCode(pixUrl, valueCents, transactionId);
    const now = brasiliaDateTime();
    const transaction: SimulatedPixTransaction = {
      transactionId,
      orderId,
      status: "pending",
      valueCents,
      createdDate: now,
      statusDate: now,
      dueDate: daysFromToday(days),
      paidDate: null,
      payer: {
        email,
        name,
        cpfCnpj: document,
        phone: nonEmptyText(body.payer_phone),
      },
      items,
      discountCents,
      shippingPriceCents,
      notificationUrl,
      emv,
      qrcodeBase64: "",
      pixUrl,
      qrcodeImageUrl: new URL(`qrcode/${transactionId}.png`, root).href,
      notificationIds: [],
    };
    // Registered before the first await: a retry racing this request finds the same charge.
    transactions.set(transactionId, transaction);
    byOrderId.set(orderId, transaction);
    const qrcode = await QRCode.toBuffer(emv, { type: "png", margin: 2, width: 264 });
    transaction.qrcodeBase64 = qrcode.toString("base64");
    return createdAnswer(transaction, api.created);
  }

  function findForApi(body: JsonObject): SimulatedPixTransaction | ApiAnswer {
    if (!credentialsMatch(body, true)) return reject(401, api.invalidCredentials);
    const transactionId = nonEmptyText(body.transaction_id);
    if (!transactionId) return reject(400, api.missingTransactionId);
    return transactions.get(transactionId) ?? reject(404, api.transactionNotFound);
  }

  function isAnswer(value: SimulatedPixTransaction | ApiAnswer): value is ApiAnswer {
    return "body" in value;
  }

  async function answerApi(path: ApiPath, body: JsonObject, root: URL): Promise<ApiAnswer> {
    if (path === "invoice/create") return create(body, root);
    const found = findForApi(body);
    if (isAnswer(found)) return found;
    if (path === "invoice/status") return statusReport(found, api.found);
    if (path === "invoice/notification") {
      const notificationId = nonEmptyText(body.notification_id);
      return notificationId && found.notificationIds.includes(notificationId)
        ? statusReport(found, api.notificationConfirmed)
        : reject(404, api.notificationNotFound);
    }
    if (body.status !== "canceled") return reject(400, api.invalidCancelStatus);
    if (!ALLOWED_FROM.cancel.includes(found.status)) {
      return reject(400, api.cannotCancel(statusLabel(found.status)));
    }
    changeStatus(found, "canceled");
    // Not awaited: the app that asked may be the one the notification goes to.
    track(notify(found));
    return {
      status: 200,
      body: { result: "success", response_message: api.canceled, http_code: "200" },
    };
  }

  function failure(status: number): Response {
    const message = status === 429 ? api.simulatedRateLimit : api.simulatedFailure;
    return json(status, { error: message });
  }

  /** Answers a POST to `apiPath`; `root` is the simulator's root, as the client reached it. */
  async function handle(request: Request, apiPath: ApiPath, root: URL): Promise<Response> {
    const failing = await faults.arrive();
    const forced = Number(new URL(request.url).searchParams.get("simulate"));
    if (forced === 429 || forced === 500) return failure(forced);
    if (failing) return failure(options.failStatus ?? 500);
    const wrapper = API_WRAPPERS[apiPath];
    const text = await readBodyText(request);
    let body: unknown;
    try {
      body = JSON.parse(text ?? "");
    } catch {
      body = undefined;
    }
    const answer = isRecord(body)
      ? await answerApi(apiPath, body, root)
      : reject(400, api.invalidBody);
    return json(answer.status, { [wrapper]: answer.body });
  }

  return {
    handle,
    /** API requests answered so far, failures included. */
    get requestCount() {
      return faults.count;
    },
  };
}
