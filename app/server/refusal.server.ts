import { data } from "@remix-run/node";
import type { Refusal, RefusalReason } from "~/models/outcome";
import { fail } from "./api.server";

/** The one place a domain reason becomes an HTTP status, for the API and the screens alike. */
const STATUS_BY_REASON = {
  not_found: 404,
  invalid_reference: 400,
  name_taken: 400,
  duplicate: 409,
  in_use: 409,
  limit_reached: 409,
  inactive: 400,
  already_current: 409,
  not_active: 409,
  wrong_password: 400,
  rate_limited: 429,
  not_configured: 400,
  provider_failed: 502,
  unverified: 401,
  unreadable: 400,
  busy: 503,
} as const satisfies Record<RefusalReason, RefusalStatus>;

type RefusalStatus = 400 | 401 | 404 | 409 | 429 | 502 | 503;

export function refusalStatus(refusal: Pick<Refusal, "reason">): RefusalStatus {
  return STATUS_BY_REASON[refusal.reason];
}

/** The headers a refusal answers with: Retry-After when it says how long to wait. */
export function refusalHeaders(
  refusal: Pick<Refusal, "retryAfterSeconds">,
): Record<string, string> {
  return refusal.retryAfterSeconds === undefined
    ? {}
    : { "Retry-After": String(refusal.retryAfterSeconds) };
}

function fieldErrors(
  refusal: Refusal,
  fieldName: (field: string) => string = (field) => field,
): Record<string, string[]> | undefined {
  return refusal.field ? { [fieldName(refusal.field)]: [refusal.message] } : undefined;
}

/**
 * The API envelope for a refusal: its status, its message, and the field at fault in `errors`
 * (under the API's own name for it when `fieldName` is given).
 */
export function apiRefusal(
  refusal: Refusal,
  options: { fieldName?: (field: string) => string } = {},
): Response {
  const response = fail(
    refusal.message,
    refusalStatus(refusal),
    fieldErrors(refusal, options.fieldName),
  );
  for (const [name, value] of Object.entries(refusalHeaders(refusal)))
    response.headers.set(name, value);
  return response;
}

/** What a Conform form shows: on the field at fault when there is one, else above the form. */
export function refusalReplyOptions(
  refusal: Refusal,
): { fieldErrors: Record<string, string[]> } | { formErrors: string[] } {
  const errors = fieldErrors(refusal);
  return errors ? { fieldErrors: errors } : { formErrors: [refusal.message] };
}

type ReplyOptions = {
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
  hideFields?: string[];
};
type Replyable<R> = { reply(options: ReplyOptions): R };

/** A form action's answer to a refusal: the submission's reply with the error placed, and the status. */
export function formRefusal<R>(
  submission: Replyable<R>,
  refusal: Refusal,
  options: { hideFields?: string[] } = {},
) {
  return data(submission.reply({ ...refusalReplyOptions(refusal), ...options }), {
    status: refusalStatus(refusal),
    headers: refusalHeaders(refusal),
  });
}

/** A confirmation dialog's answer to a refusal (no form fields): the message and the status. */
export function dialogRefusal(refusal: Refusal) {
  return data({ error: refusal.message }, { status: refusalStatus(refusal) });
}
