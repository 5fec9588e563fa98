import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { Refusal } from "~/models/outcome";
import { receiveMercadoPagoNotification } from "~/models/payments/index.server";
import { jsonObject } from "~/schemas/json-body";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

/**
 * Mercado Pago calls this from its own servers: no session is read, and no Origin is asked for
 * (neither the session lookup nor server.mjs' foreign-origin refusal covers /api routes that do not
 * read a session). What makes a notification count is its `x-signature`, checked by the model.
 */
export const access: Access = { POST: "public" };

const m = messages.payments;

/** The payment id a notification names: `data.id` in the query (as sent) or in the body. */
function dataIdOf(searchParams: URLSearchParams, body: unknown): string | null {
  const fromQuery = searchParams.get("data.id");
  if (fromQuery) return fromQuery;
  const data = jsonObject(jsonObject(body).data);
  return typeof data.id === "string" || typeof data.id === "number" ? String(data.id) : null;
}

/** 503 asks Mercado Pago to deliver it again later: the notification is not lost. */
function retryLater(refusal: Refusal): Response {
  const response = fail(refusal.message || m.webhookRetryLater, 503);
  response.headers.set("Retry-After", "60");
  return response;
}

/**
 * POST /api/webhooks/mercadopago?data.id&type — a payment notification. 400 when it is not one
 * (not JSON, no payment id), 401 when its signature does not check out (or is older than five
 * minutes), 503 when Mercado Pago cannot be asked about the payment (it retries), else 200 —
 * also for a notification already processed, which changes nothing the second time.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const read = await parseJsonBody(request, z.unknown());
  if (!read.ok) return read.response;
  const searchParams = new URL(request.url).searchParams;
  if (dataIdOf(searchParams, read.value) === null) return fail(m.webhookInvalid, 400);
  const received = await receiveMercadoPagoNotification({
    searchParams,
    headers: request.headers,
    body: read.value,
  });
  if (!received.ok) {
    if (received.reason === "unverified") return fail(received.message, 401);
    if (received.reason === "provider_failed" || received.reason === "not_configured")
      return retryLater(received);
    return fail(received.message, 400);
  }
  const { duplicate } = received.value;
  return ok({ duplicate }, duplicate ? m.webhookDuplicate : m.webhookAccepted);
}

export const loader = () => methodNotAllowed();
