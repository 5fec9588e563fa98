import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { normalizeCode } from "~/utils/codes";
import * as messages from "~/messages";

/**
 * The part's field rules, its form (Conform, browser and server) with the vehicle picker, and the
 * list's URL. The parts API's JSON bodies (./part-api.ts) pipe through the same field rules.
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
export type RawPartFields = { [K in keyof typeof partFieldsShape]?: string };

/** `name` turns a field into the name its messages go under (the API's snake_case). */
export function checkPartFields(
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

export function toPartFields(value: RawPartFields) {
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

export type RawAlternativeCode = { code?: string; description?: string };

/** One alternative code's own rules; `path` places a field's message (a row of the list, an API name). */
export function checkAlternativeCode(
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

export const toAlternativeCode = (row: RawAlternativeCode) => ({
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
