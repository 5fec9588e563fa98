import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { categories, parts, partVehicles, vehicles } from "~db/schema";
import type { VehicleType } from "~/schemas/catalogue/catalogue";
import { pageBounds } from "~/utils/paging";
import { db } from "~/utils/db.server";
import { likePattern } from "./catalogue-rules.server";
import { vehicleNameColumns, type VehicleName } from "./fitment.server";
import { partSummaryColumns } from "./part.server";

/**
 * Vehicles management (admin): the paged list with filters and the detail with compatible parts.
 * Create, update and delete are in vehicle-write.server; the set of parts a vehicle fits in
 * vehicle-parts.server.
 */

export const VEHICLE_PAGE_SIZE = 20;

export type VehicleFilters = { type?: VehicleType; q?: string; brand?: string; year?: number };

// Spelled out: drizzle would print the bare column "id", which the subquery reads as pv.id.
const compatibleParts = sql<number>`(select count(*) from part_vehicles pv where pv.vehicle_id = "vehicles"."id")`;

const vehicleColumns = {
  ...vehicleNameColumns,
  fuel: vehicles.fuel,
  transmission: vehicles.transmission,
  bodyType: vehicles.bodyType,
  vehicleType: vehicles.vehicleType,
  fipeCode: vehicles.fipeCode,
  createdAt: vehicles.createdAt,
  updatedAt: vehicles.updatedAt,
  compatibleParts,
};

export type VehicleRow = VehicleName & {
  fuel: string | null;
  transmission: string | null;
  bodyType: string | null;
  vehicleType: VehicleType;
  fipeCode: string | null;
  createdAt: Date;
  updatedAt: Date;
  compatibleParts: number;
};

/** "Volkswagen Gol 2015 1.0 MPI": how a vehicle is named in confirmations and titles. */
export function vehicleLabel(
  vehicle: Pick<VehicleRow, "brand" | "model" | "year" | "version">,
): string {
  return `${vehicle.brand} ${vehicle.model} ${vehicle.year} ${vehicle.version}`;
}

/** Each word of the search must appear in the brand, model, version, engine, generation or year. */
function filterConditions(filters: VehicleFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.type) conditions.push(eq(vehicles.vehicleType, filters.type));
  if (filters.brand) conditions.push(eq(vehicles.brand, filters.brand));
  if (filters.year) conditions.push(eq(vehicles.year, filters.year));
  for (const word of (filters.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = likePattern(word);
    conditions.push(
      or(
        ...[
          vehicles.brand,
          vehicles.model,
          vehicles.version,
          vehicles.engine,
          vehicles.generation,
        ].map((column) => sql`${column} like ${pattern} escape '\\'`),
        sql`cast(${vehicles.year} as text) = ${word}`,
      ),
    );
  }
  return and(...conditions);
}

function vehicleItems(where: SQL | undefined, limit: number, offset: number): VehicleRow[] {
  return db()
    .select(vehicleColumns)
    .from(vehicles)
    .where(where)
    .orderBy(
      asc(vehicles.brand),
      asc(vehicles.model),
      desc(vehicles.year),
      asc(vehicles.version),
      asc(vehicles.id),
    )
    .limit(limit)
    .offset(offset)
    .all();
}

function vehicleTotal(where: SQL | undefined): number {
  return db().select({ n: count() }).from(vehicles).where(where).get()?.n ?? 0;
}

/** A window of the filtered list, as the API's limit/offset reads it. */
export function listVehicles(
  filters: VehicleFilters,
  window: { limit: number; offset: number },
): { items: VehicleRow[]; total: number } {
  const where = filterConditions(filters);
  return { items: vehicleItems(where, window.limit, window.offset), total: vehicleTotal(where) };
}

/** One page of the vehicle list (20 a page, offset = (page − 1) × 20); a page past the end shows the last. */
export function vehiclePage(filters: VehicleFilters, requestedPage: number) {
  const where = filterConditions(filters);
  const total = vehicleTotal(where);
  const { page, pages } = pageBounds(total, VEHICLE_PAGE_SIZE, requestedPage);
  return {
    items: vehicleItems(where, VEHICLE_PAGE_SIZE, (page - 1) * VEHICLE_PAGE_SIZE),
    total,
    page,
    pages,
  };
}

export function getVehicle(id: number): VehicleRow | undefined {
  return db().select(vehicleColumns).from(vehicles).where(eq(vehicles.id, id)).get();
}

export type CompatiblePart = {
  partId: number;
  code: string;
  name: string;
  categoryName: string | null;
  manufacturer: string;
  notes: string | null;
};

const { id: partId, ...partSummary } = partSummaryColumns;
const compatiblePartColumns = { partId, ...partSummary };

export function compatiblePartsOf(vehicleId: number): CompatiblePart[] {
  return db()
    .select({ ...compatiblePartColumns, notes: partVehicles.notes })
    .from(partVehicles)
    .innerJoin(parts, eq(parts.id, partVehicles.partId))
    .leftJoin(categories, eq(categories.id, parts.categoryId))
    .where(eq(partVehicles.vehicleId, vehicleId))
    .orderBy(sql`coalesce(${categories.name}, 'zzz')`, asc(parts.code), asc(parts.id))
    .all();
}

export function getVehicleWithParts(
  id: number,
): (VehicleRow & { parts: CompatiblePart[] }) | undefined {
  const vehicle = getVehicle(id);
  return vehicle && { ...vehicle, parts: compatiblePartsOf(id) };
}

/** The years vehicles exist in, newest first. */
export function vehicleYears(): number[] {
  return db()
    .selectDistinct({ year: vehicles.year })
    .from(vehicles)
    .orderBy(desc(vehicles.year))
    .all()
    .map((row) => row.year);
}

/** The brands the list's filter offers for one vehicle type, in pt-BR order. */
export function brandsInUse(type?: VehicleType): string[] {
  return db()
    .selectDistinct({ brand: vehicles.brand })
    .from(vehicles)
    .where(type ? eq(vehicles.vehicleType, type) : undefined)
    .orderBy(asc(vehicles.brand))
    .all()
    .map((row) => row.brand);
}
