import { z } from "zod";
import * as messages from "~/messages";
import { normalizeCode } from "~/utils/codes";

/** The longest code a comparison accepts, as typed (before normalisation). */
export const COMPARE_CODE_MAX = 60;

const m = messages.compare;

/**
 * One code of a comparison: required, trimmed, at most COMPARE_CODE_MAX characters, and with at
 * least one letter or digit (what `normalizeCode` keeps). Conform sends a blank field as
 * undefined, the API's query string as ""; both are "missing".
 */
function codeField(which: "A" | "B") {
  return z
    .string({ error: m.required(which) })
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? "";
      if (text === "") {
        ctx.addIssue({ code: "custom", message: m.required(which) });
        return z.NEVER;
      }
      if (text.length > COMPARE_CODE_MAX) {
        ctx.addIssue({ code: "custom", message: m.tooLong(COMPARE_CODE_MAX) });
        return z.NEVER;
      }
      if (!normalizeCode(text)) {
        ctx.addIssue({ code: "custom", message: m.noLettersOrDigits });
        return z.NEVER;
      }
      return text;
    });
}

/**
 * The two codes of "A e B são intercambiáveis?": the GET form of /search/compare (Conform's
 * `parseWithZod`) and GET /api/parts/compare (`parseQuery`) read the same schema.
 */
export const partCompareSchema = z.object({ a: codeField("A"), b: codeField("B") });
