import type { ActionFunctionArgs } from "@remix-run/node";
import { requestPasswordReset } from "~/models/accounts/index.server";
import { apiForgotPasswordSchema } from "~/schemas/accounts/password-reset";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireJsonBody } from "~/server/api-request.server";
import { clientIp } from "~/server/auth.server";
import { fromAnotherSite } from "~/server/csrf.server";
import { requireDeclaredMethod } from "~/server/guard.server";
import { apiRefusal, apiRefuse } from "~/server/refusal.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = { POST: "public" };

/** POST {email}: the same 200 whether or not the e-mail has an account; 429 when throttled. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireDeclaredMethod(request, access);
  if (fromAnotherSite(request)) return apiRefuse("forbidden", messages.api.crossSiteRefused);
  const body = await requireJsonBody(request, apiForgotPasswordSchema);
  const asked = await requestPasswordReset({
    email: body.email,
    ip: clientIp(context),
  });
  if (!asked.ok) return apiRefusal(asked);
  return ok(null, messages.passwordReset.sent);
}

export const loader = () => methodNotAllowed();
