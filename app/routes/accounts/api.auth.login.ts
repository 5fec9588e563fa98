import type { ActionFunctionArgs } from "@remix-run/node";
import { apiLoginSchema } from "~/schemas/accounts/auth";
import { methodNotAllowed, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireDeclaredMethod } from "~/server/guard.server";
import { clientIp, deviceTokensOf, LoginError, signIn } from "~/server/auth.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";
import { apiSignedIn } from "./api-session.server";

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
    return await apiSignedIn(request, context, user, messages.auth.loginSuccess);
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return apiRefusal(error.refusal);
  }
}

export const loader = () => methodNotAllowed();
