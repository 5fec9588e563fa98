import type { SubmissionResult } from "@conform-to/react";
import type { User } from "~/models/user.server";

/**
 * The dashboard's SEO tab: what its form shows and what its post does. `_app.admin.tsx` calls
 * these for `?tab=seo` and for a post with `intent=seo`.
 */
export type SeoTabData = Record<string, string | boolean | null>;
export type SeoTabReply = { intent: "seo"; reply: SubmissionResult<string[]> };

export function loadSeoTab(): SeoTabData {
  return {};
}

export async function saveSeoTab(_form: FormData, _admin: User): Promise<Response> {
  return Response.json({ intent: "seo", reply: null }, { status: 400 });
}
