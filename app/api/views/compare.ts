import { z } from "zod";
import type {
  CommonVehicle,
  CompareVerdictKind,
  PartComparison,
  ResolvedCode,
} from "~/models/catalogue/index.server";
import * as messages from "~/messages";
import {
  compatibleVehicleView,
  compatibleVehicleViewSchema,
  fitmentView,
  fitmentViewSchema,
  PART_MATCHES,
} from "./parts";
import { vehicleFields, vehicleFieldsSchema } from "./vehicles";

const m = messages.compare;

/** The pt-BR verdict of a comparison, for the page and the API alike. */
export function compareVerdict(comparison: PartComparison): string {
  const { a, b } = comparison;
  return m.verdict({
    kind: comparison.kind,
    a: a.code,
    b: b.code,
    missing: [a, b].filter((side) => !side.part).map((side) => side.code),
    categories: [a.part?.categoryName ?? null, b.part?.categoryName ?? null],
    withoutVehicles: [a, b].filter((side) => side.vehicleCount === 0).map((side) => side.code),
    common: comparison.common.total,
    onlyA: comparison.onlyA.total,
    onlyB: comparison.onlyB.total,
  });
}

/** The verdicts, in the order they are decided (ADR 0025). */
export const COMPARE_VERDICTS = [
  "same_part",
  "different_kind",
  "no_vehicles",
  "same_vehicles",
  "partly",
  "no_common_vehicles",
  "not_found",
] as const satisfies readonly CompareVerdictKind[];

const cautionViewSchema = z.object({
  kind: z.enum(["names_differ", "category_missing", "fitment_differs"]),
  message: z.string(),
});

/** The cautions a comparison raises, each with a stable kind and its pt-BR text. */
export function compareCautions(comparison: PartComparison) {
  const { cautions, a, b } = comparison;
  const list: z.infer<typeof cautionViewSchema>[] = [];
  if (cautions.namesDiffer && a.part && b.part)
    list.push({ kind: "names_differ", message: m.namesDiffer(a.part.name, b.part.name) });
  if (cautions.uncategorised.length > 0)
    list.push({ kind: "category_missing", message: m.categoryMissing(cautions.uncategorised) });
  if (cautions.fitmentDiffers > 0)
    list.push({ kind: "fitment_differs", message: m.fitmentDiffers(cautions.fitmentDiffers) });
  return list;
}

/** The part a code led to: what it is, and how the code reached it; null when it leads to none. */
const resolvedPartViewSchema = z
  .object({
    id: z.int(),
    code: z.string(),
    name: z.string(),
    manufacturer: z.string(),
    category_id: z.int().nullable(),
    category_name: z.string().nullable(),
    /** "code" (its own code) or "alternative" (one of its alternative codes, in found_via). */
    match: z.enum(PART_MATCHES),
    found_via: z.string().nullable(),
    compat_count: z.int(),
    /** Other parts the code also leads to exactly; the comparison used this one, the first. */
    other_matches: z.int(),
  })
  .nullable();

function resolvedPartView(side: ResolvedCode): z.infer<typeof resolvedPartViewSchema> {
  const part = side.part;
  if (!part) return null;
  return {
    id: part.id,
    code: part.code,
    name: part.name,
    manufacturer: part.manufacturer,
    category_id: part.categoryId,
    category_name: part.categoryName,
    match: part.match,
    found_via: part.viaCode,
    compat_count: side.vehicleCount,
    other_matches: side.otherMatches,
  };
}

const commonVehicleViewSchema = z.object({
  id: z.int(),
  vehicle_id: z.int(),
  ...vehicleFieldsSchema.shape,
  fitment_a: fitmentViewSchema,
  fitment_b: fitmentViewSchema,
  fitment_differs: z.boolean(),
});

function commonVehicleView(vehicle: CommonVehicle): z.infer<typeof commonVehicleViewSchema> {
  return {
    id: vehicle.id,
    vehicle_id: vehicle.id,
    ...vehicleFields(vehicle),
    fitment_a: fitmentView(vehicle.fitmentA),
    fitment_b: fitmentView(vehicle.fitmentB),
    fitment_differs: vehicle.fitmentDiffers,
  };
}

/** GET /api/parts/compare: the verdict, the two parts and the three vehicle lists (each cut at `limit`). */
export const comparisonViewSchema = z.object({
  query: z.object({ a: z.string(), b: z.string() }),
  verdict_kind: z.enum(COMPARE_VERDICTS),
  verdict: z.string(),
  same_part: z.boolean(),
  a: resolvedPartViewSchema,
  b: resolvedPartViewSchema,
  common_vehicles: z.array(commonVehicleViewSchema),
  only_a: z.array(compatibleVehicleViewSchema),
  only_b: z.array(compatibleVehicleViewSchema),
  totals: z.object({ common_vehicles: z.int(), only_a: z.int(), only_b: z.int() }),
  list_limit: z.int(),
  cautions: z.array(cautionViewSchema),
});
export type ComparisonView = z.infer<typeof comparisonViewSchema>;

export function comparisonView(comparison: PartComparison, limit: number): ComparisonView {
  return {
    query: { a: comparison.a.code, b: comparison.b.code },
    verdict_kind: comparison.kind,
    verdict: compareVerdict(comparison),
    same_part: comparison.samePart,
    a: resolvedPartView(comparison.a),
    b: resolvedPartView(comparison.b),
    common_vehicles: comparison.common.items.map(commonVehicleView),
    only_a: comparison.onlyA.items.map(compatibleVehicleView),
    only_b: comparison.onlyB.items.map(compatibleVehicleView),
    totals: {
      common_vehicles: comparison.common.total,
      only_a: comparison.onlyA.total,
      only_b: comparison.onlyB.total,
    },
    list_limit: limit,
    cautions: compareCautions(comparison),
  };
}
