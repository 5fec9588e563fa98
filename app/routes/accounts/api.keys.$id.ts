import type { ActionFunctionArgs } from "@remix-run/node";
import { apiKeyView } from "~/api/views/api-keys";
import { revokeApiKey } from "~/models/accounts/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRecordOr404, pathId } from "~/server/api-request.server";
import { requireApiAccess } from "~/server/guard.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { requireSessionForKeys } from "./api-keys.server";

export const access: Access = { DELETE: "signed-in" };

const m = messages.apiKeys;

export const loader = () => methodNotAllowed(access);

/** DELETE /api/keys/:id: revokes one of the caller's keys (another user's is a 404). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = requireSessionForKeys(await requireApiAccess(request, access));
  const keyId = apiRecordOr404(pathId(params.id, m.notFound));
  const revoked = revokeApiKey(user.id, keyId);
  if (!revoked.ok) return apiRefusal(revoked);
  return ok(apiKeyView(revoked.value), m.revoked(revoked.value.name));
}
