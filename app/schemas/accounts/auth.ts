import { z } from "zod";
import * as messages from "~/messages";
import { EMAIL_MAX, emailField, normalizeEmail, passwordPair } from "../fields";
import { stringFields } from "../json-body";
import { HONEYPOT_FIELD } from "~/utils/honeypot";

const m = messages.auth;

const text = z.string().optional();

export const loginSchema = z
  .object({ email: text, password: text, redirectTo: text, [HONEYPOT_FIELD]: text })
  .superRefine((value, ctx) => {
    if (!value.email?.trim() || !value.password) {
      ctx.addIssue({ code: "custom", path: [], message: m.fillAllFields });
    } else if (value.email.trim().length > EMAIL_MAX) {
      // No account has such an address: the answer a wrong e-mail gets, before anything is counted.
      ctx.addIssue({ code: "custom", path: [], message: m.invalidCredentials });
    }
  })
  .transform((value) => ({
    email: normalizeEmail(value.email!),
    password: value.password!,
    redirectTo: value.redirectTo,
    honeypot: value[HONEYPOT_FIELD],
  }));

/** The spec's order: all required, then match, then length, then e-mail format; one message at a time. */
export const registerSchema = z
  .object({
    name: text,
    email: text,
    password: text,
    confirmPassword: text,
    [HONEYPOT_FIELD]: text,
  })
  .superRefine((value, ctx) => {
    if (!value.name?.trim() || !value.email?.trim() || !value.password || !value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: [], message: m.allFieldsRequired });
      return;
    }
    const password = { password: value.password, confirmation: value.confirmPassword };
    if (passwordPair(ctx, password, { tooShort: m.passwordMin, mismatch: m.passwordsDontMatch }))
      return;
    emailField(ctx, value.email, { invalid: m.invalidEmail });
  })
  .transform((value) => ({
    name: value.name!.trim().slice(0, 120),
    email: normalizeEmail(value.email!),
    password: value.password!,
    honeypot: value[HONEYPOT_FIELD],
  }));

/** The JSON API's register body: {email, password, name}, same rules but without a confirmation. */
export const apiRegisterSchema = z
  .unknown()
  .transform((body) => {
    const fields = stringFields(body, ["name", "email", "password"]);
    return {
      ...fields,
      ...(fields.password === undefined ? {} : { confirmPassword: fields.password }),
    };
  })
  .pipe(registerSchema);

export const apiLoginSchema = z
  .unknown()
  .transform((body) => stringFields(body, ["email", "password"]))
  .pipe(loginSchema);
