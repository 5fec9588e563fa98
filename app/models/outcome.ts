/**
 * How every model refuses: it returns a refusal with a domain reason instead of throwing or
 * naming an HTTP status. The server layer (app/server/refusal.server.ts) is the one place that
 * turns a reason into a status, an API envelope or a form reply. See ADR 0013.
 */

export type RefusalReason =
  /** The thing asked for does not exist (or is not this caller's to see). */
  | "not_found"
  /** The input points at something that does not exist (a category, a vehicle, a plan id). */
  | "invalid_reference"
  /** A name or e-mail that must be unique is already used. */
  | "name_taken"
  /** The same record already exists (a part code from one manufacturer, an alternative code). */
  | "duplicate"
  /** Still referenced elsewhere, so it cannot go. */
  | "in_use"
  /** A capped collection is full (the search synonyms); something must go before another comes. */
  | "limit_reached"
  /** Exists but is switched off (an inactive plan). */
  | "inactive"
  /** Asks for the state it is already in (the plan already in force). */
  | "already_current"
  /** Needs a state it is not in (cancelling a subscription that is not active). */
  | "not_active"
  /** The current password given to confirm a change is wrong. */
  | "wrong_password"
  /** Too many of these from the same client lately (sign-ups from one address); try later. */
  | "rate_limited"
  /** Needs a payment gateway an admin has not configured yet. */
  | "not_configured"
  /** The payment provider refused the call or could not be reached. */
  | "provider_failed"
  /** A provider notification whose signature or credentials do not check out. */
  | "unverified"
  /** A file that cannot be read as what it claims to be (a CSV without the catalogue's columns). */
  | "unreadable"
  /** The work could not be done now (every photo reader taken, or out of time); try again. */
  | "busy";

export type Refusal = {
  ok: false;
  reason: RefusalReason;
  /** The pt-BR text to show, from the message catalogue. */
  message: string;
  /** The input field at fault, when there is one. */
  field?: string;
  /** With `rate_limited`: seconds until a try may pass (sent as Retry-After). */
  retryAfterSeconds?: number;
};

export type Outcome<T> = { ok: true; value: T } | Refusal;

export const accept = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const refuse = (reason: RefusalReason, message: string, field?: string): Refusal => ({
  ok: false,
  reason,
  message,
  ...(field ? { field } : {}),
});
