import type { SubmissionResult } from "@conform-to/react";

/** The SEO settings form of the dashboard's SEO tab (posts `intent=seo` to /admin?tab=seo). */
export function SeoForm(_props: {
  settings: Record<string, string | boolean | null>;
  reply: SubmissionResult<string[]> | null;
}) {
  return null;
}
