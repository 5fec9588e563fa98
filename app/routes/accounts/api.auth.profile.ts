import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { accountSummary, updateProfile } from "~/models/accounts/index.server";
import { profileView } from "~/api/views/users";
import { apiProfileSchema } from "~/schemas/profile";
import { methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { passwordAttemptOf, requireApiUser } from "~/server/auth.server";
import { apiRefusal } from "~/server/refusal.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = { GET: "signed-in", PUT: "signed-in" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiUser(request);
  return ok(profileView(accountSummary(user)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  const { user, sessionId } = await requireApiUser(request);
  const parsed = await parseJsonBody(request, apiProfileSchema);
  if (!parsed.ok) return parsed.response;
  const attempt = await passwordAttemptOf(request, context, user.id);
  const updated = await updateProfile(user.id, parsed.value, sessionId, attempt);
  if (!updated.ok) return apiRefusal(updated, { fieldName: apiProfileFieldName });
  return ok(profileView(accountSummary(updated.value)), messages.profile.updated);
}

const apiProfileFieldName = (field: string) =>
  field === "currentPassword" ? "current_password" : field;
