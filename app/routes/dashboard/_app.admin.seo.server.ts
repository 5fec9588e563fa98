import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SeoFormSettings } from "~/components/admin/seo-form";
import { saveSeoSettings, seoSettingsForAdmin } from "~/models/seo/index.server";
import type { User } from "~/models/accounts/index.server";
import { seoFormSchema } from "~/schemas/seo/seo";
import { refusalData, refusalReplyOptions, type Reason } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import * as messages from "~/messages";

/**
 * The dashboard's SEO tab: what its form shows and what its post does. `_app.admin.tsx` calls
 * these for `?tab=seo` and for a post with `intent=seo`.
 */
export type SeoTabData = SeoFormSettings;
export type SeoTabReply = { intent: "seo"; reply: SubmissionResult<string[]> };

export function loadSeoTab(): SeoTabData {
  const { updatedAt, ...settings } = seoSettingsForAdmin();
  return { ...settings, updatedAt: updatedAt?.toISOString() ?? null };
}

const answer = (reply: SubmissionResult<string[]>, reason: Reason) =>
  refusalData<SeoTabReply>({ intent: "seo", reply }, reason);

/** Saves the form; a refused one comes back with its pt-BR messages and the typed values. */
export async function saveSeoTab(form: FormData, admin: User) {
  const submission = parseWithZod(form, { schema: seoFormSchema });
  if (submission.status !== "success") return answer(submission.reply(), "invalid_input");
  const saved = saveSeoSettings(submission.value, admin.id);
  if (!saved.ok) return answer(submission.reply(refusalReplyOptions(saved)), saved.reason);
  return redirectWithToast("/admin?tab=seo", { type: "success", message: messages.seo.saved });
}
