import { z } from "zod";
import { messages } from "~/utils/messages";
import { EMAIL_PATTERN, PASSWORD_MIN, stringFields } from "./auth";

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
    if (!value.email?.trim())
      ctx.addIssue({ code: "custom", path: ["email"], message: m.emailRequired });
    else if (!EMAIL_PATTERN.test(value.email.trim()))
      ctx.addIssue({ code: "custom", path: ["email"], message: messages.auth.invalidEmail });
    if (value.newPassword) {
      if (!value.currentPassword)
        ctx.addIssue({
          code: "custom",
          path: ["currentPassword"],
          message: m.currentPasswordRequired,
        });
      else if (value.newPassword !== value.confirmPassword)
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.newPasswordMismatch });
      else if (value.newPassword.length < PASSWORD_MIN)
        ctx.addIssue({ code: "custom", path: ["newPassword"], message: m.newPasswordMin });
    }
  })
  .transform((value) => ({
    name: value.name!.trim().slice(0, 120),
    email: value.email!.trim().toLowerCase(),
    currentPassword: value.currentPassword,
    newPassword: value.newPassword || undefined,
  }));

/** PUT /api/auth/profile: {name, email, password?, current_password?}; the API has no confirmation field. */
export const apiProfileSchema = z
  .unknown()
  .transform((body) => {
    const v = stringFields(body, ["name", "email", "password", "current_password"]);
    const renamed = {
      name: v.name,
      email: v.email,
      newPassword: v.password,
      confirmPassword: v.password,
      currentPassword: v.current_password,
    };
    return Object.fromEntries(
      Object.entries(renamed).filter(([, value]) => value !== undefined),
    ) as Partial<typeof renamed>;
  })
  .pipe(profileSchema);
