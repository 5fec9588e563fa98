import { and, asc, eq, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { partVehicles, vehicles, type Role } from "~db/schema";
import { db } from "~/utils/db.server";
import { normalizeCode } from "~/utils/codes";
import {
  compatibleVehicleCounts,
  vehicleNameColumns,
  type FitmentFields,
  type VehicleName,
} from "./fitment.server";
import type { CompareVerdictFacts } from "~/messages/search/compare";
import type { CreditStats } from "../accounts/credits.server";
import { meteredSearch } from "../search/metering.server";
import { exactCodeMatches, type PartHit } from "../search/codes.server";

/**
 * "A e B são intercambiáveis?" (docs/decisions/0025-part-comparison.md). Each code resolves by the
 * exact ladder only (own code, then alternative code; never a prefix: a comparison must not
 * guess), and the verdict is decided here from the two parts' categories and fitments.
 */

/** How many vehicles each list carries at most; its total is always exact. */
export const COMPARE_LIST_LIMIT = 200;

/** The verdicts, in the order they are decided (ADR 0025); their sentences live with the texts. */
export type CompareVerdictKind = CompareVerdictFacts["kind"];

/** A code as typed and the part it leads to (the first of the exact ladder), or null. */
export type ResolvedCode = {
  code: string;
  part: PartHit | null;
  /** Other parts the same code also leads to exactly; the comparison uses `part`, the first. */
  otherMatches: number;
  /** How many vehicles the part fits (0 without a part). */
  vehicleCount: number;
};

/** A vehicle as the search result cards name it, with the fields the API's Vehicle shows. */
export type CompareVehicle = VehicleName & {
  fuel: string | null;
  transmission: string | null;
  bodyType: string | null;
};

/** A vehicle both parts fit, with each part's fitment and whether they say different things. */
export type CommonVehicle = CompareVehicle & {
  fitmentA: FitmentFields;
  fitmentB: FitmentFields;
  fitmentDiffers: boolean;
};

/** A vehicle only one of the parts fits, with that part's fitment. */
export type OnlyVehicle = CompareVehicle & FitmentFields;

export type VehicleList<T> = { items: T[]; total: number };

export type PartComparison = {
  kind: CompareVerdictKind;
  samePart: boolean;
  a: ResolvedCode;
  b: ResolvedCode;
  common: VehicleList<CommonVehicle>;
  onlyA: VehicleList<OnlyVehicle>;
  onlyB: VehicleList<OnlyVehicle>;
  /** Things to check before swapping that the verdict does not decide. */
  cautions: {
    /** Different parts of one kind whose names differ ("Filtro de Óleo" × "Filtro de Ar"). */
    namesDiffer: boolean;
    /** Codes whose part has no category, so the kinds could not be compared. */
    uncategorised: string[];
    /** Common vehicles (of all, not only the listed ones) whose fitments differ. */
    fitmentDiffers: number;
  };
};

export type CompareOutcome =
  | {
      status: "ok";
      comparison: PartComparison;
      charged: boolean;
      stats: CreditStats;
      lowCredits: boolean;
    }
  | { status: "exhausted"; stats: CreditStats };

/** The fair-metering key: the same for (A, B) and (B, A), and for any spelling of each code. */
export function compareKey(a: string, b: string): string {
  return [normalizeCode(a), normalizeCode(b)].sort().join("|");
}

/** A code through the exact ladder: the part's own code first, then parts listing it as alternative. */
export function resolveCode(code: string): Omit<ResolvedCode, "vehicleCount"> {
  const matches = exactCodeMatches(code);
  return { code, part: matches[0] ?? null, otherMatches: Math.max(0, matches.length - 1) };
}

const vehicleColumns = {
  ...vehicleNameColumns,
  fuel: vehicles.fuel,
  transmission: vehicles.transmission,
  bodyType: vehicles.bodyType,
};
const byName = [asc(vehicles.brand), asc(vehicles.model), asc(vehicles.year), asc(vehicles.id)];

type FitmentSource = Record<keyof FitmentFields, unknown>;

/** The fitment columns of one alias of part_vehicles. */
function fitmentOf<T extends FitmentSource>(table: T): Pick<T, keyof FitmentFields> {
  return {
    notes: table.notes,
    position: table.position,
    side: table.side,
    yearFrom: table.yearFrom,
    yearTo: table.yearTo,
  };
}

const blank = (text: string | null) => text?.trim() || null;

/** Whether two fitments of one vehicle say something different (blank notes count as none). */
export function fitmentsDiffer(a: FitmentFields, b: FitmentFields): boolean {
  return (
    blank(a.position) !== blank(b.position) ||
    blank(a.side) !== blank(b.side) ||
    a.yearFrom !== b.yearFrom ||
    a.yearTo !== b.yearTo ||
    blank(a.notes) !== blank(b.notes)
  );
}

const fa = alias(partVehicles, "fa");
const fb = alias(partVehicles, "fb");

function commonVehicles(aId: number, bId: number, limit: number) {
  const rows = db()
    .select({ ...vehicleColumns, a: fitmentOf(fa), b: fitmentOf(fb) })
    .from(fa)
    .innerJoin(fb, and(eq(fb.vehicleId, fa.vehicleId), eq(fb.partId, bId)))
    .innerJoin(vehicles, eq(vehicles.id, fa.vehicleId))
    .where(eq(fa.partId, aId))
    .orderBy(...byName)
    .all();
  // Every common row is read to count the differing fitments; only `limit` of them are kept.
  let differing = 0;
  const items: CommonVehicle[] = [];
  for (const { a, b, ...vehicle } of rows) {
    const fitmentDiffers = fitmentsDiffer(a, b);
    if (fitmentDiffers) differing++;
    if (items.length < limit) items.push({ ...vehicle, fitmentA: a, fitmentB: b, fitmentDiffers });
  }
  return { items, total: rows.length, differing };
}

/** The vehicles `partId` fits that `otherId` does not, by brand, model and year. */
function onlyVehicles(partId: number, otherId: number, limit: number): OnlyVehicle[] {
  return db()
    .select({ ...vehicleColumns, ...fitmentOf(fa) })
    .from(fa)
    .innerJoin(vehicles, eq(vehicles.id, fa.vehicleId))
    .where(
      and(
        eq(fa.partId, partId),
        notExists(
          db()
            .select({ one: sql`1` })
            .from(fb)
            .where(and(eq(fb.partId, otherId), eq(fb.vehicleId, fa.vehicleId))),
        ),
      ),
    )
    .orderBy(...byName)
    .limit(limit)
    .all();
}

const emptyList = <T>(): VehicleList<T> => ({ items: [], total: 0 });

/** Decides the verdict of two resolved codes and lists the vehicles (each list cut at `limit`). */
export function comparisonOf(
  resolvedA: Omit<ResolvedCode, "vehicleCount">,
  resolvedB: Omit<ResolvedCode, "vehicleCount">,
  limit = COMPARE_LIST_LIMIT,
): PartComparison {
  const partA = resolvedA.part;
  const partB = resolvedB.part;
  const counts = compatibleVehicleCounts([partA?.id, partB?.id].filter((id) => id !== undefined));
  const a = { ...resolvedA, vehicleCount: partA ? (counts.get(partA.id) ?? 0) : 0 };
  const b = { ...resolvedB, vehicleCount: partB ? (counts.get(partB.id) ?? 0) : 0 };
  const none = {
    a,
    b,
    samePart: false,
    common: emptyList<CommonVehicle>(),
    onlyA: emptyList<OnlyVehicle>(),
    onlyB: emptyList<OnlyVehicle>(),
    cautions: { namesDiffer: false, uncategorised: [], fitmentDiffers: 0 },
  };
  if (!partA || !partB) return { ...none, kind: "not_found" };

  const samePart = partA.id === partB.id;
  const common = commonVehicles(partA.id, partB.id, limit);
  const onlyA = samePart
    ? emptyList<OnlyVehicle>()
    : { items: onlyVehicles(partA.id, partB.id, limit), total: a.vehicleCount - common.total };
  const onlyB = samePart
    ? emptyList<OnlyVehicle>()
    : { items: onlyVehicles(partB.id, partA.id, limit), total: b.vehicleCount - common.total };

  const uncategorised = samePart
    ? []
    : [a, b].filter((side) => side.part!.categoryId === null).map((side) => side.code);
  const cautions = {
    namesDiffer:
      !samePart &&
      partA.categoryId === partB.categoryId &&
      partA.name.trim().toLocaleLowerCase("pt-BR") !== partB.name.trim().toLocaleLowerCase("pt-BR"),
    uncategorised,
    fitmentDiffers: samePart ? 0 : common.differing,
  };
  const lists = { common: { items: common.items, total: common.total }, onlyA, onlyB };
  const base = { a, b, samePart, ...lists, cautions };

  if (samePart) return { ...base, kind: "same_part" };
  if (
    partA.categoryId !== null &&
    partB.categoryId !== null &&
    partA.categoryId !== partB.categoryId
  )
    return { ...base, kind: "different_kind" };
  if (a.vehicleCount === 0 || b.vehicleCount === 0) return { ...base, kind: "no_vehicles" };
  if (common.total === 0) return { ...base, kind: "no_common_vehicles" };
  if (onlyA.total === 0 && onlyB.total === 0) return { ...base, kind: "same_vehicles" };
  return { ...base, kind: "partly" };
}

/**
 * Compares two codes for a user, metered as ONE search of type "compare": charged only when both
 * codes lead to a part, and free when the same pair (in either order, any spelling) was already
 * charged the same São Paulo day. The log records the pair as typed and A's part.
 */
export function compareParts(
  user: { id: number; role: Role },
  input: { a: string; b: string },
  now: Date = new Date(),
  options: { limit?: number } = {},
): CompareOutcome {
  const resolved: {
    a?: Omit<ResolvedCode, "vehicleCount">;
    b?: Omit<ResolvedCode, "vehicleCount">;
  } = {};
  const outcome = meteredSearch(
    user,
    {
      type: "compare",
      key: compareKey(input.a, input.b),
      query: `${input.a} × ${input.b}`,
      run: () => {
        const a = (resolved.a = resolveCode(input.a));
        const b = (resolved.b = resolveCode(input.b));
        if (!a.part || !b.part) return [];
        return a.part.id === b.part.id ? [a.part] : [a.part, b.part];
      },
      firstPartId: (hits) => hits[0]?.id ?? null,
    },
    now,
  );
  if (outcome.status === "exhausted") return outcome;
  const a = resolved.a ?? resolveCode(input.a);
  const b = resolved.b ?? resolveCode(input.b);
  return {
    status: "ok",
    comparison: comparisonOf(a, b, options.limit),
    charged: outcome.charged,
    stats: outcome.stats,
    lowCredits: outcome.lowCredits,
  };
}
