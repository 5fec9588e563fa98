import type { ActionFunctionArgs } from "@remix-run/node";
import { receivePagHiperNotification } from "~/models/payments/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireDeclaredMethod } from "~/server/guard.server";
import { apiRefuse } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { webhookRefusal } from "./webhook-refusal.server";

/**
 * PagHiper calls this from its own servers, form-encoded: no session is read and no Origin asked
 * for. PagHiper signs nothing; the model believes a notification only once PagHiper itself
 * confirms it with our token.
 */
export const access: Access = { POST: "public" };

const m = messages.payments;

function isForm(request: Request): boolean {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  return type === "application/x-www-form-urlencoded";
}

/**
 * POST /api/webhooks/paghiper (application/x-www-form-urlencoded: apiKey, transaction_id,
 * notification_id…) — 415 for another body type, 400 when fields are missing, 401 when the apiKey
 * is not ours or PagHiper does not confirm the notification, 503 when PagHiper cannot be reached
 * (it notifies again), else 200 — also for a notification already processed.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireDeclaredMethod(request, access);
  if (!isForm(request)) return apiRefuse("unsupported_media_type", m.webhookFormRequired);
  // A urlencoded body is read as text: it cannot fail to parse, only to have the fields.
  const form = new URLSearchParams(await request.text());
  const received = await receivePagHiperNotification(form);
  if (!received.ok) return webhookRefusal(received);
  const { duplicate } = received.value;
  return ok({ duplicate }, duplicate ? m.webhookDuplicate : m.webhookAccepted);
}

export const loader = () => methodNotAllowed();
