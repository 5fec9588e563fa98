import { z } from "zod";
import type { ApiKeySummary, NewApiKey } from "~/models/accounts/index.server";

/** One API key as `GET /api/keys` lists it (ADR 0049): never the key itself. */
export const apiKeyViewSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The key's first characters, as the list shows them ("enc_live_AbCd"). */
  prefix: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** `POST /api/keys`'s answer: the listed fields and, this one time, the whole key. */
export const newApiKeyViewSchema = apiKeyViewSchema.extend({ key: z.string() });
export type NewApiKeyView = z.infer<typeof newApiKeyViewSchema>;

export function apiKeyView(key: ApiKeySummary): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

export function newApiKeyView(key: NewApiKey): NewApiKeyView {
  return { ...apiKeyView(key), key: key.key };
}
