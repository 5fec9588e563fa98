import { parseWithZod } from "@conform-to/zod/v4";
import { changePasswordSchema, preferencesSchema } from "~/schemas/settings";
import { messages } from "~/utils/messages";
import { savePreferences } from "./preferences.server";
import { revokeOtherSessions } from "./session.server";
import { changePassword, WrongPasswordError } from "./user.server";

/** What the account forms (settings and profile) share: preferences, password, other sessions. */
export async function handleAccountIntent(
  intent: string,
  form: FormData,
  userId: number,
  sessionId: string | null,
) {
  if (intent === "preferences") {
    const submission = parseWithZod(form, { schema: preferencesSchema });
    if (submission.status !== "success") return { ok: false as const, reply: submission.reply() };
    savePreferences(userId, submission.value);
    return { ok: true as const, message: messages.settings.preferencesSaved };
  }
  if (intent === "password") {
    const submission = parseWithZod(form, { schema: changePasswordSchema });
    const hidden = ["currentPassword", "newPassword", "confirmPassword"];
    if (submission.status !== "success")
      return { ok: false as const, reply: submission.reply({ hideFields: hidden }) };
    try {
      await changePassword(userId, submission.value.currentPassword, submission.value.newPassword);
    } catch (error) {
      if (!(error instanceof WrongPasswordError)) throw error;
      return {
        ok: false as const,
        reply: submission.reply({
          fieldErrors: { currentPassword: [messages.profile.currentPasswordWrong] },
          hideFields: hidden,
        }),
      };
    }
    return { ok: true as const, message: messages.settings.passwordChanged };
  }
  if (intent === "revoke-sessions" && sessionId) {
    const closed = revokeOtherSessions(userId, sessionId);
    return { ok: true as const, message: messages.settings.revoked(closed) };
  }
  return null;
}
