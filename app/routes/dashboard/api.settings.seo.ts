import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { saveSeoSettings, type SeoSettings, seoSettingsForAdmin } from "~/models/seo/index.server";
import { apiSeoSchema, SEO_API_NAMES, seoApiObject } from "~/schemas/seo/seo";
import { ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], PUT: ["admin"] };

/** The SEO object under the API's names, and when it was last saved. */
function seoSettingsView({ updatedAt, ...settings }: SeoSettings) {
  return { ...seoApiObject(settings), updated_at: updatedAt?.toISOString() ?? null };
}

/** GET /api/settings/seo — every SEO setting as saved (null = not set). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return ok(seoSettingsView(seoSettingsForAdmin()));
}

/**
 * PUT /api/settings/seo — the SEO object (snake_case, the form's rules). Fields left out keep
 * their saved values; null clears one.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, {
    body: () => apiSeoSchema(seoApiObject(seoSettingsForAdmin())),
  });
  const saved = saveSeoSettings(body, user.id);
  if (!saved.ok)
    return apiRefusal(saved, {
      fieldName: (field) => SEO_API_NAMES[field as keyof typeof SEO_API_NAMES] ?? field,
    });
  return ok(seoSettingsView(saved.value), messages.seo.saved);
}
