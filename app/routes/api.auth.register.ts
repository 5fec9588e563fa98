import type { ActionFunctionArgs } from "@remix-run/node";
import { userView } from "~/models/api-views.server";
import { createSession } from "~/models/session.server";
import { createAccount, EmailTakenError, toPublicUser } from "~/models/user.server";
import { apiRegisterSchema } from "~/schemas/auth";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { clientIp } from "~/server/auth.server";
import { messages } from "~/utils/messages";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = await parseJsonBody(request, apiRegisterSchema);
  if (!parsed.ok) return parsed.response;
  try {
    const user = await createAccount(parsed.value);
    const session = createSession(user.id, "api", {
      userAgent: request.headers.get("user-agent"),
      ip: clientIp(context),
    });
    return ok(
      { user: userView(toPublicUser(user)), token: session.id },
      messages.auth.registerSuccess,
      201,
    );
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return fail(messages.auth.emailTaken, 400, { email: [messages.auth.emailTaken] });
    }
    throw error;
  }
}

export const loader = () => methodNotAllowed();
