import { accountSummary, createSession, type User } from "~/models/accounts/index.server";
import { profileView, type SignedInView } from "~/api/views/users";
import { ok } from "~/server/api.server";
import { clientIp, commitDeviceCookie } from "~/server/auth.server";

/**
 * The API's answer for an account just signed in (by password, or through a reset link): a new
 * API session `token`, the profile, and the `device_token` the client sends back as
 * X-Device-Token when it signs in again, so its sign-ins count only its own failures (ADR 0029).
 * A browser gets the device token as a cookie.
 */
export async function apiSignedIn(request: Request, context: unknown, user: User, message: string) {
  const session = createSession(user.id, "api", {
    userAgent: request.headers.get("user-agent"),
    ip: clientIp(context),
  });
  const { user: view, subscription } = profileView(accountSummary(user));
  const device = await commitDeviceCookie(user, request);
  const data: SignedInView = {
    user: view,
    subscription,
    token: session.id,
    expires_at: session.expiresAt.toISOString(),
    device_token: device.token,
  };
  return ok(data, message, 200, { "Set-Cookie": device.cookie });
}
