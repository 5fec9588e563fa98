import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { CompanyFormSettings } from "~/components/admin/company-form";
import { companyIdentity, saveCompanyIdentity } from "~/models/company/index.server";
import type { User } from "~/models/accounts/index.server";
import { companyFormSchema } from "~/schemas/company/company";
import { refusalData, refusalReplyOptions, type Reason } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import * as messages from "~/messages";

/**
 * The dashboard's "Empresa" tab: what its form shows and what its post does. `_app.admin.tsx`
 * calls these for `?tab=empresa` and for a post with `intent=company`.
 */
export type CompanyTabReply = { intent: "company"; reply: SubmissionResult<string[]> };

export function loadCompanyTab(): CompanyFormSettings {
  const { updatedAt, ...identity } = companyIdentity();
  return { ...identity, updatedAt: updatedAt?.toISOString() ?? null };
}

const answer = (reply: SubmissionResult<string[]>, reason: Reason) =>
  refusalData<CompanyTabReply>({ intent: "company", reply }, reason);

/** Saves the form; a refused one comes back with its pt-BR messages and the typed values. */
export async function saveCompanyTab(form: FormData, admin: User) {
  const submission = parseWithZod(form, { schema: companyFormSchema });
  if (submission.status !== "success") return answer(submission.reply(), "invalid_input");
  const saved = saveCompanyIdentity(submission.value, admin.id);
  if (!saved.ok) return answer(submission.reply(refusalReplyOptions(saved)), saved.reason);
  return redirectWithToast("/admin?tab=empresa", {
    type: "success",
    message: messages.company.saved,
  });
}
