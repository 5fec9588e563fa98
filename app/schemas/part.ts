import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { normalizeCode } from "~/utils/codes";
import * as messages from "~/messages";
import { jsonObject, stringFields } from "./json-body";

/**
 * The part form (Conform, browser and server), its vehicle picker, and the JSON bodies of the parts
 * API, which pipe through the same field rules.
 */

const m = messages.parts;
const text = z.string().optional();

export const CODE_MAX = 100;
export const NAME_MAX = 200;
export const MANUFACTURER_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const LINK_MAX = 500;
export const ALTERNATIVE_CODE_MAX = 100;
export const ALTERNATIVE_DESCRIPTION_MAX = 200;
export const NOTES_MAX = 500;
export const VEHICLE_SEARCH_MAX = 100;

/** A whole number above zero from a form or query value, else undefined. */
export function positiveId(raw: unknown): number | undefined {
  const value =
    typeof raw === "number"
      ? raw
      : typeof raw === "string" && /^\s*\d{1,12}\s*$/.test(raw)
        ? Number(raw)
        : Number.NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const optionalText = (value: string | undefined) => value?.trim() || null;

// --- The part's own fields ------------------------------------------------------------------

const partFieldsShape = {
  code: text,
  name: text,
  description: text,
  categoryId: text,
  manufacturer: text,
  mercadoLivreLink: text,
};
type RawPartFields = { [K in keyof typeof partFieldsShape]?: string };

/** `name` turns a field into the name its messages go under (the API's snake_case). */
function checkPartFields(
  value: RawPartFields,
  ctx: z.RefinementCtx,
  name: (field: string) => string = (field) => field,
) {
  const issue = (field: keyof RawPartFields, message: string) =>
    ctx.addIssue({ code: "custom", path: [name(field)], message });
  for (const field of ["code", "name", "manufacturer"] as const) {
    if (!value[field]?.trim()) issue(field, m.required);
  }
  if (positiveId(value.categoryId) === undefined) issue("categoryId", m.required);
  const code = value.code?.trim() ?? "";
  if (code && !normalizeCode(code)) issue("code", m.codeInvalid);
  const limits = [
    ["code", CODE_MAX],
    ["name", NAME_MAX],
    ["manufacturer", MANUFACTURER_MAX],
    ["description", DESCRIPTION_MAX],
    ["mercadoLivreLink", LINK_MAX],
  ] as const;
  for (const [field, max] of limits) {
    if ((value[field]?.trim().length ?? 0) > max) issue(field, m.tooLong(max));
  }
  const link = value.mercadoLivreLink?.trim();
  if (link && link.length <= LINK_MAX && !isHttpUrl(link)) issue("mercadoLivreLink", m.linkInvalid);
}

function toPartFields(value: RawPartFields) {
  return {
    code: value.code!.trim(),
    name: value.name!.trim(),
    description: optionalText(value.description),
    categoryId: positiveId(value.categoryId)!,
    manufacturer: value.manufacturer!.trim(),
    /** Empty: the model builds the marketplace search address from the code. */
    mercadoLivreLink: optionalText(value.mercadoLivreLink),
  };
}
export type PartFields = ReturnType<typeof toPartFields>;

// --- Alternative codes ------------------------------------------------------------------------

type RawAlternativeCode = { code?: string; description?: string };

/** One alternative code's own rules; `path` places a field's message (a row of the list, an API name). */
function checkAlternativeCode(
  row: RawAlternativeCode,
  ctx: z.RefinementCtx,
  path: (field: "code" | "description") => (string | number)[],
) {
  const code = row.code?.trim() ?? "";
  if (!normalizeCode(code))
    ctx.addIssue({ code: "custom", path: path("code"), message: m.alternativeCodeRequired });
  else if (code.length > ALTERNATIVE_CODE_MAX) {
    ctx.addIssue({
      code: "custom",
      path: path("code"),
      message: m.alternativeCodeTooLong(ALTERNATIVE_CODE_MAX),
    });
  }
  if ((row.description?.trim().length ?? 0) > ALTERNATIVE_DESCRIPTION_MAX) {
    ctx.addIssue({
      code: "custom",
      path: path("description"),
      message: m.tooLong(ALTERNATIVE_DESCRIPTION_MAX),
    });
  }
}

const toAlternativeCode = (row: RawAlternativeCode) => ({
  code: row.code!.trim(),
  description: optionalText(row.description),
});
export type AlternativeCodeInput = ReturnType<typeof toAlternativeCode>;

const isBlankRow = (row: RawAlternativeCode) => !row.code?.trim() && !row.description?.trim();

/**
 * The form's list of alternative codes: a row left blank is skipped; a description without a code
 * asks for the code; the second row with the same (normalised) code is a duplicate.
 */
function checkAlternativeCodeList(rows: RawAlternativeCode[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (isBlankRow(row)) return;
    checkAlternativeCode(row, ctx, (field) => ["alternativeCodes", index, field]);
    const norm = normalizeCode(row.code ?? "");
    if (!norm) return;
    if (seen.has(norm)) {
      ctx.addIssue({
        code: "custom",
        path: ["alternativeCodes", index, "code"],
        message: m.alternativeCodeDuplicate,
      });
    }
    seen.add(norm);
  });
}

// --- The form -------------------------------------------------------------------------------

export const partFormSchema = z
  .object({
    ...partFieldsShape,
    alternativeCodes: z.array(z.object({ code: text, description: text })).optional(),
    vehicleIds: z.array(z.string()).optional(),
    /** Notes per selected vehicle, named `fitmentNotes.<vehicleId>`. */
    fitmentNotes: z.record(z.string(), text).optional(),
  })
  .superRefine((value, ctx) => {
    checkPartFields(value, ctx);
    checkAlternativeCodeList(value.alternativeCodes ?? [], ctx);
    for (const [vehicleId, notes] of Object.entries(value.fitmentNotes ?? {})) {
      if ((notes?.trim().length ?? 0) > NOTES_MAX)
        ctx.addIssue({
          code: "custom",
          path: ["fitmentNotes", vehicleId],
          message: m.tooLong(NOTES_MAX),
        });
    }
  })
  .transform((value) => {
    const notes = value.fitmentNotes ?? {};
    return {
      ...toPartFields(value),
      alternativeCodes: (value.alternativeCodes ?? [])
        .filter((row) => !isBlankRow(row))
        .map(toAlternativeCode),
      fitments: selectedVehicleIds(value.vehicleIds).map((vehicleId) => ({
        vehicleId,
        notes: notes[String(vehicleId)]?.trim() || null,
      })),
    };
  });
export type PartFormValue = z.output<typeof partFormSchema>;
export type PartFormInput = z.input<typeof partFormSchema>;

/** The distinct vehicle ids a form carries (checked boxes and hidden inputs), in order. */
export function selectedVehicleIds(raw: readonly unknown[] | undefined): number[] {
  const ids = (raw ?? []).map(positiveId).filter((id): id is number => id !== undefined);
  return [...new Set(ids)];
}

// --- The vehicle picker inside the form -------------------------------------------------------

/** The name of the picker's submit buttons; saving the part sends no `intent`. */
export const PICKER_INTENT_FIELD = "intent";
export const PICKER_INTENTS = {
  filter: "filter-vehicles",
  selectFiltered: "select-filtered-vehicles",
  clearFiltered: "clear-filtered-vehicles",
  clearFilters: "clear-vehicle-filters",
  pagePrefix: "vehicles-page:",
} as const;

export type PickerIntent =
  | { type: "filter" | "selectFiltered" | "clearFiltered" | "clearFilters" }
  | { type: "page"; page: number };

/** Which picker button was pressed, or null when the form is being saved. */
export function pickerIntent(formData: FormData): PickerIntent | null {
  const raw = formData.get(PICKER_INTENT_FIELD);
  if (typeof raw !== "string") return null;
  if (raw.startsWith(PICKER_INTENTS.pagePrefix)) {
    return { type: "page", page: positiveId(raw.slice(PICKER_INTENTS.pagePrefix.length)) ?? 1 };
  }
  if (raw === PICKER_INTENTS.filter) return { type: "filter" };
  if (raw === PICKER_INTENTS.selectFiltered) return { type: "selectFiltered" };
  if (raw === PICKER_INTENTS.clearFiltered) return { type: "clearFiltered" };
  if (raw === PICKER_INTENTS.clearFilters) return { type: "clearFilters" };
  return null;
}

export type VehiclePickerState = {
  search: string;
  brand: string;
  onlySelected: boolean;
  page: number;
  selection: number[];
  notes: Record<string, string>;
};

/** The picker's filters, its page and the selection with its notes, as the form posted them. */
export function readVehiclePicker(formData: FormData): VehiclePickerState {
  const str = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.trim().slice(0, VEHICLE_SEARCH_MAX) : "";
  };
  const selection = selectedVehicleIds(formData.getAll("vehicleIds"));
  const notes: Record<string, string> = {};
  for (const id of selection) {
    const value = formData.get(`fitmentNotes.${id}`);
    if (typeof value === "string" && value.trim()) notes[String(id)] = value.slice(0, NOTES_MAX);
  }
  return {
    search: str("vehicleSearch"),
    brand: str("vehicleBrand"),
    onlySelected: formData.get("onlySelected") === "on",
    page: positiveId(formData.get("vehiclePage")) ?? 1,
    selection,
    notes,
  };
}

/**
 * Parses the part form on both sides. A picker button only re-renders the form, so nothing is
 * validated then: the lenient parse lets it through the browser's check and keeps every value.
 */
export function parsePartForm(formData: FormData): PartFormSubmission {
  if (pickerIntent(formData)) {
    return parseWithZod(formData, { schema: z.looseObject({}) }) as unknown as PartFormSubmission;
  }
  return parseWithZod(formData, { schema: partFormSchema });
}
export type PartFormSubmission = Submission<
  z.input<typeof partFormSchema>,
  string[],
  PartFormValue
>;

// --- Parts API bodies -------------------------------------------------------------------------

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

// --- The list page's URL ----------------------------------------------------------------------

export type PartListQuery = { q: string; categoryId?: number; page: number };

/** /parts?q&category&page: anything unreadable means "no filter" (a filter link never errors). */
export function parsePartListQuery(params: URLSearchParams): PartListQuery {
  return {
    q: (params.get("q") ?? "").trim().slice(0, CODE_MAX),
    categoryId: positiveId(params.get("category")),
    page: positiveId(params.get("page")) ?? 1,
  };
}

/** The list's own query string (q, category, page), to return to the same list after a dialog. */
export function partListSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of ["q", "category", "page"]) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `?${search}` : "";
}
