import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  type CompanyIdentity,
  companyIdentity,
  saveCompanyIdentity,
} from "~/models/company/index.server";
import { apiCompanySchema, COMPANY_API_NAMES, companyApiObject } from "~/schemas/company/company";
import { ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], PUT: ["admin"] };

/** The identity under the API's names, as stored (null = not set), and when it was last saved. */
function companyView({ updatedAt, ...identity }: CompanyIdentity) {
  return { ...companyApiObject(identity), updated_at: updatedAt?.toISOString() ?? null };
}

/** GET /api/settings/company — the company identity (receipts, e-mails, the landing's footer). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return ok(companyView(companyIdentity()));
}

/**
 * PUT /api/settings/company — the identity (snake_case, the form's rules). Fields left out keep
 * their saved values; null clears one; every field null clears it all.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, {
    body: () => apiCompanySchema(companyIdentity()),
  });
  const saved = saveCompanyIdentity(body, user.id);
  if (!saved.ok)
    return apiRefusal(saved, {
      fieldName: (field) => COMPANY_API_NAMES[field as keyof typeof COMPANY_API_NAMES] ?? field,
    });
  return ok(companyView(saved.value), messages.company.saved);
}
