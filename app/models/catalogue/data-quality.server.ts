import { setImmediate as nextTurn } from "node:timers/promises";
import { STEP_ROWS, cachedStatement, idRanges } from "~/utils/db.server";
import type { VehicleRow } from "./vehicle.server";

/**
 * Catalogue checks for the admin's "Qualidade dos dados" page. Each check returns how many
 * problems there are and the first few, with what the page needs to link to the fix.
 *
 * A check reads the whole catalogue (10M fitments at the top size), so it walks its table in
 * steps of STEP_ROWS rows and gives the event loop a turn between steps: the process keeps
 * answering everyone else's requests while an admin's report is being read (ADR 0024).
 */

export const DATA_QUALITY_SAMPLE = 20;

export type Check<T> = { total: number; rows: T[] };

export type SharedAlternativeCode = {
  codeNorm: string;
  code: string;
  parts: { id: number; code: string; name: string; manufacturer: string }[];
};
export type PartWithoutFitments = { id: number; code: string; name: string; manufacturer: string };
type VehicleSummary = Pick<
  VehicleRow,
  "id" | "brand" | "model" | "year" | "version" | "vehicleType"
>;
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

const count = (sqlText: string, ...params: unknown[]) =>
  (cachedStatement(sqlText).get(...params) as { n: number }).n;

const ids = (sqlText: string, ...params: unknown[]) =>
  (cachedStatement(sqlText).all(...params) as { id: number }[]).map((row) => row.id);

type StepwiseCheck = Record<"table" | "alias" | "from" | "matching" | "order" | "columns", string>;

/**
 * A check over a table read range by range: how many rows `matching` finds, and the first
 * `limit` of them in `order`, with `columns`. Each step offers its own firsts, merged with those
 * kept so far by SQL on the kept ids, so the answer is the same whatever the step size. `table`,
 * `from` (naming the table as `alias`, with any joins) and the rest are ours, never input.
 */
async function stepwiseCheck<T>(
  { table, alias, from, matching, order, columns }: StepwiseCheck,
  limit: number,
  stepRows: number,
): Promise<Check<T>> {
  const inStep = `${alias}.id > ? and ${alias}.id <= ? and ${matching}`;
  const kept = `${from} where ${alias}.id in (select value from json_each(?)) ${order}`;
  let total = 0;
  let firstIds: number[] = [];
  for await (const { after, last } of idRanges(table, stepRows)) {
    const n = count(`select count(*) as n ${from} where ${inStep}`, after, last);
    if (n === 0) continue;
    total += n;
    const offered = ids(
      `select ${alias}.id as id ${from} where ${inStep} ${order} limit ?`,
      after,
      last,
      limit,
    );
    firstIds =
      firstIds.length === 0
        ? offered
        : ids(
            `select ${alias}.id as id ${kept} limit ?`,
            JSON.stringify([...firstIds, ...offered]),
            limit,
          );
  }
  const rows = cachedStatement(`select ${columns} ${kept}`).all(JSON.stringify(firstIds)) as T[];
  return { total, rows };
}

/** A check run by stepwiseCheck, taking the sample size and step like every check. */
const stepwise =
  <T>(check: StepwiseCheck) =>
  (limit = DATA_QUALITY_SAMPLE, stepRows = STEP_ROWS): Promise<Check<T>> =>
    stepwiseCheck<T>(check, limit, stepRows);

/** The same normalised alternative code on two or more different parts. */
export async function sharedAlternativeCodes(
  limit = DATA_QUALITY_SAMPLE,
  stepRows = STEP_ROWS,
): Promise<Check<SharedAlternativeCode>> {
  // Groups of codes in their index's order, STEP_ROWS codes per step; the covering index on
  // (code, part) answers a step without reading the table.
  const groups = `select alternative_code_norm as norm, min(part_id) <> max(part_id) as shared
    from part_alternative_codes where alternative_code_norm > ?
    group by alternative_code_norm order by alternative_code_norm limit ?`;
  const step = `select max(norm) as last, coalesce(sum(shared), 0) as n from (${groups})`;
  const firstShared = `select norm from (${groups}) where shared limit ?`;
  let total = 0;
  const norms: string[] = [];
  // Every normalised code sorts after '' but an empty one, which the import never writes.
  let after = "";
  for (;;) {
    await nextTurn();
    const { last, n } = cachedStatement(step).get(after, stepRows) as {
      last: string | null;
      n: number;
    };
    if (last === null) break;
    if (n > 0 && norms.length < limit) {
      const found = cachedStatement(firstShared).all(after, stepRows, limit - norms.length);
      norms.push(...(found as { norm: string }[]).map((row) => row.norm));
    }
    total += n;
    after = last;
  }
  const firstCode = cachedStatement(
    `select alternative_code as code from part_alternative_codes
     where alternative_code_norm = ? order by id limit 1`,
  );
  const partsOf = cachedStatement(
    `select distinct p.id, p.code, p.name, p.manufacturer from part_alternative_codes a
     join parts p on p.id = a.part_id where a.alternative_code_norm = ? order by p.id`,
  );
  return {
    total,
    rows: norms.map((norm) => ({
      codeNorm: norm,
      code: (firstCode.get(norm) as { code: string }).code,
      parts: partsOf.all(norm) as SharedAlternativeCode["parts"],
    })),
  };
}

export const partsWithoutFitments = stepwise<PartWithoutFitments>({
  table: "parts",
  alias: "p",
  from: "from parts p",
  matching: "not exists (select 1 from part_vehicles pv where pv.part_id = p.id)",
  order: "order by p.id",
  columns: "p.id, p.code, p.name, p.manufacturer",
});

export const vehiclesWithoutParts = stepwise<VehicleSummary>({
  table: "vehicles",
  alias: "v",
  from: "from vehicles v",
  matching: "not exists (select 1 from part_vehicles pv where pv.vehicle_id = v.id)",
  order: "order by v.brand, v.model, v.year, v.id",
  columns: "v.id, v.brand, v.model, v.year, v.version, v.vehicle_type as vehicleType",
});

/** Fitments whose "from/to" years leave out the very vehicle they point to. */
export const fitmentsOutsideVehicleYear = stepwise<FitmentOutsideYears>({
  table: "part_vehicles",
  alias: "pv",
  from: "from part_vehicles pv join vehicles v on v.id = pv.vehicle_id join parts p on p.id = pv.part_id",
  matching: `((pv.year_from is not null and v.year < pv.year_from)
    or (pv.year_to is not null and v.year > pv.year_to))`,
  order: "order by p.code, v.year, pv.id",
  columns: `pv.id as fitmentId, p.id as partId, p.code as partCode, p.name as partName,
    v.id as vehicleId, v.brand || ' ' || v.model || ' ' || v.version as vehicleLabel,
    v.year as vehicleYear, pv.year_from as yearFrom, pv.year_to as yearTo`,
});

/**
 * Vehicles that repeat brand, model, year and version, letter case aside. A step per brand (as
 * compared: lower case, no outer spaces), over the brand index: a group never spans two brands.
 */
export async function duplicateVehicles(
  limit = DATA_QUALITY_SAMPLE,
): Promise<Check<DuplicateVehicles>> {
  await nextTurn();
  const brands = cachedStatement(
    `select lower(trim(brand)) as b, json_group_array(brand) as spellings
     from (select distinct brand from vehicles) group by b order by b`,
  ).all() as { b: string; spellings: string }[];
  const groupsOf = cachedStatement(
    `select lower(trim(model)) as m, year as y, lower(trim(version)) as ver from vehicles
     where brand in (select value from json_each(?))
     group by m, y, ver having count(*) > 1 order by m, y, ver`,
  );
  const members = cachedStatement(
    `select id, brand, model, version, fipe_code as fipeCode from vehicles
     where brand in (select value from json_each(?))
       and lower(trim(model)) = ? and year = ? and lower(trim(version)) = ?
     order by id`,
  );
  let total = 0;
  const rows: DuplicateVehicles[] = [];
  for (const { spellings } of brands) {
    await nextTurn();
    const groups = groupsOf.all(spellings) as { m: string; y: number; ver: string }[];
    total += groups.length;
    for (const g of groups.slice(0, limit - rows.length)) {
      const list = members.all(spellings, g.m, g.y, g.ver) as {
        id: number;
        brand: string;
        model: string;
        version: string;
        fipeCode: string | null;
      }[];
      const first = list[0]!;
      rows.push({
        brand: first.brand,
        model: first.model,
        year: g.y,
        version: first.version,
        vehicles: list.map((v) => ({ id: v.id, fipeCode: v.fipeCode })),
      });
    }
  }
  return { total, rows };
}

async function readReport(limit: number, stepRows: number) {
  return {
    sharedAlternativeCodes: await sharedAlternativeCodes(limit, stepRows),
    partsWithoutFitments: await partsWithoutFitments(limit, stepRows),
    vehiclesWithoutParts: await vehiclesWithoutParts(limit, stepRows),
    fitmentsOutsideVehicleYear: await fitmentsOutsideVehicleYear(limit, stepRows),
    duplicateVehicles: await duplicateVehicles(limit),
  };
}

export type DataQualityReport = Awaited<ReturnType<typeof readReport>>;

const reading = new Map<string, Promise<DataQualityReport>>();

/**
 * The five checks. Requests that ask while a report is being read get that same report, so an
 * admin reloading the page (or two admins) never read the catalogue twice at once.
 */
export function dataQualityReport(
  limit = DATA_QUALITY_SAMPLE,
  stepRows = STEP_ROWS,
): Promise<DataQualityReport> {
  const key = `${limit}:${stepRows}`;
  let report = reading.get(key);
  if (!report) {
    report = readReport(limit, stepRows).finally(() => reading.delete(key));
    reading.set(key, report);
  }
  return report;
}
