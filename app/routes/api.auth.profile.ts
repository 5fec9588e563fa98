import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { accountSummary } from "~/models/account.server";
import { profileView } from "~/models/api-views.server";
import { EmailTakenError, updateProfile, WrongPasswordError } from "~/models/user.server";
import { apiProfileSchema } from "~/schemas/profile";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth.server";
import { messages } from "~/utils/messages";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request);
  return ok(profileView(accountSummary(user)));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  const { user } = await requireApiUser(request);
  const parsed = await parseJsonBody(request, apiProfileSchema);
  if (!parsed.ok) return parsed.response;
  try {
    const updated = await updateProfile(user.id, parsed.value);
    return ok(profileView(accountSummary(updated)), messages.profile.updated);
  } catch (error) {
    if (error instanceof EmailTakenError)
      return fail(messages.auth.emailTaken, 400, { email: [messages.auth.emailTaken] });
    if (error instanceof WrongPasswordError) {
      return fail(messages.profile.currentPasswordWrong, 400, {
        current_password: [messages.profile.currentPasswordWrong],
      });
    }
    throw error;
  }
}
