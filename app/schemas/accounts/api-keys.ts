import { z } from "zod";
import * as messages from "~/messages";

/** A key's name: what its owner calls it in the list ("Loja virtual"). */
export const API_KEY_NAME_MAX = 60;

const m = messages.apiKeys;

/**
 * Creating an API key: the API tab's form and `POST /api/keys` {name} read this one schema (a
 * form's empty field arrives as nothing, a JSON name may be anything).
 */
export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(API_KEY_NAME_MAX, { error: m.nameTooLong(API_KEY_NAME_MAX) }),
});
