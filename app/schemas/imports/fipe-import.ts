import { z } from "zod";
import { FIPE_VEHICLE_TYPES } from "~/integrations/fipe/types";
import * as messages from "~/messages";

const m = messages.fipe;

export const MAX_BRANDS_LIMIT = 500;

/** A FIPE brand code is a number written as text ("59"); blank means every brand. */
const brandCode = z
  .string({ error: m.invalidBrand })
  .optional()
  .transform((raw, ctx) => {
    const text = raw?.trim() ?? "";
    if (text === "") return undefined;
    if (!/^\d{1,10}$/.test(text)) {
      ctx.addIssue({ code: "custom", message: m.invalidBrand });
      return z.NEVER;
    }
    return text;
  });

const maxBrands = z
  .string({ error: m.invalidMaxBrands(MAX_BRANDS_LIMIT) })
  .optional()
  .transform((raw, ctx) => {
    const text = raw?.trim() ?? "";
    if (text === "") return undefined;
    const value = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(value) || value < 1 || value > MAX_BRANDS_LIMIT) {
      ctx.addIssue({ code: "custom", message: m.invalidMaxBrands(MAX_BRANDS_LIMIT) });
      return z.NEVER;
    }
    return value;
  });

/** The "Importar FIPE" form; field names are the API's, so both share this schema. */
export const fipeImportSchema = z.object({
  type: z.enum(FIPE_VEHICLE_TYPES, { error: m.invalidType }),
  brand_code: brandCode,
  max_brands: maxBrands,
});

/** JSON clients may send numbers (`"max_brands": 2`, `"brand_code": 59`); the form sends text. */
export const fipeImportApiSchema = z.preprocess((body) => {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const asText = (value: unknown) =>
    typeof value === "number" ? String(value) : value === null ? undefined : value;
  const record = body as Record<string, unknown>;
  return {
    ...record,
    brand_code: asText(record.brand_code),
    max_brands: asText(record.max_brands),
  };
}, fipeImportSchema);

/** `?type=` of the FIPE brands call and the import page; anything else is carros on the page. */
export const fipeTypeQuerySchema = z.object({
  type: z.enum(FIPE_VEHICLE_TYPES, { error: m.invalidType }).default("carros"),
});

/** A yes/no flag of a query string: "true" or "1" is yes, anything else (or none) no. */
const queryFlag = z
  .string()
  .optional()
  .transform((raw) => raw === "true" || raw === "1");

/** POST /api/vehicles/import/fipe?wait=true: answer when the import ends (up to 170 s). */
export const fipeImportQuerySchema = z.object({ wait: queryFlag });
