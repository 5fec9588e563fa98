import type { ActionFunctionArgs } from "@remix-run/node";
import { accountSummary, createSession } from "~/models/accounts/index.server";
import { profileView } from "~/api/views/users";
import { apiLoginSchema } from "~/schemas/accounts/auth";
import { methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireDeclaredMethod } from "~/server/guard.server";
import {
  clientIp,
  commitDeviceCookie,
  deviceTokensOf,
  LoginError,
  signIn,
} from "~/server/auth.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = { POST: "public" };

export async function action({ request, context }: ActionFunctionArgs) {
  requireDeclaredMethod(request, access);
  const parsed = await parseJsonBody(request, apiLoginSchema);
  if (!parsed.ok) return parsed.response;
  try {
    const user = await signIn(
      parsed.value.email,
      parsed.value.password,
      clientIp(context),
      await deviceTokensOf(request),
    );
    const session = createSession(user.id, "api", {
      userAgent: request.headers.get("user-agent"),
      ip: clientIp(context),
    });
    const { user: view, subscription } = profileView(accountSummary(user));
    // The client keeps `device_token` and sends it back (X-Device-Token) when it signs in again:
    // its sign-ins then count only its own failures (ADR 0029). A browser gets it as a cookie.
    const device = await commitDeviceCookie(user, request);
    return ok(
      {
        user: view,
        subscription,
        token: session.id,
        expires_at: session.expiresAt.toISOString(),
        device_token: device.token,
      },
      messages.auth.loginSuccess,
      200,
      { "Set-Cookie": device.cookie },
    );
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return apiRefusal(error.refusal);
  }
}

export const loader = () => methodNotAllowed();
