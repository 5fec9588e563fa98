import { z } from "zod";
import * as messages from "~/messages";
import { compact, stringFields } from "../json-body";
import { emailField, normalizeEmail, passwordPair } from "../fields";

const m = messages.profile;
const text = z.string().optional();

/** Profile save, in the spec's order; a new password needs the current one and a matching confirmation. */
export const profileSchema = z
  .object({
    name: text,
    email: text,
    currentPassword: text,
    newPassword: text,
    confirmPassword: text,
  })
  .superRefine((value, ctx) => {
    if (!value.name?.trim())
      ctx.addIssue({ code: "custom", path: ["name"], message: m.nameRequired });
    emailField(ctx, value.email, {
      required: m.emailRequired,
      invalid: messages.auth.invalidEmail,
    });
    if (value.newPassword) {
      if (!value.currentPassword)
        ctx.addIssue({
          code: "custom",
          path: ["currentPassword"],
          message: m.currentPasswordRequired,
        });
      else
        passwordPair(
          ctx,
          { password: value.newPassword, confirmation: value.confirmPassword },
          { tooShort: m.newPasswordMin, mismatch: m.newPasswordMismatch, path: "newPassword" },
        );
    }
  })
  .transform((value) => ({
    name: value.name!.trim().slice(0, 120),
    email: normalizeEmail(value.email!),
    currentPassword: value.currentPassword,
    newPassword: value.newPassword || undefined,
  }));

/** PUT /api/auth/profile: {name, email, password?, current_password?}; the API has no confirmation field. */
export const apiProfileSchema = z
  .unknown()
  .transform((body) => {
    const v = stringFields(body, ["name", "email", "password", "current_password"]);
    return compact({
      name: v.name,
      email: v.email,
      newPassword: v.password,
      confirmPassword: v.password,
      currentPassword: v.current_password,
    });
  })
  .pipe(profileSchema);
