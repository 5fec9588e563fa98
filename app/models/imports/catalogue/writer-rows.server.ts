import type Database from "better-sqlite3";
import { foldName } from "~/utils/codes";
import type { FitmentValues, KnownPart, KnownVehicle } from "./writer-state.server";

/**
 * The catalogue writer's SQL (prepared once per writer) and how it matches and keys the rows it
 * meets: parts by normalised code and manufacturer, vehicles by a folded key, fitments by a number.
 */

export type ExistingPart = KnownPart;
export type ExistingVehicle = KnownVehicle;
export type ExistingFitment = FitmentValues & { id: number };

export function writerStatements(client: Database.Database) {
  return {
    allCategories: client.prepare<[], { id: number; name: string }>(
      "select id, name from categories",
    ),
    insertCategory: client.prepare<[string], { id: number }>(
      "insert into categories (name) values (?) returning id",
    ),
    allBrands: client.prepare<[], { name: string }>("select name from brands"),
    insertBrand: client.prepare<[string]>(
      "insert into brands (name) values (?) on conflict do nothing",
    ),
    partsByCode: client.prepare<[string], ExistingPart>(
      "select id, manufacturer, name, description, category_id from parts where code_norm = ?",
    ),
    insertPart: client.prepare<
      [string, string, string, string | null, number, string, string],
      { id: number }
    >(
      `insert into parts (code, code_norm, name, description, category_id, manufacturer, mercado_livre_link)
       values (?, ?, ?, ?, ?, ?, ?) returning id`,
    ),
    updatePart: client.prepare<[string, string | null, number, number]>(
      `update parts set name = ?, description = ?, category_id = ?,
         updated_at = cast(unixepoch('subsec') * 1000 as integer) where id = ?`,
    ),
    altCodesOfPart: client.prepare<[number], { norm: string }>(
      "select alternative_code_norm as norm from part_alternative_codes where part_id = ?",
    ),
    insertAltCode: client.prepare<[number, string, string]>(
      `insert into part_alternative_codes (part_id, alternative_code, alternative_code_norm)
       values (?, ?, ?) on conflict do nothing`,
    ),
    vehiclesByModelYear: client.prepare<[string, string, number], ExistingVehicle>(
      "select id, version, engine, fuel from vehicles where brand = ? and model = ? and year = ?",
    ),
    insertVehicle: client.prepare<
      [string, string, number, string, string | null, string | null],
      { id: number }
    >(
      `insert into vehicles (brand, model, year, version, engine, fuel, vehicle_type)
       values (?, ?, ?, ?, ?, ?, 'carros') returning id`,
    ),
    updateVehicleFuel: client.prepare<[string, number]>(
      `update vehicles set fuel = ?, updated_at = cast(unixepoch('subsec') * 1000 as integer)
       where id = ?`,
    ),
    fitment: client.prepare<[number, number], ExistingFitment>(
      `select id, notes, position, year_from, year_to from part_vehicles
       where part_id = ? and vehicle_id = ?`,
    ),
    insertFitment: client.prepare<
      [number, number, string | null, string | null, number, number, string]
    >(
      `insert into part_vehicles (part_id, vehicle_id, notes, position, year_from, year_to, source)
       values (?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateFitment: client.prepare<[string | null, string | null, number, number, number]>(
      "update part_vehicles set notes = ?, position = ?, year_from = ?, year_to = ? where id = ?",
    ),
  };
}

/** Equal once folded (case, accents, spaces); null and undefined read as "". */
export const sameFoldedText = (a: string | null | undefined, b: string | null | undefined) =>
  foldName(a ?? "") === foldName(b ?? "");

/** Ids of rows a dry run would create are negative; both fit in 26 bits with this offset. */
const ID_OFFSET = 2 ** 25;

/** A (part, vehicle) pair as one number, exact for ids below 2^25 either side of zero. */
export function fitmentKey(partId: number, vehicleId: number): number {
  return (partId + ID_OFFSET) * 2 ** 26 + (vehicleId + ID_OFFSET);
}

/** The key a vehicle is known by; years apart, brand as the brands table spells it. */
export function vehicleKey(
  brand: string,
  model: string,
  year: number,
  version: string,
  engine: string | null,
) {
  return [brand, model, year, foldName(version), foldName(engine ?? "")].join("\u0000");
}
