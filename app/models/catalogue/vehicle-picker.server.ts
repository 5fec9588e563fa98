import { and, asc, count, sql, type SQL } from "drizzle-orm";
import { vehicles } from "~db/schema";
import { pageBounds } from "~/utils/paging";
import { db, inIdList } from "~/utils/db.server";
import { likePattern } from "./catalogue-rules.server";
import { vehicleNameColumns, type VehicleName } from "./fitment.server";

/** The vehicle picker of the part form: pages of vehicles, the part's own first. */

export const VEHICLE_PICKER_PER_PAGE = 25;

export type VehiclePickerFilter = { search: string; brand: string; onlySelected: boolean };

export type VehicleOption = VehicleName & { fuel: string | null };

const MAX_SEARCH_WORDS = 6;

/** Every word must appear in brand, model, generation, version, engine or year; brand exact; or only the selection. */
function pickerWhere(filter: VehiclePickerFilter, selectedIds: readonly number[]): SQL | undefined {
  const conditions: SQL[] = [];
  const haystack = sql`(${vehicles.brand} || ' ' || ${vehicles.model} || ' ' || coalesce(${vehicles.generation}, '') || ' ' || ${vehicles.version} || ' ' || coalesce(${vehicles.engine}, '') || ' ' || ${vehicles.year})`;
  for (const word of filter.search.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS)) {
    conditions.push(sql`${haystack} like ${likePattern(word)} escape '\\'`);
  }
  if (filter.brand) conditions.push(sql`${vehicles.brand} = ${filter.brand} collate nocase`);
  if (filter.onlySelected) {
    conditions.push(inIdList(vehicles.id, selectedIds));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export type VehiclePickerPage = {
  items: VehicleOption[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
};

/** One page of the vehicles the picker's filters match, selected ones first: never loads the whole table. */
export function vehiclePickerPage(
  filter: VehiclePickerFilter,
  selectedIds: readonly number[],
  page = 1,
  perPage = VEHICLE_PICKER_PER_PAGE,
): VehiclePickerPage {
  const where = pickerWhere(filter, selectedIds);
  const total = db().select({ n: count() }).from(vehicles).where(where).get()!.n;
  const { page: current, pages } = pageBounds(total, perPage, page);
  const items = db()
    .select({ ...vehicleNameColumns, fuel: vehicles.fuel })
    .from(vehicles)
    .where(where)
    .orderBy(
      // The part's vehicles first, so an edit opens on what it already fits.
      sql`case when ${inIdList(vehicles.id, selectedIds)} then 0 else 1 end`,
      asc(vehicles.brand),
      asc(vehicles.model),
      asc(vehicles.year),
      asc(vehicles.version),
      asc(vehicles.id),
    )
    .limit(perPage)
    .offset((current - 1) * perPage)
    .all();
  return { items, total, page: current, pages, perPage };
}

/** The ids of every vehicle the filters match, for "select / clear all filtered". */
export function filteredVehicleIds(
  filter: VehiclePickerFilter,
  selectedIds: readonly number[],
): number[] {
  return db()
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(pickerWhere(filter, selectedIds))
    .orderBy(asc(vehicles.id))
    .all()
    .map((row) => row.id);
}
