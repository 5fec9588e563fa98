import { randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import QRCode from "qrcode";
import * as messages from "~/messages";
import { buildPixBrCode } from "~/utils/brcode";
import { cpfDigits, isValidCpf } from "~/utils/cpf";
import { formatBRL, saoPauloDay } from "~/utils/format";
import { PAGHIPER_SIM_PATH, paymentSimulatorCredentials } from "../payment-simulators.server";
import type { PagHiperStatus } from "./client.server";

/**
 * A local stand-in for PagHiper's PIX API (payments.md, PagHiper section): the same paths, JSON
 * shapes, string numbers and pt-BR rejects, state in memory. Charges change status only by a
 * tester's hand — the pages at the simulator's root, or `pay`/`expire`/`cancel`/`refund` in
 * tests — and each change is POSTed form-encoded to the charge's notification_url as PagHiper
 * does, for the app to confirm at /invoice/notification/. It runs as its own HTTP server (tests)
 * or behind the app's /paghiper-sim route (local runs).
 */

export type PagHiperSimulatorOptions = {
  /** The only credentials the API accepts. */
  apiKey: string;
  token: string;
  /** Added before every API answer, to exercise client timeouts. */
  delayMs?: number;
  /** The first N API requests fail with `failStatus` (default 500). */
  failFirst?: number;
  failStatus?: number;
  /** Delivers the notifications (default: the global fetch). */
  fetch?: typeof fetch;
};

export type SimulatedPixItem = {
  itemId: string;
  description: string;
  quantity: number;
  priceCents: number;
};

export type SimulatedPixTransaction = {
  transactionId: string;
  orderId: string;
  status: PagHiperStatus;
  valueCents: number;
  /** Brasília time, "YYYY-MM-DD HH:MM:SS", as PagHiper writes its dates. */
  createdDate: string;
  statusDate: string;
  /** "YYYY-MM-DD". */
  dueDate: string;
  paidDate: string | null;
  payer: { email: string; name: string; cpfCnpj: string; phone: string | null };
  items: SimulatedPixItem[];
  discountCents: number;
  shippingPriceCents: number;
  notificationUrl: string;
  emv: string;
  qrcodeBase64: string;
  pixUrl: string;
  qrcodeImageUrl: string;
  /** Every notification id sent for this charge: the only ones /invoice/notification/ confirms. */
  notificationIds: string[];
};

export type SimulatedNotification = {
  url: string;
  body: Record<string, string>;
  /** The app's HTTP answer; null while in flight, or when it never answered. */
  status: number | null;
};

export type PagHiperSimulator = {
  /** Answers a request for `path`, below the simulator's root ("invoice/create/", "", "pix/ID"). */
  handle(request: Request, path: string): Promise<Response>;
  /** Starts an HTTP server (ephemeral port by default); resolves to the API's base URL. */
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
  /** Tester actions: each changes the status and resolves once the app answered the notification. */
  pay(transactionId: string): Promise<void>;
  cancel(transactionId: string): Promise<void>;
  /** Cancels a charge as its due date passing does; the due date moves to yesterday. */
  expire(transactionId: string): Promise<void>;
  refund(transactionId: string): Promise<void>;
  /** Resolves when every notification in flight (those of an API cancel) has been answered. */
  settled(): Promise<void>;
  readonly notifications: readonly Readonly<SimulatedNotification>[];
  transactions(): readonly Readonly<SimulatedPixTransaction>[];
  /** API requests answered so far, failures included. */
  readonly requestCount: number;
};

/** A tester action the charge's status does not allow; the message is pt-BR. */
export class PagHiperSimulatorRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PagHiperSimulatorRefusal";
  }
}

type TesterAction = "pay" | "expire" | "cancel" | "refund";

const MERCHANT_NAME = "ENCAIXA SIMULADOR";
const MERCHANT_CITY = "SAO PAULO";
const MINIMUM_TOTAL_CENTS = 300;
const MAX_DAYS_DUE_DATE = 400;
const NOTIFICATION_TIMEOUT_MS = 10_000;
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

const ACTION_SLUGS: Record<string, TesterAction> = {
  pagar: "pay",
  expirar: "expire",
  cancelar: "cancel",
  estornar: "refund",
};
const SLUG_OF: Record<TesterAction, string> = {
  pay: "pagar",
  expire: "expirar",
  cancel: "cancelar",
  refund: "estornar",
};

/** Which statuses each tester action starts from. */
const ALLOWED_FROM: Record<TesterAction, readonly PagHiperStatus[]> = {
  pay: ["pending", "reserved"],
  expire: ["pending", "reserved"],
  cancel: ["pending", "reserved"],
  refund: ["paid", "completed"],
};

const API_WRAPPERS = {
  "invoice/create": "pix_create_request",
  "invoice/status": "status_request",
  "invoice/notification": "status_request",
  "invoice/cancel": "cancellation_request",
} as const;
type ApiPath = keyof typeof API_WRAPPERS;

type JsonObject = Record<string, unknown>;
type ApiAnswer = { status: number; body: JsonObject };

const api = messages.pagHiperSim.api;
const pages = messages.pagHiperSim.pages;
const statusLabel = (status: PagHiperStatus) => messages.pagHiperSim.statuses[status];

function randomCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return code;
}

const brasiliaParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "YYYY-MM-DD HH:MM:SS" in Brasília time. */
function brasiliaDateTime(date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    brasiliaParts.formatToParts(date).find((p) => p.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}:${part("second")}`;
}

function daysFromToday(days: number): string {
  return saoPauloDay(Date.now() + days * 86_400_000);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

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

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The simulator's root, as the client reached it: "http://host/paghiper-sim/" for "invoice/create/". */
function rootUrl(request: Request, path: string): URL {
  const depth = path.split("/").length - 1;
  return new URL("../".repeat(depth) || "./", request.url);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

function escapeHtml(value: string | number): string {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** "2024-05-01" → "01/05/2024". */
function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

const PAGE_STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem; color: #1f2937; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: .5rem; text-align: left; vertical-align: top; }
  form { display: inline; }
  button { margin: 0 .25rem .25rem 0; padding: .25rem .75rem; cursor: pointer; }
  button:disabled { cursor: not-allowed; opacity: .4; }
  textarea { width: 100%; font-family: monospace; }
  img { image-rendering: pixelated; }
`;

function htmlPage(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    },
  });
}

async function readBodyText(request: Request): Promise<string | null> {
  try {
    return await request.text();
  } catch {
    return null;
  }
}

export function createPagHiperSimulator(options: PagHiperSimulatorOptions): PagHiperSimulator {
  const transactions = new Map<string, SimulatedPixTransaction>();
  const byOrderId = new Map<string, SimulatedPixTransaction>();
  const notifications: SimulatedNotification[] = [];
  const inFlight = new Set<Promise<void>>();
  const deliver = options.fetch ?? fetch;
  let requestCount = 0;
  let server: Server | undefined;

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
      const item = isObject(raw) ? raw : {};
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

  function changeStatus(transaction: SimulatedPixTransaction, status: PagHiperStatus) {
    const now = brasiliaDateTime();
    transaction.status = status;
    transaction.statusDate = now;
    if (status === "paid") transaction.paidDate = now;
  }

  function track(delivery: Promise<void>) {
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  }

  /** POSTs a notification as PagHiper does; its id is confirmable before the POST leaves. */
  async function notify(transaction: SimulatedPixTransaction): Promise<void> {
    let notificationId = randomCode(64);
    while (transaction.notificationIds.includes(notificationId)) notificationId = randomCode(64);
    transaction.notificationIds.push(notificationId);
    const notification: SimulatedNotification = {
      url: transaction.notificationUrl,
      body: {
        apiKey: options.apiKey,
        transaction_id: transaction.transactionId,
        notification_id: notificationId,
        notification_date: brasiliaDateTime(),
        source_api: "pix",
      },
      status: null,
    };
    notifications.push(notification);
    try {
      const response = await deliver(notification.url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(notification.body).toString(),
        signal: AbortSignal.timeout(NOTIFICATION_TIMEOUT_MS),
      });
      notification.status = response.status;
      await response.body?.cancel();
    } catch {
      // The app did not answer: the status stays null, as PagHiper would retry it later.
    }
  }

  function refusalOf(action: TesterAction, transaction: SimulatedPixTransaction): string | null {
    if (ALLOWED_FROM[action].includes(transaction.status)) return null;
    const label = statusLabel(transaction.status);
    if (action === "pay") return pages.cannotPay(label);
    if (action === "expire") return pages.cannotExpire(label);
    if (action === "cancel") return pages.cannotCancel(label);
    return pages.cannotRefund(label);
  }

  async function act(action: TesterAction, transactionId: string): Promise<void> {
    const transaction = transactions.get(transactionId);
    if (!transaction) throw new PagHiperSimulatorRefusal(pages.unknownTransaction(transactionId));
    const refusal = refusalOf(action, transaction);
    if (refusal) throw new PagHiperSimulatorRefusal(refusal);
    if (action === "pay") changeStatus(transaction, "paid");
    else if (action === "refund") changeStatus(transaction, "refunded");
    else {
      if (action === "expire") {
        const yesterday = daysFromToday(-1);
        if (transaction.dueDate > yesterday) transaction.dueDate = yesterday;
      }
      changeStatus(transaction, "canceled");
    }
    await notify(transaction);
  }

  // --- Tester pages ---------------------------------------------------------------------------

  function actionButtons(transaction: SimulatedPixTransaction, toRoot: string, back: string) {
    return (["pay", "expire", "cancel", "refund"] as const)
      .map((action) => {
        const target = `${toRoot}_simulador/${encodeURIComponent(transaction.transactionId)}/${SLUG_OF[action]}`;
        const disabled = ALLOWED_FROM[action].includes(transaction.status) ? "" : " disabled";
        const backField = back
          ? `<input type="hidden" name="voltar" value="${escapeHtml(back)}">`
          : "";
        return `<form method="post" action="${escapeHtml(target)}">${backField}<button type="submit"${disabled}>${escapeHtml(pages.actions[action])}</button></form>`;
      })
      .join("");
  }

  function notificationSummary(transaction: SimulatedPixTransaction): string {
    const sent = notifications.filter((n) => n.body.transaction_id === transaction.transactionId);
    const last = sent.at(-1);
    if (!last) return pages.noNotifications;
    return pages.notificationsSent(
      sent.length,
      last.status === null ? pages.noAnswer : String(last.status),
    );
  }

  function listPage(): Response {
    const rows = [...transactions.values()]
      .reverse()
      .map(
        (t) => `<tr>
<td><a href="pix/${escapeHtml(encodeURIComponent(t.transactionId))}">${escapeHtml(t.transactionId)}</a></td>
<td>${escapeHtml(t.orderId)}</td>
<td>${escapeHtml(formatBRL(t.valueCents))}</td>
<td>${escapeHtml(statusLabel(t.status))}</td>
<td>${escapeHtml(formatDay(t.dueDate))}</td>
<td>${escapeHtml(notificationSummary(t))}</td>
<td>${actionButtons(t, "", "")}</td>
</tr>`,
      )
      .join("\n");
    const columns = pages.columns;
    const table = rows
      ? `<table>
<thead><tr><th>${escapeHtml(columns.transaction)}</th><th>${escapeHtml(columns.order)}</th><th>${escapeHtml(columns.value)}</th><th>${escapeHtml(columns.status)}</th><th>${escapeHtml(columns.dueDate)}</th><th>${escapeHtml(columns.notifications)}</th><th>${escapeHtml(columns.actions)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
      : `<p>${escapeHtml(pages.empty)}</p>`;
    return htmlPage(
      pages.title,
      `<h1>${escapeHtml(pages.title)}</h1>\n<p>${escapeHtml(pages.intro)}</p>\n${table}`,
    );
  }

  function pixPage(transaction: SimulatedPixTransaction): Response {
    const title = pages.pixTitle(transaction.transactionId);
    const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(pages.columns.order)}: ${escapeHtml(transaction.orderId)} · ${escapeHtml(pages.columns.value)}: ${escapeHtml(formatBRL(transaction.valueCents))} · ${escapeHtml(pages.columns.status)}: ${escapeHtml(statusLabel(transaction.status))} · ${escapeHtml(pages.columns.dueDate)}: ${escapeHtml(formatDay(transaction.dueDate))}</p>
<p>${escapeHtml(pages.payer)}: ${escapeHtml(transaction.payer.name)} (${escapeHtml(transaction.payer.email)})</p>
<p><img src="data:image/png;base64,${escapeHtml(transaction.qrcodeBase64)}" alt="${escapeHtml(pages.qrAlt)}" width="264" height="264"></p>
<p><label for="emv">${escapeHtml(pages.copyPaste)}</label></p>
<p><textarea id="emv" rows="4" readonly>${escapeHtml(transaction.emv)}</textarea></p>
<p>${escapeHtml(pages.columns.notifications)}: ${escapeHtml(notificationSummary(transaction))}</p>
<p>${actionButtons(transaction, "../", "pix")}</p>
<p><a href="../">${escapeHtml(pages.backToList)}</a></p>`;
    return htmlPage(title, body);
  }

  function refusedPage(message: string, toRoot: string): Response {
    return htmlPage(
      pages.refusedTitle,
      `<h1>${escapeHtml(pages.refusedTitle)}</h1>\n<p>${escapeHtml(message)}</p>\n<p><a href="${escapeHtml(toRoot)}">${escapeHtml(pages.backToList)}</a></p>`,
      409,
    );
  }

  async function testerAction(
    request: Request,
    transactionId: string,
    action: TesterAction,
    path: string,
  ): Promise<Response> {
    const root = rootUrl(request, path);
    const form = new URLSearchParams((await readBodyText(request)) ?? "");
    try {
      await act(action, transactionId);
    } catch (error) {
      if (error instanceof PagHiperSimulatorRefusal)
        return refusedPage(error.message, root.pathname);
      throw error;
    }
    const back =
      form.get("voltar") === "pix"
        ? new URL(`pix/${encodeURIComponent(transactionId)}`, root).pathname
        : root.pathname;
    return new Response(null, { status: 303, headers: { Location: back } });
  }

  // --- Routing ----------------------------------------------------------------------------------

  function failure(status: number): Response {
    const message = status === 429 ? api.simulatedRateLimit : api.simulatedFailure;
    return json(status, { error: message });
  }

  async function handleApi(request: Request, apiPath: ApiPath, path: string): Promise<Response> {
    requestCount++;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const forced = Number(new URL(request.url).searchParams.get("simulate"));
    if (forced === 429 || forced === 500) return failure(forced);
    if (requestCount <= (options.failFirst ?? 0)) return failure(options.failStatus ?? 500);
    const wrapper = API_WRAPPERS[apiPath];
    const text = await readBodyText(request);
    let body: unknown;
    try {
      body = JSON.parse(text ?? "");
    } catch {
      body = undefined;
    }
    const answer = isObject(body)
      ? await answerApi(apiPath, body, rootUrl(request, path))
      : reject(400, api.invalidBody);
    return json(answer.status, { [wrapper]: answer.body });
  }

  async function handle(request: Request, path: string): Promise<Response> {
    const method = request.method.toUpperCase();
    const route = path.replace(/^\/+|\/+$/g, "");
    const url = new URL(request.url);
    if (route === "" && path === "" && !url.pathname.endsWith("/")) {
      // "/paghiper-sim" → "/paghiper-sim/", so that the pages' relative links resolve below it.
      return new Response(null, {
        status: 308,
        headers: { Location: `${url.pathname}/${url.search}` },
      });
    }
    if (route in API_WRAPPERS) {
      if (method !== "POST") {
        return json(405, { error: api.methodNotAllowed }, { Allow: "POST" });
      }
      return handleApi(request, route as ApiPath, path);
    }
    const segments = route.split("/");
    if (method === "GET" || method === "HEAD") {
      if (route === "") return listPage();
      const [first, id, ...rest] = segments;
      if (first === "pix" && id && rest.length === 0) {
        const transaction = transactions.get(id);
        if (transaction) return pixPage(transaction);
      }
      const png = first === "qrcode" && rest.length === 0 ? id?.match(/^(\w+)\.png$/) : null;
      const pngOf = png ? transactions.get(png[1]!) : undefined;
      if (pngOf) {
        return new Response(Buffer.from(pngOf.qrcodeBase64, "base64"), {
          headers: { "Content-Type": "image/png", "Cache-Control": "no-store" },
        });
      }
    } else if (method === "POST") {
      const [first, id, slug, ...rest] = segments;
      const action = slug !== undefined ? ACTION_SLUGS[slug] : undefined;
      if (first === "_simulador" && id && action && rest.length === 0 && transactions.has(id)) {
        return testerAction(request, id, action, path);
      }
      if (route === "") return json(405, { error: api.methodNotAllowed }, { Allow: "GET" });
    }
    return json(404, { error: api.notFound });
  }

  return {
    handle,
    pay: (transactionId) => act("pay", transactionId),
    cancel: (transactionId) => act("cancel", transactionId),
    expire: (transactionId) => act("expire", transactionId),
    refund: (transactionId) => act("refund", transactionId),
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    notifications,
    transactions: () => [...transactions.values()],
    get requestCount() {
      return requestCount;
    },

    async start(port = 0) {
      server = createServer((req, res) => {
        toRequest(req)
          .then(async ({ request, pathname }) => {
            const mounted =
              pathname === PAGHIPER_SIM_PATH || pathname.startsWith(`${PAGHIPER_SIM_PATH}/`);
            return mounted
              ? await handle(request, safeDecode(pathname.slice(PAGHIPER_SIM_PATH.length + 1)))
              : json(404, { error: api.notFound });
          })
          .catch(() => json(500, { error: api.simulatedFailure }))
          .then(async (response) => {
            response.headers.forEach((value, name) => res.setHeader(name, value));
            res.writeHead(response.status);
            res.end(Buffer.from(await response.arrayBuffer()));
          })
          .catch(() => res.destroy());
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve));
      const { port: actual } = listening.address() as AddressInfo;
      return `http://127.0.0.1:${actual}${PAGHIPER_SIM_PATH}`;
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

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

async function toRequest(req: IncomingMessage): Promise<{ request: Request; pathname: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const request = new Request(url, {
    method,
    headers,
    body: hasBody ? new Uint8Array(Buffer.concat(chunks)) : undefined,
  });
  return { request, pathname: url.pathname };
}

let embedded: { apiKey: string; token: string; simulator: PagHiperSimulator } | undefined;

/**
 * The simulator behind this app's /paghiper-sim, accepting the simulators' test account
 * (payment-simulators.server.ts): created on first use, then kept with its charges.
 */
export function embeddedPagHiperSimulator(): PagHiperSimulator {
  const { apiKey, token } = paymentSimulatorCredentials().paghiper;
  if (embedded?.apiKey !== apiKey || embedded.token !== token) {
    embedded = { apiKey, token, simulator: createPagHiperSimulator({ apiKey, token }) };
  }
  return embedded.simulator;
}
