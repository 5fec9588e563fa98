import { db } from "~/utils/db.server";

/**
 * Catalogue checks for the admin's "Qualidade dos dados" page. Each check returns how many
 * problems there are and the first few, with what the page needs to link to the fix.
 */

export const DATA_QUALITY_SAMPLE = 20;

export type Check<T> = { total: number; rows: T[] };

export type SharedAlternativeCode = {
  codeNorm: string;
  code: string;
  parts: { id: number; code: string; name: string; manufacturer: string }[];
};
export type PartWithoutFitments = { id: number; code: string; name: string; manufacturer: string };
export type VehicleRow = {
  id: number;
  brand: string;
  model: string;
  year: number;
  version: string;
  vehicleType: string;
};
export type FitmentOutsideYears = {
  fitmentId: number;
  partId: number;
  partCode: string;
  partName: string;
  vehicleId: number;
  vehicleLabel: string;
  vehicleYear: number;
  yearFrom: number | null;
  yearTo: number | null;
};
export type DuplicateVehicles = {
  brand: string;
  model: string;
  year: number;
  version: string;
  vehicles: { id: number; fipeCode: string | null }[];
};

function count(sql: string): number {
  return (db().$client.prepare(sql).get() as { n: number }).n;
}

/** The same normalised alternative code on two or more different parts. */
export function sharedAlternativeCodes(limit = DATA_QUALITY_SAMPLE): Check<SharedAlternativeCode> {
  const grouped = `select alternative_code_norm as norm from part_alternative_codes
    group by alternative_code_norm having count(distinct part_id) > 1`;
  const total = count(`select count(*) as n from (${grouped})`);
  const codes = db()
    .$client.prepare<[number], { norm: string; code: string }>(
      `select g.norm, (select alternative_code from part_alternative_codes a
         where a.alternative_code_norm = g.norm order by a.id limit 1) as code
       from (${grouped}) g order by g.norm limit ?`,
    )
    .all(limit);
  const partsOf = db().$client.prepare<
    [string],
    { id: number; code: string; name: string; manufacturer: string }
  >(
    `select distinct p.id, p.code, p.name, p.manufacturer from part_alternative_codes a
     join parts p on p.id = a.part_id where a.alternative_code_norm = ? order by p.id`,
  );
  return {
    total,
    rows: codes.map((c) => ({ codeNorm: c.norm, code: c.code, parts: partsOf.all(c.norm) })),
  };
}

export function partsWithoutFitments(limit = DATA_QUALITY_SAMPLE): Check<PartWithoutFitments> {
  const where = `not exists (select 1 from part_vehicles pv where pv.part_id = p.id)`;
  return {
    total: count(`select count(*) as n from parts p where ${where}`),
    rows: db()
      .$client.prepare<[number], PartWithoutFitments>(
        `select p.id, p.code, p.name, p.manufacturer from parts p where ${where} order by p.id limit ?`,
      )
      .all(limit),
  };
}

export function vehiclesWithoutParts(limit = DATA_QUALITY_SAMPLE): Check<VehicleRow> {
  const where = `not exists (select 1 from part_vehicles pv where pv.vehicle_id = v.id)`;
  return {
    total: count(`select count(*) as n from vehicles v where ${where}`),
    rows: db()
      .$client.prepare<[number], VehicleRow>(
        `select v.id, v.brand, v.model, v.year, v.version, v.vehicle_type as vehicleType
         from vehicles v where ${where} order by v.brand, v.model, v.year, v.id limit ?`,
      )
      .all(limit),
  };
}

/** Fitments whose "from/to" years leave out the very vehicle they point to. */
export function fitmentsOutsideVehicleYear(
  limit = DATA_QUALITY_SAMPLE,
): Check<FitmentOutsideYears> {
  const from = `from part_vehicles pv join vehicles v on v.id = pv.vehicle_id join parts p on p.id = pv.part_id
    where (pv.year_from is not null and v.year < pv.year_from)
       or (pv.year_to is not null and v.year > pv.year_to)`;
  return {
    total: count(`select count(*) as n ${from}`),
    rows: db()
      .$client.prepare<[number], FitmentOutsideYears>(
        `select pv.id as fitmentId, p.id as partId, p.code as partCode, p.name as partName,
           v.id as vehicleId, v.brand || ' ' || v.model || ' ' || v.version as vehicleLabel,
           v.year as vehicleYear, pv.year_from as yearFrom, pv.year_to as yearTo
         ${from} order by p.code, v.year, pv.id limit ?`,
      )
      .all(limit),
  };
}

/** Vehicles that repeat brand, model, year and version, letter case aside. */
export function duplicateVehicles(limit = DATA_QUALITY_SAMPLE): Check<DuplicateVehicles> {
  const grouped = `select lower(trim(brand)) as b, lower(trim(model)) as m, year as y, lower(trim(version)) as ver,
      min(id) as first_id from vehicles group by b, m, y, ver having count(*) > 1`;
  const total = count(`select count(*) as n from (${grouped})`);
  const groups = db()
    .$client.prepare<[number], { b: string; m: string; y: number; ver: string; first_id: number }>(
      `select * from (${grouped}) order by b, m, y, ver limit ?`,
    )
    .all(limit);
  const members = db().$client.prepare<
    [string, string, number, string],
    { id: number; brand: string; model: string; version: string; fipeCode: string | null }
  >(
    `select id, brand, model, version, fipe_code as fipeCode from vehicles
     where lower(trim(brand)) = ? and lower(trim(model)) = ? and year = ? and lower(trim(version)) = ?
     order by id`,
  );
  return {
    total,
    rows: groups.map((g) => {
      const list = members.all(g.b, g.m, g.y, g.ver);
      const first = list[0]!;
      return {
        brand: first.brand,
        model: first.model,
        year: g.y,
        version: first.version,
        vehicles: list.map((v) => ({ id: v.id, fipeCode: v.fipeCode })),
      };
    }),
  };
}

export function dataQualityReport(limit = DATA_QUALITY_SAMPLE) {
  return {
    sharedAlternativeCodes: sharedAlternativeCodes(limit),
    partsWithoutFitments: partsWithoutFitments(limit),
    vehiclesWithoutParts: vehiclesWithoutParts(limit),
    fitmentsOutsideVehicleYear: fitmentsOutsideVehicleYear(limit),
    duplicateVehicles: duplicateVehicles(limit),
  };
}
