import { z } from "zod";
import * as messages from "~/messages";
import { jsonObject, stringFields } from "../json-body";
import {
  checkAlternativeCode,
  checkPartFields,
  CODE_MAX,
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
  }));

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
  .transform(toAlternativeCode);

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
  .transform(({ vehicleId, notes }) => ({ vehicleId: vehicleId!, notes: notes?.trim() || null }));

export const API_PARTS_DEFAULT_LIMIT = 20;
export const API_PARTS_MAX_LIMIT = 100;

export type ApiPartList = { q: string; categoryId?: number; limit: number; offset: number };

/** GET /api/parts?q&category_id&limit&offset: a bad number is a 400 with its field's message; too big a limit gets the maximum. */
export function parseApiPartList(
  params: URLSearchParams,
):
  | { ok: true; value: ApiPartList }
  | { ok: false; message: string; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const read = (name: string, fallback: number, min: number, message: string) => {
    const raw = params.get(name)?.trim() ?? "";
    if (raw === "") return fallback;
    const value = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= min)) {
      errors[name] = [message];
      return fallback;
    }
    return value;
  };
  const limit = Math.min(
    read("limit", API_PARTS_DEFAULT_LIMIT, 1, m.invalidLimit(API_PARTS_MAX_LIMIT)),
    API_PARTS_MAX_LIMIT,
  );
  const offset = read("offset", 0, 0, m.invalidOffset);
  const categoryRaw = params.get("category_id")?.trim() ?? "";
  const categoryId = categoryRaw === "" ? undefined : positiveId(categoryRaw);
  if (categoryRaw !== "" && categoryId === undefined) errors.category_id = [m.invalidCategory];
  const first = Object.values(errors)[0]?.[0];
  if (first) return { ok: false, message: first, errors };
  return {
    ok: true,
    value: { q: (params.get("q") ?? "").trim().slice(0, CODE_MAX), categoryId, limit, offset },
  };
}
