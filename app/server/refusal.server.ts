import { data } from "@remix-run/node";
import type { Refusal, RefusalReason } from "~/models/outcome";

/**
 * The edge's own reasons to refuse, beside the domain's (app/models/outcome.ts): what a request is
 * refused for before or around any model — who is asking, how it asks, what it sends.
 */
export type EdgeReason =
  /** The input does not pass its schema (a form, a JSON body, a query, a path). */
  | "invalid_input"
  /** No session, an expired one, or credentials that do not sign in. */
  | "unauthenticated"
  /** Signed in, but not allowed: the wrong role, an inactive account, a write from another site. */
  | "forbidden"
  /** The route does not serve this method. */
  | "method_not_allowed"
  /** A body, a field or a file over its limit. */
  | "too_large"
  /** A body of a type the route does not read (a JSON route sent a form, a form route JSON). */
  | "unsupported_media_type";

/** Every reason a request is refused for, the domain's and the edge's. */
export type Reason = RefusalReason | EdgeReason;

/** A refusal at the edge: the domain's shape, with the edge's reasons too. */
export type EdgeRefusal = Omit<Refusal, "reason"> & { reason: Reason };

/**
 * The one place a reason becomes an HTTP status, for the API and the screens alike. A route names a
 * reason, never a status (ADR 0039).
 */
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
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  method_not_allowed: 405,
  too_large: 413,
  unsupported_media_type: 415,
} as const satisfies Record<Reason, RefusalStatus>;

export type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 502 | 503;

export function refusalStatus(refusal: Pick<EdgeRefusal, "reason">): RefusalStatus {
  return STATUS_BY_REASON[refusal.reason];
}

/** A refusal the edge makes itself: a reason, the pt-BR message, and the field at fault or the wait. */
export function edgeRefusal(
  reason: Reason,
  message: string,
  extras: { field?: string; retryAfterSeconds?: number } = {},
): EdgeRefusal {
  return {
    ok: false,
    reason,
    message,
    ...(extras.field ? { field: extras.field } : {}),
    ...(extras.retryAfterSeconds === undefined
      ? {}
      : { retryAfterSeconds: extras.retryAfterSeconds }),
  };
}

/** The headers a refusal answers with: Retry-After when it says how long to wait. */
export function refusalHeaders(
  refusal: Pick<EdgeRefusal, "retryAfterSeconds">,
): Record<string, string> {
  return refusal.retryAfterSeconds === undefined
    ? {}
    : { "Retry-After": String(refusal.retryAfterSeconds) };
}

function fieldErrors(
  refusal: EdgeRefusal,
  fieldName: (field: string) => string = (field) => field,
): Record<string, string[]> | undefined {
  return refusal.field ? { [fieldName(refusal.field)]: [refusal.message] } : undefined;
}

/**
 * The API's envelope for a refusal, {success: false, data: null, message, errors?}, with `status`.
 * Only the refusal helpers and the edge (Remix's own 404/405, app/server/http-edge.server.ts) write
 * it with a status of their own; a route names a reason.
 */
export function refusalEnvelope(
  message: string,
  status: number,
  errors?: Record<string, string[]>,
): Response {
  const body = { success: false, data: null, message, ...(errors ? { errors } : {}) };
  return Response.json(body, { status });
}

/**
 * The API envelope for a refusal: its status, its message, and the field at fault in `errors`
 * (under the API's own name for it when `fieldName` is given; all of `errors` when given).
 */
export function apiRefusal(
  refusal: EdgeRefusal,
  options: { fieldName?: (field: string) => string; errors?: Record<string, string[]> } = {},
): Response {
  const response = refusalEnvelope(
    refusal.message,
    refusalStatus(refusal),
    options.errors ?? fieldErrors(refusal, options.fieldName),
  );
  for (const [name, value] of Object.entries(refusalHeaders(refusal)))
    response.headers.set(name, value);
  return response;
}

/** An /api route's refusal in one call: `apiRefusal(edgeRefusal(reason, message))`, with `errors`. */
export function apiRefuse(
  reason: Reason,
  message: string,
  errors?: Record<string, string[]>,
): Response {
  return apiRefusal(edgeRefusal(reason, message), { errors });
}

/**
 * A screen's refusal as a plain-text answer, what a loader throws (see `throwRefusal`) and the
 * route's ErrorBoundary shows: the status and the message (with `headers` of its own, if any).
 */
export function refusalResponse(
  refusal: EdgeRefusal,
  headers: Record<string, string> = {},
): Response {
  return new Response(refusal.message, {
    status: refusalStatus(refusal),
    headers: { ...refusalHeaders(refusal), ...headers },
  });
}

/**
 * A plain-text refusal thrown below an /api route (the form reader's 413, 415 or 400) as the API's
 * envelope: the same status and message.
 */
export async function apiRefusalOf(thrown: Response): Promise<Response> {
  return refusalEnvelope(await thrown.text(), thrown.status);
}

/** Stops a loader or an action with the refusal: the route's ErrorBoundary shows it. */
export function throwRefusal(refusal: EdgeRefusal): never {
  throw refusalResponse(refusal);
}

/** What a Conform form shows: on the field at fault when there is one, else above the form. */
export function refusalReplyOptions(
  refusal: EdgeRefusal,
): { fieldErrors: Record<string, string[]> } | { formErrors: string[] } {
  const errors = fieldErrors(refusal);
  return errors ? { fieldErrors: errors } : { formErrors: [refusal.message] };
}

type ReplyOptions = {
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
  hideFields?: string[];
};
type Replyable<R> = { reply(options?: ReplyOptions): R };

/** A form action's answer to a refusal: the submission's reply with the error placed, and the status. */
export function formRefusal<R>(
  submission: Replyable<R>,
  refusal: EdgeRefusal,
  options: { hideFields?: string[] } = {},
) {
  return data(submission.reply({ ...refusalReplyOptions(refusal), ...options }), {
    status: refusalStatus(refusal),
    headers: refusalHeaders(refusal),
  });
}

/**
 * A form action's answer to a submission its schema refused: the reply with Conform's field errors
 * (and `formErrors`, when given), `invalid_input`'s status.
 */
export function formInvalid<R>(submission: Replyable<R>, options: ReplyOptions = {}) {
  return data(submission.reply(options), {
    status: refusalStatus({ reason: "invalid_input" }),
  });
}

/** A confirmation dialog's answer to a refusal (no form fields): the message and the status. */
export function dialogRefusal(refusal: EdgeRefusal) {
  return data({ error: refusal.message }, { status: refusalStatus(refusal) });
}

/**
 * Any payload a screen's action answers with a refusal's status (a form of its own shape, an
 * intent's reply): `data(payload, {status})` with the status named by its reason.
 */
export function refusalData<T>(payload: T, reason: Reason, headers: Record<string, string> = {}) {
  return data(payload, { status: refusalStatus({ reason }), headers });
}
