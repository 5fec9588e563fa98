import { asc, count, eq, sql } from "drizzle-orm";
import { partAlternativeCodes, partVehicles, vehicles } from "~db/schema";
import { pageBounds } from "~/utils/paging";
import { inIdList, preparedOnce } from "~/utils/db.server";

export const VEHICLES_PER_PAGE = 10;

/** How a list names a vehicle: brand, model, generation, year, version and engine. */
export const vehicleNameColumns = {
  id: vehicles.id,
  brand: vehicles.brand,
  model: vehicles.model,
  generation: vehicles.generation,
  year: vehicles.year,
  version: vehicles.version,
  engine: vehicles.engine,
};

/** What a part–vehicle link says of its own: notes, position, side and the years it covers. */
export const fitmentColumns = {
  notes: partVehicles.notes,
  position: partVehicles.position,
  side: partVehicles.side,
  yearFrom: partVehicles.yearFrom,
  yearTo: partVehicles.yearTo,
};

/** A row of `vehicleNameColumns`. */
export type VehicleName = {
  id: number;
  brand: string;
  model: string;
  generation: string | null;
  year: number;
  version: string;
  engine: string | null;
};

/** A row of `fitmentColumns`. */
export type FitmentFields = {
  notes: string | null;
  position: string | null;
  side: string | null;
  yearFrom: number | null;
  yearTo: number | null;
};

export type CompatibleVehicle = VehicleName & {
  fuel: string | null;
  transmission: string | null;
  bodyType: string | null;
} & FitmentFields;

export type VehiclePage = {
  items: CompatibleVehicle[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
};

const vehicleCount = preparedOnce((database) =>
  database
    .select({ n: count() })
    .from(partVehicles)
    .where(eq(partVehicles.partId, sql.placeholder("partId")))
    .prepare(),
);

const vehiclePage = preparedOnce((database) =>
  database
    .select({
      ...vehicleNameColumns,
      fuel: vehicles.fuel,
      transmission: vehicles.transmission,
      bodyType: vehicles.bodyType,
      ...fitmentColumns,
    })
    .from(partVehicles)
    .innerJoin(vehicles, eq(vehicles.id, partVehicles.vehicleId))
    .where(eq(partVehicles.partId, sql.placeholder("partId")))
    .orderBy(asc(vehicles.brand), asc(vehicles.model), asc(vehicles.year), asc(vehicles.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

const alternativeCodesOfParts = preparedOnce((database) =>
  database
    .select({
      id: partAlternativeCodes.id,
      partId: partAlternativeCodes.partId,
      alternativeCode: partAlternativeCodes.alternativeCode,
      description: partAlternativeCodes.description,
    })
    .from(partAlternativeCodes)
    .where(inIdList(partAlternativeCodes.partId, sql.placeholder("partIds")))
    .orderBy(asc(partAlternativeCodes.partId), asc(partAlternativeCodes.alternativeCode))
    .prepare(),
);

const vehicleCountsOfParts = preparedOnce((database) =>
  database
    .select({ partId: partVehicles.partId, n: count() })
    .from(partVehicles)
    .where(inIdList(partVehicles.partId, sql.placeholder("partIds")))
    .groupBy(partVehicles.partId)
    .prepare(),
);

/** One page of the vehicles a part fits, by brand, model and year; a page past the end shows the last. */
export function vehiclesForPart(
  partId: number,
  page = 1,
  perPage = VEHICLES_PER_PAGE,
): VehiclePage {
  const total = vehicleCount().get({ partId })!.n;
  const { page: current, pages } = pageBounds(total, perPage, page);
  const items = vehiclePage().all({ partId, limit: perPage, offset: (current - 1) * perPage });
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
  const rows = alternativeCodesOfParts().all({ partIds: JSON.stringify(partIds) });
  for (const row of rows) {
    const list = grouped.get(row.partId) ?? [];
    list.push(row);
    grouped.set(row.partId, list);
  }
  return grouped;
}

/** Items (parts, search hits) with every alternative code of each, in one query whatever their number. */
export function withAlternativeCodes<T extends { id: number }>(
  items: T[],
): (T & { alternativeCodes: AlternativeCode[] })[] {
  const codes = alternativeCodesFor(items.map((item) => item.id));
  return items.map((item) => ({ ...item, alternativeCodes: codes.get(item.id) ?? [] }));
}

/** How many vehicles each part fits, for several parts at once; a part that fits none is absent. */
export function compatibleVehicleCounts(partIds: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  if (partIds.length === 0) return counts;
  const rows = vehicleCountsOfParts().all({ partIds: JSON.stringify(partIds) });
  for (const row of rows) counts.set(row.partId, row.n);
  return counts;
}
