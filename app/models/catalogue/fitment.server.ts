import { asc, count, eq, sql } from "drizzle-orm";
import { partAlternativeCodes, partVehicles, vehicles } from "~db/schema";
import { pageBounds } from "~/utils/paging";
import { inIdList, preparedOnce } from "~/utils/db.server";
import type { FitmentFields, VehicleGroup, VehicleName } from "~/schemas/catalogue/vehicle-rows";

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

/** A row of `vehicleNameColumns` is a `VehicleName`; a row of `fitmentColumns`, `FitmentFields`. */
export type { FitmentFields, VehicleName };

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

/** Groups of vehicles a search card shows a page at a time: a short card on a phone. */
export const VEHICLE_GROUPS_PER_PAGE = 6;

export type VehicleGroupPage = {
  items: VehicleGroup[];
  /** Vehicles, as the card's count badge says. */
  total: number;
  /** Groups, which the pages count. */
  groups: number;
  page: number;
  pages: number;
  perPage: number;
};

const GROUP_KEY =
  "v.brand, v.model, coalesce(v.generation, ''), coalesce(pv.position, ''), coalesce(pv.side, '')";

const groupStatements = preparedOnce((database) => {
  const client = database.$client;
  return {
    page: client.prepare<
      { partId: number; limit: number; offset: number },
      {
        brand: string;
        model: string;
        generation: string | null;
        position: string | null;
        side: string | null;
        spans: string;
        versions: string;
        engines: string;
        fuels: string;
        notes: string;
        vehicles: number;
        groupCount: number;
        vehicleCount: number;
      }
    >(
      // A fitment's own year_from/year_to widen its vehicle's year: one vehicle row may stand for
      // several model-years when a catalogue lists it that way.
      `select v.brand as brand, v.model as model, v.generation as generation,
         pv.position as position, pv.side as side,
         json_group_array(distinct json_array(
           min(v.year, coalesce(pv.year_from, v.year)), max(v.year, coalesce(pv.year_to, v.year))
         )) as spans,
         json_group_array(distinct v.version) as versions,
         json_group_array(distinct v.engine) filter (where v.engine is not null) as engines,
         json_group_array(distinct v.fuel) filter (where v.fuel is not null) as fuels,
         json_group_array(distinct pv.notes) filter (where pv.notes is not null) as notes,
         count(*) as vehicles,
         count(*) over () as groupCount,
         sum(count(*)) over () as vehicleCount
       from part_vehicles pv join vehicles v on v.id = pv.vehicle_id
       where pv.part_id = @partId
       group by ${GROUP_KEY}
       order by v.brand, v.model, coalesce(v.generation, ''), min(v.year), coalesce(pv.position, ''),
         coalesce(pv.side, '')
       limit @limit offset @offset`,
    ),
  };
});

/** Year spans merged into runs: overlapping or consecutive years join ([2010,2012]+[2013,2014] → [2010,2014]). */
export function mergeYearSpans(spans: [number, number][]): [number, number][] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const runs: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = runs.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else runs.push([from, to]);
  }
  return runs;
}

const collator = new Intl.Collator("pt-BR", { numeric: true });
const byText = (a: string, b: string) => collator.compare(a, b);

function textList(json: string | null): string[] {
  if (!json) return [];
  return (JSON.parse(json) as (string | null)[])
    .filter((item): item is string => typeof item === "string" && item !== "")
    .sort(byText);
}

/**
 * One page of a part's vehicles grouped by model and generation, with their year runs; a page
 * past the end shows the last. `vehiclesForPart` stays the one-row-per-vehicle listing of the part
 * page and the API.
 */
export function vehicleGroupsForPart(
  partId: number,
  page = 1,
  perPage = VEHICLE_GROUPS_PER_PAGE,
): VehicleGroupPage {
  const statements = groupStatements();
  const read = (pageNumber: number) =>
    statements.page.all({ partId, limit: perPage, offset: (pageNumber - 1) * perPage });
  // The counts come with the page (window functions); only a page past the end reads twice.
  let current = Math.max(1, Math.floor(page) || 1);
  let rows = read(current);
  if (rows.length === 0 && current > 1) {
    const groups = read(1)[0]?.groupCount ?? 0;
    current = pageBounds(groups, perPage, current).page;
    rows = read(current);
  }
  const groups = rows[0]?.groupCount ?? 0;
  const total = rows[0]?.vehicleCount ?? 0;
  const { pages } = pageBounds(groups, perPage, current);
  const items = rows.map((row) => ({
    brand: row.brand,
    model: row.model,
    generation: row.generation,
    years: mergeYearSpans(JSON.parse(row.spans) as [number, number][]),
    versions: textList(row.versions),
    engines: textList(row.engines),
    fuels: textList(row.fuels),
    position: row.position,
    side: row.side,
    notes: textList(row.notes),
    vehicles: row.vehicles,
  }));
  return { items, total, groups, page: current, pages, perPage };
}
