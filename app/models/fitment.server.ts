import { asc, count, eq, inArray } from "drizzle-orm";
import { partAlternativeCodes, partVehicles, vehicles } from "~db/schema";
import { db } from "~/utils/db.server";

export const VEHICLES_PER_PAGE = 10;

export type CompatibleVehicle = {
  id: number;
  brand: string;
  model: string;
  generation: string | null;
  year: number;
  version: string;
  engine: string | null;
  fuel: string | null;
  transmission: string | null;
  bodyType: string | null;
  notes: string | null;
  position: string | null;
  side: string | null;
  yearFrom: number | null;
  yearTo: number | null;
};

export type VehiclePage = {
  items: CompatibleVehicle[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
};

/** One page of the vehicles a part fits, by brand, model and year; a page past the end shows the last. */
export function vehiclesForPart(
  partId: number,
  page = 1,
  perPage = VEHICLES_PER_PAGE,
): VehiclePage {
  const total = db()
    .select({ n: count() })
    .from(partVehicles)
    .where(eq(partVehicles.partId, partId))
    .get()!.n;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const items = db()
    .select({
      id: vehicles.id,
      brand: vehicles.brand,
      model: vehicles.model,
      generation: vehicles.generation,
      year: vehicles.year,
      version: vehicles.version,
      engine: vehicles.engine,
      fuel: vehicles.fuel,
      transmission: vehicles.transmission,
      bodyType: vehicles.bodyType,
      notes: partVehicles.notes,
      position: partVehicles.position,
      side: partVehicles.side,
      yearFrom: partVehicles.yearFrom,
      yearTo: partVehicles.yearTo,
    })
    .from(partVehicles)
    .innerJoin(vehicles, eq(vehicles.id, partVehicles.vehicleId))
    .where(eq(partVehicles.partId, partId))
    .orderBy(asc(vehicles.brand), asc(vehicles.model), asc(vehicles.year), asc(vehicles.id))
    .limit(perPage)
    .offset((current - 1) * perPage)
    .all();
  return { items, total, page: current, pages, perPage };
}

export type AlternativeCode = {
  id: number;
  partId: number;
  alternativeCode: string;
  description: string | null;
};

/** Alternative codes of several parts at once, grouped by part. */
export function alternativeCodesFor(partIds: number[]): Map<number, AlternativeCode[]> {
  const grouped = new Map<number, AlternativeCode[]>();
  if (partIds.length === 0) return grouped;
  const rows = db()
    .select({
      id: partAlternativeCodes.id,
      partId: partAlternativeCodes.partId,
      alternativeCode: partAlternativeCodes.alternativeCode,
      description: partAlternativeCodes.description,
    })
    .from(partAlternativeCodes)
    .where(inArray(partAlternativeCodes.partId, partIds))
    .orderBy(asc(partAlternativeCodes.partId), asc(partAlternativeCodes.alternativeCode))
    .all();
  for (const row of rows) {
    const list = grouped.get(row.partId) ?? [];
    list.push(row);
    grouped.set(row.partId, list);
  }
  return grouped;
}
