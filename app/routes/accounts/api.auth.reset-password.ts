import type { ActionFunctionArgs } from "@remix-run/node";
import { resetPassword } from "~/models/accounts/index.server";
import { apiResetPasswordSchema } from "~/schemas/accounts/password-reset";
import { methodNotAllowed } from "~/server/api.server";
import { requireJsonBody } from "~/server/api-request.server";
import { fromAnotherSite } from "~/server/csrf.server";
import { requireDeclaredMethod } from "~/server/guard.server";
import { apiRefusal, apiRefuse } from "~/server/refusal.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";
import { apiSignedIn } from "./api-session.server";

export const access: Access = { POST: "public" };

/**
 * POST {token, password}: sets the password through the e-mailed link, revokes every session and
 * token of the account, and answers as a sign-in does (a new `token`, `device_token`); 400 for a
 * link that is unknown, used or expired.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireDeclaredMethod(request, access);
  if (fromAnotherSite(request)) return apiRefuse("forbidden", messages.api.crossSiteRefused);
  const body = await requireJsonBody(request, apiResetPasswordSchema);
  const reset = await resetPassword(body);
  if (!reset.ok) return apiRefusal(reset);
  return await apiSignedIn(request, context, reset.value, messages.passwordReset.resetSuccess);
}

export const loader = () => methodNotAllowed();
