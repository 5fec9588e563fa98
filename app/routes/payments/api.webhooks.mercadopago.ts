import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { receiveMercadoPagoNotification } from "~/models/payments/index.server";
import { jsonObject } from "~/schemas/json-body";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireJsonBody } from "~/server/api-request.server";
import { requireDeclaredMethod } from "~/server/guard.server";
import { apiRefuse } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { webhookRefusal } from "./webhook-refusal.server";

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

/**
 * POST /api/webhooks/mercadopago?data.id&type — a payment notification. 400 when it is not one
 * (not JSON, no payment id), 401 when its signature does not check out (or is older than five
 * minutes), 503 when Mercado Pago cannot be asked about the payment (it retries), else 200 —
 * also for a notification already processed, which changes nothing the second time.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireDeclaredMethod(request, access);
  const body = await requireJsonBody(request, z.unknown());
  const searchParams = new URL(request.url).searchParams;
  if (dataIdOf(searchParams, body) === null) return apiRefuse("invalid_input", m.webhookInvalid);
  const received = await receiveMercadoPagoNotification({
    searchParams,
    headers: request.headers,
    body,
  });
  if (!received.ok) return webhookRefusal(received);
  const { duplicate } = received.value;
  return ok({ duplicate }, duplicate ? m.webhookDuplicate : m.webhookAccepted);
}

export const loader = () => methodNotAllowed();
