import { randomUUID } from "node:crypto";
import { isHttpUrl, isRecord, simulatedFaults } from "../../simulator-server.server";
import { mercadoPagoDate } from "../client.server";
import { SITE_ID, type MercadoPagoStore } from "./store.server";
import type { MercadoPagoSimulatorOptions, SimulatedItem, SimulatedPreference } from "./types";

/**
 * The Mercado Pago simulator's REST API: the paths, checks, JSON shapes and error bodies of the
 * real one (Checkout Pro preferences, payments and their search, the token's account).
 */

type ApiError = { message: string; error: string; status: number; cause: unknown[] };

export function apiError(status: number, error: string, message: string, cause: unknown[] = []) {
  const body: ApiError = { message, error, status, cause };
  return Response.json(body, { status });
}

const notFound = (message = "resource not found") => apiError(404, "not_found", message);
const unauthorized = () => apiError(401, "unauthorized", "invalid access token");
const methodNotAllowed = () => apiError(405, "method_not_allowed", "method not allowed");

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

export function mercadoPagoRestApi(store: MercadoPagoStore, options: MercadoPagoSimulatorOptions) {
  const { userId, preferencesById, preferenceByIdempotencyKey, paymentsById, paymentJson } = store;
  const faults = simulatedFaults({ delayMs: options.delayMs, failFirst: options.failFirst });

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
      merchantOrderId: store.takeMerchantOrderId(),
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
    if (await faults.arrive()) {
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

  return {
    api,
    /** API requests answered so far, injected failures included. */
    get requestCount() {
      return faults.count;
    },
  };
}
