import { z } from "zod";
import * as messages from "~/messages";
import { emailField, normalizeEmail, passwordField, passwordPair } from "../fields";
import { stringFields } from "../json-body";
import { HONEYPOT_FIELD } from "~/utils/honeypot";

const m = messages.passwordReset;
const text = z.string().optional();

/** "Esqueci minha senha": the account's e-mail. */
export const forgotPasswordSchema = z
  .object({ email: text, [HONEYPOT_FIELD]: text })
  .superRefine((value, ctx) => {
    emailField(ctx, value.email, {
      required: m.emailRequired,
      invalid: messages.auth.invalidEmail,
    });
  })
  .transform((value) => ({
    email: normalizeEmail(value.email!),
    honeypot: value[HONEYPOT_FIELD],
  }));

/** The new password and its confirmation, by the sign-up's rules and messages. */
export const resetPasswordSchema = z
  .object({ password: text, confirmPassword: text, [HONEYPOT_FIELD]: text })
  .superRefine((value, ctx) => {
    passwordPair(
      ctx,
      { password: value.password, confirmation: value.confirmPassword },
      {
        required: messages.auth.allFieldsRequired,
        tooShort: messages.auth.passwordMin,
        mismatch: messages.auth.passwordsDontMatch,
      },
    );
  })
  .transform((value) => ({ password: value.password!, honeypot: value[HONEYPOT_FIELD] }));

/** POST /api/auth/forgot-password: {email}. */
export const apiForgotPasswordSchema = z
  .unknown()
  .transform((body) => stringFields(body, ["email"]))
  .pipe(forgotPasswordSchema);

/** POST /api/auth/reset-password: {token, password}; the password by the same rules, no confirmation. */
export const apiResetPasswordSchema = z
  .unknown()
  .transform((body) => stringFields(body, ["token", "password"]))
  .pipe(
    z
      .object({ token: text, password: text })
      .superRefine((value, ctx) => {
        if (!value.token) ctx.addIssue({ code: "custom", path: ["token"], message: m.invalidLink });
        passwordField(ctx, value.password, {
          required: messages.auth.allFieldsRequired,
          tooShort: messages.auth.passwordMin,
        });
      })
      .transform((value) => ({ token: value.token!, password: value.password! })),
  );
