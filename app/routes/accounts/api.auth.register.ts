import type { ActionFunctionArgs } from "@remix-run/node";
import { userView, type RegisteredView } from "~/api/views/users";
import { createAccount, createSession, toPublicUser } from "~/models/accounts/index.server";
import { apiRegisterSchema } from "~/schemas/accounts/auth";
import { methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { clientIp } from "~/server/auth.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireDeclaredMethod } from "~/server/guard.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = { POST: "public" };

export async function action({ request, context }: ActionFunctionArgs) {
  requireDeclaredMethod(request, access);
  const parsed = await parseJsonBody(request, apiRegisterSchema);
  if (!parsed.ok) return parsed.response;
  const created = await createAccount(parsed.value, { signupFrom: clientIp(context) });
  if (!created.ok) return apiRefusal(created);
  const user = created.value;
  const session = createSession(user.id, "api", {
    userAgent: request.headers.get("user-agent"),
    ip: clientIp(context),
  });
  const data: RegisteredView = { user: userView(toPublicUser(user)), token: session.id };
  return ok(data, messages.auth.registerSuccess, 201);
}

export const loader = () => methodNotAllowed();
