import type { ActionFunctionArgs } from "@remix-run/node";
import { revokeSession } from "~/models/accounts/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { logout } from "~/server/auth.server";
import { requireApiAccess } from "~/server/guard.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = { POST: "signed-in" };

/**
 * POST: ends the session that signs this request, a bearer token or the web cookie (then cleared);
 * an API key is left as it is.
 */
export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireApiAccess(request, access);
  // A key is no session: it lasts until it is revoked (ADR 0049), so there is nothing to end.
  if (auth.via === "key") return ok(null, messages.apiKeys.logoutWithKey);
  revokeSession(auth.sessionId);
  const response = ok(null, messages.auth.logoutSuccess);
  if (auth.via === "cookie") response.headers.append("Set-Cookie", await logout(request));
  return response;
}

export const loader = () => methodNotAllowed();
