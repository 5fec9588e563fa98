import type { ActionFunctionArgs } from "@remix-run/node";
import { revokeSession } from "~/models/accounts/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { logout, requireApiUser } from "~/server/auth.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = { POST: "signed-in" };

/** POST: ends the session that signs this request, a bearer token or the web cookie (then cleared). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const auth = await requireApiUser(request);
  revokeSession(auth.sessionId);
  const response = ok(null, messages.auth.logoutSuccess);
  if (auth.via === "cookie") response.headers.append("Set-Cookie", await logout(request));
  return response;
}

export const loader = () => methodNotAllowed();
