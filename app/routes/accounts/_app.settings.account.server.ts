import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { changePasswordSchema, preferencesSchema } from "~/schemas/accounts/settings";
import * as messages from "~/messages";
import {
  changePassword,
  type PasswordAttempt,
  revokeOtherSessions,
  savePreferences,
} from "~/models/accounts/index.server";
import { refusalHeaders, refusalReplyOptions, type Reason } from "~/server/refusal.server";

type Refused = {
  ok: false;
  reply: SubmissionResult<string[]>;
  reason: Reason;
  headers?: Record<string, string>;
};
type AccountIntentResult = Refused | { ok: true; message: string } | null;

/**
 * What the account forms (settings and profile) share: preferences, password, other sessions. A
 * refusal carries its reason, and its headers when it has some (a throttled password check).
 */
export async function handleAccountIntent(
  intent: string,
  form: FormData,
  userId: number,
  sessionId: string | null,
  attempt: PasswordAttempt,
): Promise<AccountIntentResult> {
  if (intent === "preferences") {
    const submission = parseWithZod(form, { schema: preferencesSchema });
    if (submission.status !== "success")
      return { ok: false, reply: submission.reply(), reason: "invalid_input" };
    savePreferences(userId, submission.value);
    return { ok: true, message: messages.settings.preferencesSaved };
  }
  if (intent === "password" && sessionId) {
    const submission = parseWithZod(form, { schema: changePasswordSchema });
    const hidden = ["currentPassword", "newPassword", "confirmPassword"];
    if (submission.status !== "success")
      return {
        ok: false,
        reply: submission.reply({ hideFields: hidden }),
        reason: "invalid_input",
      };
    const changed = await changePassword(
      userId,
      submission.value.currentPassword,
      submission.value.newPassword,
      sessionId,
      attempt,
    );
    if (!changed.ok) {
      return {
        ok: false,
        reply: submission.reply({ ...refusalReplyOptions(changed), hideFields: hidden }),
        reason: changed.reason,
        headers: refusalHeaders(changed),
      };
    }
    return { ok: true, message: messages.settings.passwordChanged };
  }
  if (intent === "revoke-sessions" && sessionId) {
    const closed = revokeOtherSessions(userId, sessionId);
    return { ok: true, message: messages.settings.revoked(closed) };
  }
  return null;
}
