import { z } from "zod";
import type { VEHICLE_TYPES as DB_VEHICLE_TYPES } from "~db/schema";
import * as messages from "~/messages";
import { jsonBodyShape, stringFields } from "../json-body";

/**
 * The forms of the catalogue back-office (category, brand, vehicle, vehicle compatibility) and the
 * query strings of its lists. Each form schema runs in the browser (Conform) and on the server; the
 * JSON API pipes its body through the same schema.
 */

const m = messages.catalogue;

/** The database's vehicle types, spelled here so the browser bundle does not pull in the schema. */
export const VEHICLE_TYPES = [
  "carros",
  "motos",
  "caminhoes",
] as const satisfies typeof DB_VEHICLE_TYPES;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
const text = z.string().optional();

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 1000;
export const FIELD_MAX = 120;
export const YEAR_MIN = 1980;
export const YEAR_MAX = 2030;
// The spec's five, plus Etanol: FIPE lists ethanol-only cars, and an import must stay editable.
export const FUEL_OPTIONS = [
  "Gasolina",
  "Etanol",
  "Flex",
  "Diesel",
  "Elétrico",
  "Híbrido",
] as const;
export const TRANSMISSION_OPTIONS = ["Manual", "Automática", "CVT", "DSG"] as const;
export const BODY_TYPE_OPTIONS = ["Sedan", "Hatch", "SUV", "Pickup", "Wagon"] as const;
/** The year filter of the vehicle list: this year and the ten before it. */
export const YEAR_FILTER_SPAN = 11;

const optionalText = (value: string | undefined, max = FIELD_MAX) =>
  value?.trim().slice(0, max) || null;

export const categorySchema = z
  .object({ name: text, description: text })
  .superRefine((value, ctx) => {
    if (!value.name?.trim())
      ctx.addIssue({ code: "custom", path: ["name"], message: m.categoryNameRequired });
  })
  .transform((value) => ({
    name: value.name!.trim().slice(0, NAME_MAX),
    description: optionalText(value.description, DESCRIPTION_MAX),
  }));
export type CategoryInput = z.output<typeof categorySchema>;

export const apiCategorySchema = z
  .unknown()
  .transform((body) => stringFields(body, ["name", "description"]))
  .pipe(categorySchema)
  .meta(
    jsonBodyShape(
      { name: { type: "string", minLength: 1 }, description: { type: ["string", "null"] } },
      ["name"],
    ),
  );

export const brandSchema = z
  .object({ name: text })
  .superRefine((value, ctx) => {
    if (!value.name?.trim())
      ctx.addIssue({ code: "custom", path: ["name"], message: m.brandNameInvalid });
  })
  .transform((value) => ({ name: value.name!.trim().slice(0, NAME_MAX) }));
export type BrandInput = z.output<typeof brandSchema>;

export const apiBrandSchema = z
  .unknown()
  .transform((body) => stringFields(body, ["name"]))
  .pipe(brandSchema)
  .meta(jsonBodyShape({ name: { type: "string", minLength: 1 } }, ["name"]));

function choice<const T extends readonly string[]>(
  options: T,
  raw: string | undefined,
): T[number] | null | undefined {
  const value = raw?.trim();
  if (!value) return null;
  return options.find((option) => option === value);
}

export const vehicleSchema = z
  .object({
    brand: text,
    model: text,
    year: text,
    version: text,
    generation: text,
    engine: text,
    fuel: text,
    transmission: text,
    body_type: text,
    vehicle_type: text,
  })
  .superRefine((value, ctx) => {
    for (const field of ["brand", "model", "year", "version"] as const) {
      if (!value[field]?.trim())
        ctx.addIssue({ code: "custom", path: [field], message: m.vehicleRequired });
    }
    const year = value.year?.trim();
    if (year && !(/^\d{4}$/.test(year) && Number(year) >= YEAR_MIN && Number(year) <= YEAR_MAX)) {
      ctx.addIssue({ code: "custom", path: ["year"], message: m.yearRange(YEAR_MIN, YEAR_MAX) });
    }
    const choices = [
      ["fuel", FUEL_OPTIONS],
      ["transmission", TRANSMISSION_OPTIONS],
      ["body_type", BODY_TYPE_OPTIONS],
      ["vehicle_type", VEHICLE_TYPES],
    ] as const;
    for (const [field, options] of choices) {
      if (choice(options, value[field]) === undefined)
        ctx.addIssue({ code: "custom", path: [field], message: m.invalidOption });
    }
  })
  .transform((value) => ({
    brand: value.brand!.trim().slice(0, NAME_MAX),
    model: value.model!.trim().slice(0, FIELD_MAX),
    year: Number(value.year!.trim()),
    version: value.version!.trim().slice(0, FIELD_MAX),
    generation: optionalText(value.generation),
    engine: optionalText(value.engine),
    fuel: choice(FUEL_OPTIONS, value.fuel) ?? null,
    transmission: choice(TRANSMISSION_OPTIONS, value.transmission) ?? null,
    bodyType: choice(BODY_TYPE_OPTIONS, value.body_type) ?? null,
    vehicleType: (choice(VEHICLE_TYPES, value.vehicle_type) ?? "carros") as VehicleType,
  }));
export type VehicleInput = z.output<typeof vehicleSchema>;

const VEHICLE_FIELDS = [
  "brand",
  "model",
  "year",
  "version",
  "generation",
  "engine",
  "fuel",
  "transmission",
  "body_type",
  "vehicle_type",
] as const;

/** The API's vehicle body (the form's field names); a numeric year is read as its digits. */
export const apiVehicleSchema = z
  .unknown()
  .transform((body) => {
    const fields = stringFields(body, VEHICLE_FIELDS);
    const year = (body as { year?: unknown } | null)?.year;
    return typeof year === "number" && Number.isFinite(year)
      ? { ...fields, year: String(year) }
      : fields;
  })
  .pipe(vehicleSchema)
  .meta(
    jsonBodyShape(
      {
        brand: { type: "string", minLength: 1 },
        model: { type: "string", minLength: 1 },
        year: { type: ["integer", "string"], minimum: YEAR_MIN, maximum: YEAR_MAX },
        version: { type: "string", minLength: 1 },
        generation: { type: ["string", "null"] },
        engine: { type: ["string", "null"] },
        fuel: { enum: [...FUEL_OPTIONS, "", null] },
        transmission: { enum: [...TRANSMISSION_OPTIONS, "", null] },
        body_type: { enum: [...BODY_TYPE_OPTIONS, "", null] },
        vehicle_type: { enum: [...VEHICLE_TYPES], default: "carros" },
      },
      ["brand", "model", "year", "version"],
    ),
  );

/** The optional `compatible_part_ids` of PUT /api/vehicles/:id: a list of part ids. */
export const apiCompatiblePartIdsSchema = z
  .array(
    z
      .number({ error: m.invalidParts })
      .int({ error: m.invalidParts })
      .positive({ error: m.invalidParts }),
    {
      error: m.invalidParts,
    },
  )
  .max(5000, { error: m.invalidParts })
  .optional();

export function isVehicleType(value: unknown): value is VehicleType {
  return VEHICLE_TYPES.some((type) => type === value);
}

/** Years offered by the vehicle list's filter: from the current year down. */
export function filterYears(now = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: YEAR_FILTER_SPAN }, (_, i) => current - i);
}

const positiveInt = (raw: string | null | undefined): number | undefined => {
  const text = raw?.trim() ?? "";
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
};

export type VehicleListQuery = {
  type: VehicleType;
  q: string;
  brand: string;
  year?: number;
  page: number;
};

/** The vehicle list's URL: anything unreadable falls back to "no filter" (a filter link never errors). */
export function parseVehicleListQuery(params: URLSearchParams): VehicleListQuery {
  const type = params.get("type");
  const year = positiveInt(params.get("year"));
  return {
    type: isVehicleType(type) ? type : "carros",
    q: (params.get("q") ?? "").trim().slice(0, FIELD_MAX),
    brand: (params.get("brand") ?? "").trim().slice(0, NAME_MAX),
    year: year !== undefined && year >= YEAR_MIN && year <= YEAR_MAX ? year : undefined,
    page: positiveInt(params.get("page")) ?? 1,
  };
}

export const API_VEHICLES_DEFAULT_LIMIT = 20;
export const API_VEHICLES_MAX_LIMIT = 100;

/**
 * A whole number of a back-office list's query string (limit, offset): missing or empty gives
 * `fallback`; anything but digits, or below `min`, is `message`; above `max` gets `max`.
 */
export function windowParam(options: {
  fallback: number;
  min: number;
  message: string;
  max?: number;
}) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? "";
      if (text === "") return options.fallback;
      const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
      if (!(value >= options.min)) {
        ctx.addIssue({ code: "custom", message: options.message });
        return z.NEVER;
      }
      return Math.min(value, options.max ?? value);
    });
}

/** A free-text filter of a list's query string, trimmed and cut at `max`. */
const filterText = (max: number) =>
  z
    .string()
    .optional()
    .transform((raw) => (raw ?? "").trim().slice(0, max));

/**
 * GET /api/vehicles/search?limit&offset&q&brand&year&type. A number that is not one is a 400 with
 * the field's message; a limit above the maximum gets the maximum.
 */
export const apiVehicleSearchSchema = z.object({
  limit: windowParam({
    fallback: API_VEHICLES_DEFAULT_LIMIT,
    min: 1,
    message: m.invalidLimit(API_VEHICLES_MAX_LIMIT),
    max: API_VEHICLES_MAX_LIMIT,
  }),
  offset: windowParam({ fallback: 0, min: 0, message: m.invalidOffset }),
  q: filterText(FIELD_MAX),
  brand: filterText(NAME_MAX),
  year: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? "";
      if (text === "") return undefined;
      const year = Number(text);
      if (!(/^\d{4}$/.test(text) && year >= YEAR_MIN && year <= YEAR_MAX)) {
        ctx.addIssue({ code: "custom", message: m.yearRange(YEAR_MIN, YEAR_MAX) });
        return z.NEVER;
      }
      return year;
    }),
  type: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const type = raw?.trim() || undefined;
      if (type === undefined || isVehicleType(type)) return type;
      ctx.addIssue({ code: "custom", message: m.invalidOption });
      return z.NEVER;
    }),
});

/** GET /api/parts/categories?q: the name filter. */
export const apiCategoryListSchema = z.object({ q: filterText(NAME_MAX) });

/** PUT /api/vehicles/:id's optional `compatible_part_ids`, read after the vehicle's fields. */
export const apiVehicleCompatibleIdsSchema = z.object({
  compatible_part_ids: apiCompatiblePartIdsSchema,
});

export type CompatibilityIntent = { action: "save" } | { action: "search"; page: number };

/**
 * The compatibility dialog posts one form for everything: `intent=save` saves the checked parts;
 * `intent=search` or `intent=page:N` re-renders the picker, keeping what is checked.
 */
export const compatibilityFormSchema = z.object({
  intent: z
    .string()
    .optional()
    .transform((raw): CompatibilityIntent => {
      const page = raw?.match(/^page:(\d{1,6})$/);
      if (page) return { action: "search", page: Math.max(1, Number(page[1])) };
      return raw === "search" ? { action: "search", page: 1 } : { action: "save" };
    }),
  q: z
    .string()
    .optional()
    .transform((raw) => (raw ?? "").trim().slice(0, FIELD_MAX)),
  partIds: z
    .array(z.string())
    .transform((ids) => [
      ...new Set(ids.map((id) => positiveInt(id)).filter((id): id is number => id !== undefined)),
    ]),
});

export function readCompatibilityForm(form: FormData) {
  return compatibilityFormSchema.parse({
    intent: form.get("intent")?.toString(),
    q: form.get("q")?.toString(),
    partIds: form.getAll("partId").map(String),
  });
}
