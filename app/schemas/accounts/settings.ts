import { z } from "zod";
import * as messages from "~/messages";
import { CUSTOMER_PAYMENT_METHODS } from "../choices";
import { passwordPair } from "../fields";

const text = z.string().optional();

/** Change password on the Segurança tab: current, new, then the profile's order (match, then min 6). */
export const changePasswordSchema = z
  .object({ currentPassword: text, newPassword: text, confirmPassword: text })
  .superRefine((value, ctx) => {
    const p = messages.profile;
    if (!value.currentPassword)
      ctx.addIssue({
        code: "custom",
        path: ["currentPassword"],
        message: p.currentPasswordRequired,
      });
    passwordPair(
      ctx,
      { password: value.newPassword, confirmation: value.confirmPassword },
      {
        required: messages.settings.newPasswordRequired,
        tooShort: p.newPasswordMin,
        mismatch: p.newPasswordMismatch,
        path: "newPassword",
      },
    );
  })
  .transform((value) => ({
    currentPassword: value.currentPassword!,
    newPassword: value.newPassword!,
  }));

/** Checkboxes: present means on. */
export const preferencesSchema = z.object({
  emailNotifications: z.literal("on").optional().transform(Boolean),
  searchReminders: z.literal("on").optional().transform(Boolean),
  subscriptionAlerts: z.literal("on").optional().transform(Boolean),
});

export const planChangeSchema = z.object({
  paymentMethod: z
    .enum(CUSTOMER_PAYMENT_METHODS, { error: messages.planChange.methodInvalid })
    .default("credit_card"),
});

/** POST /api/auth/subscribe {planId, paymentMethod}. */
export const apiSubscribeSchema = z.object({
  planId: z.coerce
    .number({ error: messages.planChange.invalidPlanId })
    .int({ error: messages.planChange.invalidPlanId })
    .positive({ error: messages.planChange.invalidPlanId }),
  paymentMethod: z
    .union([z.enum(CUSTOMER_PAYMENT_METHODS), z.literal(""), z.null()], {
      error: messages.planChange.methodInvalid,
    })
    .optional()
    .transform((v) => v || "credit_card"),
});
