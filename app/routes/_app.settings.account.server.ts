import { parseWithZod } from "@conform-to/zod/v4";
import { changePasswordSchema, preferencesSchema } from "~/schemas/settings";
import * as messages from "~/messages";
import { savePreferences } from "~/models/preferences.server";
import { revokeOtherSessions } from "~/models/session.server";
import { changePassword } from "~/models/user.server";
import { refusalReplyOptions } from "~/server/refusal.server";

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
  if (intent === "password" && sessionId) {
    const submission = parseWithZod(form, { schema: changePasswordSchema });
    const hidden = ["currentPassword", "newPassword", "confirmPassword"];
    if (submission.status !== "success")
      return { ok: false as const, reply: submission.reply({ hideFields: hidden }) };
    const changed = await changePassword(
      userId,
      submission.value.currentPassword,
      submission.value.newPassword,
      sessionId,
    );
    if (!changed.ok) {
      return {
        ok: false as const,
        reply: submission.reply({ ...refusalReplyOptions(changed), hideFields: hidden }),
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
