import type { z } from "zod";

/**
 * The rules every form with an e-mail or a password shares (register, profile, settings, the
 * customer dialogs). They run inside a schema's `superRefine`, so each schema keeps its own
 * messages and decides what is checked before them; each helper adds at most one issue and says
 * whether it did, so a schema can stop at the first message. Runs in the browser too: zod only.
 */

export const PASSWORD_MIN = 6;
/** Anything@anything.tld, no spaces: the spec's pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest e-mail address there can be (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/**
 * Every text field of every form and JSON body, before any schema reads it (ADR 0031): at most
 * this many bytes, and no control characters but tab, line feed and carriage return.
 */
export const TEXT_FIELD_MAX_BYTES = 64 * 1024;
/**
 * Fields one form may carry, list slots counted (the part form sends two for each vehicle a part
 * fits); values one JSON body may hold.
 */
export const FORM_FIELDS_MAX = 20_000;
/** The text search of an admin list (customers, plans, invoices): what its box takes and its query reads. */
export const LIST_SEARCH_MAX = 100;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const utf8 = new TextEncoder();

/** What is wrong with a text field's value, whatever the field: too long, or control characters. */
export function textFieldProblem(value: string): "too_long" | "control_characters" | null {
  // A UTF-16 unit is at most 3 bytes of UTF-8: only a long value needs counting.
  if (
    value.length > TEXT_FIELD_MAX_BYTES ||
    (value.length * 3 > TEXT_FIELD_MAX_BYTES && utf8.encode(value).length > TEXT_FIELD_MAX_BYTES)
  )
    return "too_long";
  if (CONTROL_CHARACTERS.test(value)) return "control_characters";
  return null;
}

type Ctx = z.RefinementCtx;

function addIssue(ctx: Ctx, path: string, message: string): true {
  ctx.addIssue({ code: "custom", path: [path], message });
  return true;
}

/** How an e-mail is stored and compared: trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** E-mail: present (when `required` has a message), then at most EMAIL_MAX characters of the spec's pattern. */
export function emailField(
  ctx: Ctx,
  value: string | undefined,
  rules: { required?: string; invalid: string; path?: string },
): boolean {
  const path = rules.path ?? "email";
  const email = value?.trim() ?? "";
  if (!email && rules.required) return addIssue(ctx, path, rules.required);
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email))
    return addIssue(ctx, path, rules.invalid);
  return false;
}

/** Password: present (when `required` has a message), then at least PASSWORD_MIN characters. */
export function passwordField(
  ctx: Ctx,
  value: string | undefined,
  rules: { required?: string; tooShort: string; path?: string },
): boolean {
  const path = rules.path ?? "password";
  if (!value && rules.required) return addIssue(ctx, path, rules.required);
  if ((value ?? "").length < PASSWORD_MIN) return addIssue(ctx, path, rules.tooShort);
  return false;
}

/**
 * A new password and its confirmation: the password's rules and the match, the mismatch told on
 * the confirmation field. The specs disagree on which comes first: the user area (register,
 * profile, settings) checks the match before the length, the admin's customer dialog the length
 * before the match (`lengthFirst`).
 */
export function passwordPair(
  ctx: Ctx,
  value: { password: string | undefined; confirmation: string | undefined },
  rules: {
    required?: string;
    tooShort: string;
    mismatch: string;
    lengthFirst?: boolean;
    path?: string;
    confirmationPath?: string;
  },
): boolean {
  const path = rules.path ?? "password";
  if (!value.password && rules.required) return addIssue(ctx, path, rules.required);
  const tooShort = () => passwordField(ctx, value.password, { tooShort: rules.tooShort, path });
  const mismatch = () =>
    value.password !== value.confirmation &&
    addIssue(ctx, rules.confirmationPath ?? "confirmPassword", rules.mismatch);
  return rules.lengthFirst ? tooShort() || mismatch() : mismatch() || tooShort();
}
