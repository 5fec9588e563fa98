import type { ActionFunctionArgs } from "@remix-run/node";
import { accountSummary, createSession, resetPassword } from "~/models/accounts/index.server";
import { profileView } from "~/api/views/users";
import { apiResetPasswordSchema } from "~/schemas/accounts/password-reset";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireJsonBody } from "~/server/api-request.server";
import { clientIp, commitDeviceCookie } from "~/server/auth.server";
import { fromAnotherSite } from "~/server/csrf.server";
import { requireDeclaredMethod } from "~/server/guard.server";
import { apiRefusal, apiRefuse } from "~/server/refusal.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

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
  const user = reset.value;
  const session = createSession(user.id, "api", {
    userAgent: request.headers.get("user-agent"),
    ip: clientIp(context),
  });
  const { user: view, subscription } = profileView(accountSummary(user));
  const device = await commitDeviceCookie(user, request);
  return ok(
    {
      user: view,
      subscription,
      token: session.id,
      expires_at: session.expiresAt.toISOString(),
      device_token: device.token,
    },
    messages.passwordReset.resetSuccess,
    200,
    { "Set-Cookie": device.cookie },
  );
}

export const loader = () => methodNotAllowed();
