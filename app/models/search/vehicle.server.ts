import { db } from "~/utils/db.server";
import { meteredSearch, type MeteredOutcome } from "./metering.server";
import type { User } from "../accounts/user.server";

export type VehicleFilter = { brand?: string; model?: string; year?: number; version?: string };

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** The choices of each level of the vehicle picker, given what is already chosen. */
export function vehiclePickerOptions(filter: VehicleFilter) {
  const client = db().$client;
  const brands = (
    client.prepare("select distinct brand from vehicles").pluck().all() as string[]
  ).sort(collator.compare);
  const brand = filter.brand && brands.includes(filter.brand) ? filter.brand : undefined;
  const models = brand
    ? (
        client
          .prepare("select distinct model from vehicles where brand = ?")
          .pluck()
          .all(brand) as string[]
      ).sort(collator.compare)
    : [];
  const model = brand && filter.model && models.includes(filter.model) ? filter.model : undefined;
  const years = model
    ? (client
        .prepare(
          "select distinct year from vehicles where brand = ? and model = ? order by year desc",
        )
        .pluck()
        .all(brand, model) as number[])
    : [];
  const year = model && filter.year && years.includes(filter.year) ? filter.year : undefined;
  const versions = year
    ? (
        client
          .prepare(
            "select distinct version from vehicles where brand = ? and model = ? and year = ?",
          )
          .pluck()
          .all(brand, model, year) as string[]
      ).sort(collator.compare)
    : [];
  const version =
    year && filter.version && versions.includes(filter.version) ? filter.version : undefined;
  return { brands, models, years, versions, selected: { brand, model, year, version } };
}

export type VehiclePart = {
  id: number;
  code: string;
  name: string;
  manufacturer: string;
  categoryName: string | null;
  notes: string | null;
};

export const VEHICLE_PARTS_LIMIT = 300;

/** Parts that fit the chosen vehicle (any version when none is chosen), by category then name. */
export function partsForVehicle(
  filter: Required<Pick<VehicleFilter, "brand" | "model" | "year">> & { version?: string },
): VehiclePart[] {
  return db()
    .$client.prepare(
      `select p.id, p.code, p.name, p.manufacturer, c.name as categoryName, min(pv.notes) as notes
       from vehicles v
       join part_vehicles pv on pv.vehicle_id = v.id
       join parts p on p.id = pv.part_id
       left join categories c on c.id = p.category_id
       where v.brand = ? and v.model = ? and v.year = ? and (? is null or v.version = ?)
       group by p.id
       order by coalesce(c.name, 'zzz'), p.name, p.id
       limit ?`,
    )
    .all(
      filter.brand,
      filter.model,
      filter.year,
      filter.version ?? null,
      filter.version ?? null,
      VEHICLE_PARTS_LIMIT,
    ) as VehiclePart[];
}

export function groupByCategory(parts: VehiclePart[], fallback: string) {
  const groups = new Map<string, VehiclePart[]>();
  for (const part of parts) {
    const key = part.categoryName ?? fallback;
    groups.set(key, [...(groups.get(key) ?? []), part]);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}

/** Searching by vehicle is a search like any other: metered once per vehicle per day. */
export function searchByVehicle(
  user: User,
  filter: Required<Pick<VehicleFilter, "brand" | "model" | "year">> & { version?: string },
  now = new Date(),
): MeteredOutcome<VehiclePart> {
  const label = [filter.brand, filter.model, filter.year, filter.version].filter(Boolean).join(" ");
  return meteredSearch(
    user,
    {
      type: "vehicle",
      key: label.toUpperCase(),
      query: label,
      run: () => partsForVehicle(filter),
      firstPartId: () => null,
    },
    now,
    { replay: false },
  );
}
