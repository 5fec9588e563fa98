import { z } from "zod";
import * as messages from "~/messages";
import { jsonBodyShape, jsonObject, stringFields } from "../json-body";
import { windowParam } from "./catalogue";
import {
  ALTERNATIVE_CODE_MAX,
  ALTERNATIVE_DESCRIPTION_MAX,
  checkAlternativeCode,
  checkPartFields,
  CODE_MAX,
  DESCRIPTION_MAX,
  LINK_MAX,
  MANUFACTURER_MAX,
  NAME_MAX,
  NOTES_MAX,
  positiveId,
  toAlternativeCode,
  toPartFields,
  type RawAlternativeCode,
  type RawPartFields,
} from "./part";

/** The JSON bodies and the list query of the parts API, read with the part form's own field rules. */

const m = messages.parts;

/** The API's snake_case names of the form's fields: its 400 and 409 field messages use them. */
const API_FIELD_NAMES: Record<string, string> = {
  categoryId: "category_id",
  mercadoLivreLink: "mercado_livre_link",
  vehicleIds: "compatible_vehicle_ids",
  vehicleId: "vehicle_id",
};

export function apiFieldName(field: string): string {
  return API_FIELD_NAMES[field] ?? field;
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.length <= 10_000 &&
  value.every((id) => Number.isSafeInteger(id) && (id as number) > 0);

/** POST /api/parts and PUT /api/parts/:id: code, name, description, category_id, manufacturer, mercado_livre_link, compatible_vehicle_ids. */
export const apiPartSchema = z
  .unknown()
  .transform((body): RawPartFields & { vehicleIds?: unknown } => {
    const source = jsonObject(body);
    const fields = stringFields(source, [
      "code",
      "name",
      "description",
      "manufacturer",
      "mercado_livre_link",
    ]);
    const category = source.category_id;
    return {
      code: fields.code,
      name: fields.name,
      description: fields.description,
      manufacturer: fields.manufacturer,
      mercadoLivreLink: fields.mercado_livre_link,
      categoryId:
        typeof category === "number" || typeof category === "string" ? String(category) : undefined,
      vehicleIds: source.compatible_vehicle_ids ?? undefined,
    };
  })
  .superRefine((value, ctx) => {
    checkPartFields(value, ctx, apiFieldName);
    if (value.vehicleIds !== undefined && !isIdList(value.vehicleIds)) {
      ctx.addIssue({
        code: "custom",
        path: [apiFieldName("vehicleIds")],
        message: m.invalidVehicleIds,
      });
    }
  })
  .transform((value) => ({
    ...toPartFields(value),
    /** Absent: the part keeps its vehicles. Given: they replace them, keeping each kept vehicle's notes. */
    fitments: isIdList(value.vehicleIds)
      ? [...new Set(value.vehicleIds)].map((vehicleId) => ({ vehicleId }))
      : undefined,
  }))
  .meta(
    jsonBodyShape(
      {
        code: { type: "string", minLength: 1, maxLength: CODE_MAX },
        name: { type: "string", minLength: 1, maxLength: NAME_MAX },
        description: { type: ["string", "null"], maxLength: DESCRIPTION_MAX },
        category_id: { type: ["integer", "string"], minimum: 1 },
        manufacturer: { type: "string", minLength: 1, maxLength: MANUFACTURER_MAX },
        mercado_livre_link: { type: ["string", "null"], format: "uri", maxLength: LINK_MAX },
        compatible_vehicle_ids: {
          type: "array",
          items: { type: "integer", minimum: 1 },
          maxItems: 10_000,
        },
      },
      ["code", "name", "category_id", "manufacturer"],
    ),
  );

/** POST /api/parts/:id/alternative-codes {alternative_code, description} */
export const apiAlternativeCodeSchema = z
  .unknown()
  .transform((body): RawAlternativeCode => {
    const fields = stringFields(jsonObject(body), ["alternative_code", "description"]);
    return { code: fields.alternative_code, description: fields.description };
  })
  .superRefine((row, ctx) =>
    checkAlternativeCode(row, ctx, (field) => [field === "code" ? "alternative_code" : field]),
  )
  .transform(toAlternativeCode)
  .meta(
    jsonBodyShape(
      {
        alternative_code: { type: "string", minLength: 1, maxLength: ALTERNATIVE_CODE_MAX },
        description: { type: ["string", "null"], maxLength: ALTERNATIVE_DESCRIPTION_MAX },
      },
      ["alternative_code"],
    ),
  );

/** POST /api/parts/:id/vehicles {vehicle_id, notes} */
export const apiFitmentSchema = z
  .unknown()
  .transform((body) => {
    const source = jsonObject(body);
    return {
      vehicleId: positiveId(source.vehicle_id),
      notes: typeof source.notes === "string" ? source.notes : undefined,
    };
  })
  .superRefine((value, ctx) => {
    if (value.vehicleId === undefined)
      ctx.addIssue({ code: "custom", path: ["vehicle_id"], message: m.vehicleNotFound });
    if ((value.notes?.trim().length ?? 0) > NOTES_MAX)
      ctx.addIssue({ code: "custom", path: ["notes"], message: m.tooLong(NOTES_MAX) });
  })
  .transform(({ vehicleId, notes }) => ({ vehicleId: vehicleId!, notes: notes?.trim() || null }))
  .meta(
    jsonBodyShape(
      {
        vehicle_id: { type: ["integer", "string"], minimum: 1 },
        notes: { type: ["string", "null"], maxLength: NOTES_MAX },
      },
      ["vehicle_id"],
    ),
  );

export const API_PARTS_DEFAULT_LIMIT = 20;
export const API_PARTS_MAX_LIMIT = 100;

/** GET /api/parts?q&category_id&limit&offset: a bad number is a 400 with its field's message; too big a limit gets the maximum. */
export const apiPartListSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((raw) => (raw ?? "").trim().slice(0, CODE_MAX)),
  limit: windowParam({
    fallback: API_PARTS_DEFAULT_LIMIT,
    min: 1,
    message: m.invalidLimit(API_PARTS_MAX_LIMIT),
    max: API_PARTS_MAX_LIMIT,
  }),
  offset: windowParam({ fallback: 0, min: 0, message: m.invalidOffset }),
  category_id: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? "";
      if (text === "") return undefined;
      const id = positiveId(text);
      if (id !== undefined) return id;
      ctx.addIssue({ code: "custom", message: m.invalidCategory });
      return z.NEVER;
    }),
});
