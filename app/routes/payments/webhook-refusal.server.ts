import type { Refusal } from "~/models/outcome";
import { apiRefusal, edgeRefusal } from "~/server/refusal.server";
import * as messages from "~/messages";

/** How long a provider is asked to wait before it delivers a notification again. */
const RETRY_SECONDS = 60;

/**
 * A webhook's answer to a refused notification: a provider we cannot ask now (or that is not
 * configured) is told to deliver it again later — 503 with Retry-After, so it is not lost; any
 * other refusal by its reason (400, or 401 when it does not check out).
 */
export function webhookRefusal(refusal: Refusal): Response {
  if (refusal.reason === "provider_failed" || refusal.reason === "not_configured")
    return apiRefusal(
      edgeRefusal("busy", refusal.message || messages.payments.webhookRetryLater, {
        retryAfterSeconds: RETRY_SECONDS,
      }),
    );
  return apiRefusal(refusal);
}
