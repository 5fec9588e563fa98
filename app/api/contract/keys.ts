import { z } from "zod";
import { apiKeyViewSchema, newApiKeyViewSchema, type ApiKeyView } from "~/api/views/api-keys";
import { apiKeyCreateSchema } from "~/schemas/accounts/api-keys";
import * as messages from "~/messages";
import { endpoint, type Endpoint } from "./endpoint";

const t = messages.contractKeys;
const m = messages.apiKeys;

const sampleKey: ApiKeyView = {
  id: 3,
  name: "Loja virtual",
  prefix: "enc_live_Q2xh",
  created_at: "2026-11-20T13:45:00.000Z",
  last_used_at: "2026-11-27T18:02:11.000Z",
  revoked_at: null,
};

const envelope = (data: unknown, message: string) => ({ success: true, data, message });

/** The API keys' operations (app/routes/accounts/api.keys*.ts, ADR 0049). */
export const keysEndpoints: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/keys",
    summary: t.list,
    description: t.listDescription,
    tag: t.tag,
    access: "signed-in",
    answers: {
      200: {
        description: t.listed,
        data: z.array(apiKeyViewSchema),
        example: envelope([sampleKey], m.listed),
      },
      403: { description: t.sessionRequired },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/keys",
    summary: t.create,
    description: t.createDescription,
    tag: t.tag,
    access: "signed-in",
    body: apiKeyCreateSchema,
    bodyExample: { name: "Loja virtual" },
    answers: {
      201: {
        description: t.created,
        data: newApiKeyViewSchema,
        example: envelope(
          {
            ...sampleKey,
            last_used_at: null,
            key: "enc_live_Q2xhdmUgZGUgZXhlbXBsbyBzZW0gdmFsb3IgcmVhbA",
          },
          m.created("Loja virtual"),
        ),
      },
      400: { description: t.invalid },
      403: { description: t.sessionRequired },
      409: { description: t.refused },
    },
  }),
  endpoint({
    method: "delete",
    path: "/api/keys/{id}",
    summary: t.revoke,
    description: t.revokeDescription,
    tag: t.tag,
    access: "signed-in",
    params: z.object({ id: z.int().positive() }),
    answers: {
      200: {
        description: t.revokedAnswer,
        data: apiKeyViewSchema,
        example: envelope(
          { ...sampleKey, revoked_at: "2026-11-28T09:10:00.000Z" },
          m.revoked("Loja virtual"),
        ),
      },
      403: { description: t.sessionRequired },
      404: { description: t.notFound },
      409: { description: t.alreadyRevoked },
    },
  }),
];
