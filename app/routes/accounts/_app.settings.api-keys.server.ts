import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import {
  createApiKey,
  listApiKeys,
  mayCreateApiKeys,
  type User,
} from "~/models/accounts/index.server";
import { CREATE_API_KEY } from "~/components/api-keys-panel";
import { apiKeyCreateSchema } from "~/schemas/accounts/api-keys";
import { refusalData, refusalReplyOptions } from "~/server/refusal.server";

/** The settings' API tab (ADR 0049): who may make keys, and the keys, dates as ISO text. */
export function apiKeysTab(user: User) {
  return {
    allowed: mayCreateApiKeys(user),
    keys: listApiKeys(user.id).map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The tab's form: the new key comes back in this answer only (a reload asks again, a later visit
 * never shows it), never through a redirect's cookie.
 */
export function createApiKeyIntent(form: FormData, user: User) {
  const intent = CREATE_API_KEY;
  const submission = parseWithZod(form, { schema: apiKeyCreateSchema });
  if (submission.status !== "success")
    return refusalData({ intent, reply: submission.reply(), created: null }, "invalid_input");
  const made = createApiKey(user, submission.value.name);
  if (!made.ok)
    return refusalData(
      { intent, reply: submission.reply(refusalReplyOptions(made)), created: null },
      made.reason,
    );
  return data(
    {
      intent,
      reply: submission.reply({ resetForm: true }),
      created: { name: made.value.name, key: made.value.key },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
