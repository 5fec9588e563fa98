import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiKeyView, newApiKeyView } from "~/api/views/api-keys";
import { createApiKey, listApiKeys } from "~/models/accounts/index.server";
import { apiKeyCreateSchema } from "~/schemas/accounts/api-keys";
import { ok } from "~/server/api.server";
import { requireJsonBody } from "~/server/api-request.server";
import { requireApiAccess } from "~/server/guard.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { requireSessionForKeys } from "./api-keys.server";

export const access: Access = { GET: "signed-in", POST: "signed-in" };

const m = messages.apiKeys;

/** GET /api/keys: the caller's keys, newest first, revoked ones included. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = requireSessionForKeys(await requireApiAccess(request, access));
  return ok(listApiKeys(user.id).map(apiKeyView), m.listed);
}

/** POST /api/keys {name}: 201 with the whole key, the only time it is ever answered. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = requireSessionForKeys(await requireApiAccess(request, access));
  const body = await requireJsonBody(request, apiKeyCreateSchema);
  const created = createApiKey(user, body.name);
  if (!created.ok) return apiRefusal(created);
  return ok(newApiKeyView(created.value), m.created(created.value.name), 201, {
    "Cache-Control": "no-store",
  });
}
