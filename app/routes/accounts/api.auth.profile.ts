import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { accountSummary, updateProfile } from "~/models/accounts/index.server";
import { profileView } from "~/api/views/users";
import { apiProfileSchema } from "~/schemas/accounts/profile";
import { ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { requireApiAccess } from "~/server/guard.server";
import { passwordAttemptOf } from "~/server/auth.server";
import { apiRefusal } from "~/server/refusal.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = { GET: "signed-in", PUT: "signed-in" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  return ok(profileView(accountSummary(user)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, sessionId, body } = await apiRequest(request, access, { body: apiProfileSchema });
  const attempt = await passwordAttemptOf(request, context, user.id);
  const updated = await updateProfile(user.id, body, sessionId, attempt);
  if (!updated.ok) return apiRefusal(updated, { fieldName: apiProfileFieldName });
  return ok(profileView(accountSummary(updated.value)), messages.profile.updated);
}

const apiProfileFieldName = (field: string) =>
  field === "currentPassword" ? "current_password" : field;
