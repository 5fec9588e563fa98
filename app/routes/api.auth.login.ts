import type { ActionFunctionArgs } from "@remix-run/node";
import { accountSummary } from "~/models/account.server";
import { profileView } from "~/api/views/users";
import { createSession } from "~/models/session.server";
import { apiLoginSchema } from "~/schemas/auth";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { clientIp, LoginError, signIn } from "~/server/auth.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = { POST: "public" };

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = await parseJsonBody(request, apiLoginSchema);
  if (!parsed.ok) return parsed.response;
  try {
    const user = await signIn(parsed.value.email, parsed.value.password, clientIp(context));
    const session = createSession(user.id, "api", {
      userAgent: request.headers.get("user-agent"),
      ip: clientIp(context),
    });
    const { user: view, subscription } = profileView(accountSummary(user));
    return ok(
      { user: view, subscription, token: session.id, expires_at: session.expiresAt.toISOString() },
      messages.auth.loginSuccess,
    );
  } catch (error) {
    if (error instanceof LoginError) return fail(error.message, error.status);
    throw error;
  }
}

export const loader = () => methodNotAllowed();
