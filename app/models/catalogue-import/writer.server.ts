import type Database from "better-sqlite3";
import { foldName, normalizeCode } from "~/utils/codes";
import { db } from "~/utils/db.server";
import { marketplaceSearchLink } from "../part.server";
import type { CatalogueFitmentInput, CatalogueItemInput } from "./items";

/**
 * The catalogue writer: turns items (a part, its codes and the vehicles it fits) into rows.
 *
 * It runs in one of two modes over the same code path, so a dry run and the real run agree:
 * "apply" writes (inside the transaction the caller opens, next to its checkpoint); "plan" only
 * reads the database and remembers what it would have created, so a later batch of the same dry
 * run counts a part, vehicle or fitment that an earlier batch "created" as existing, exactly as
 * the real run will.
 *
 * Matching: a part is (manufacturer, normalised code), manufacturer without regard to case; a
 * vehicle is (brand, model, year, version, engine), brand spelled as the brands table already
 * spells it, version and engine without regard to case or accents; a fitment is (part, vehicle).
 * Existing rows are never deleted: with a skip flag off an existing part gets the source's name,
 * description, category and missing alternative codes, an existing vehicle the source's fuel, and
 * an existing fitment the source's notes, position and years ("updated"); otherwise they are left
 * as they are ("skipped"). A row that already matches the source is skipped either way, so running
 * an import twice creates and changes nothing.
 */

export type SkipFlags = {
  skipExistingParts: boolean;
  skipExistingVehicles: boolean;
  skipExistingCompatibilities: boolean;
};

export type WriteCounts = {
  createdParts: number;
  updatedParts: number;
  skippedParts: number;
  createdVehicles: number;
  updatedVehicles: number;
  skippedVehicles: number;
  createdCompatibilities: number;
  updatedCompatibilities: number;
  skippedCompatibilities: number;
  createdCategories: number;
  createdAlternativeCodes: number;
};

export const noCounts = (): WriteCounts => ({
  createdParts: 0,
  updatedParts: 0,
  skippedParts: 0,
  createdVehicles: 0,
  updatedVehicles: 0,
  skippedVehicles: 0,
  createdCompatibilities: 0,
  updatedCompatibilities: 0,
  skippedCompatibilities: 0,
  createdCategories: 0,
  createdAlternativeCodes: 0,
});

export function addCounts(total: WriteCounts, more: WriteCounts): WriteCounts {
  const sum = { ...total };
  for (const key of Object.keys(sum) as (keyof WriteCounts)[]) sum[key] += more[key];
  return sum;
}

export type WriterMode = "apply" | "plan";

export type CatalogueWriter = {
  readonly mode: WriterMode;
  /** Writes (or plans) one batch; in "apply" mode call it inside a write transaction. */
  write(items: readonly CatalogueItemInput[]): WriteCounts;
  /** Forgets what it learnt of the database: after a rolled-back batch, ids it cached may be gone. */
  forget(): void;
};

type ExistingPart = {
  id: number;
  manufacturer: string;
  name: string;
  description: string | null;
  category_id: number | null;
};
type ExistingVehicle = {
  id: number;
  version: string;
  engine: string | null;
  fuel: string | null;
};
type FitmentValues = {
  notes: string | null;
  position: string | null;
  year_from: number | null;
  year_to: number | null;
};
type ExistingFitment = FitmentValues & { id: number };

const FITMENT_SOURCE = "import";

function statements(client: Database.Database) {
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

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  foldName(a ?? "") === foldName(b ?? "");

/** Ids of rows a dry run would create are negative; both fit in 26 bits with this offset. */
const ID_OFFSET = 2 ** 25;

/** A (part, vehicle) pair as one number, exact for ids below 2^25 either side of zero. */
function fitmentKey(partId: number, vehicleId: number): number {
  return (partId + ID_OFFSET) * 2 ** 26 + (vehicleId + ID_OFFSET);
}

/** The key a vehicle is known by; years apart, brand as the brands table spells it. */
function vehicleKey(
  brand: string,
  model: string,
  year: number,
  version: string,
  engine: string | null,
) {
  return [brand, model, year, foldName(version), foldName(engine ?? "")].join("\u0000");
}

export function createCatalogueWriter(
  flags: SkipFlags,
  mode: WriterMode = "apply",
  database = db(),
): CatalogueWriter {
  const sql = statements(database.$client);
  const applying = mode === "apply";
  // Rows this writer met or made, as they stand after its writes. Vehicles and categories are few
  // and looked up per fitment, so both modes keep them; parts and fitments are many, so only a dry
  // run keeps them (it has nowhere else to remember what it would have created). Rows a dry run
  // would create get negative ids.
  let categoryIds = new Map<string, number>();
  let brandNames = new Map<string, string>();
  let vehicleRows = new Map<string, ExistingVehicle>();
  // A vehicle is counted (created, updated or skipped) the first time this writer meets it, not
  // once per part that fits it: "existing vehicles" means vehicles, not links.
  let countedVehicles = new Set<number>();
  let plannedParts = new Map<string, ExistingPart & { altCodes: Set<string> }>();
  // A dry run of a million-row file plans millions of fitments: keyed by a number, with the few
  // distinct (notes, position, years) tuples shared, each costs a map entry and no more.
  let plannedFitments = new Map<number, FitmentValues>();
  let fitmentValues = new Map<string, FitmentValues>();
  const sharedValues = (values: FitmentValues) => {
    const key = `${values.notes}\u0000${values.position}\u0000${values.year_from}\u0000${values.year_to}`;
    let shared = fitmentValues.get(key);
    if (!shared) fitmentValues.set(key, (shared = values));
    return shared;
  };
  let nextPlannedId = -1;
  loadNames();

  // Categories and brands are few: read them all once, matched as names are (case, accents, spaces).
  function loadNames() {
    categoryIds = new Map(sql.allCategories.all().map((row) => [foldName(row.name), row.id]));
    brandNames = new Map(sql.allBrands.all().map((row) => [foldName(row.name), row.name]));
  }

  function category(name: string, counts: WriteCounts): number {
    const key = foldName(name);
    let id = categoryIds.get(key);
    if (id === undefined) {
      id = applying ? sql.insertCategory.get(name)!.id : nextPlannedId--;
      categoryIds.set(key, id);
      counts.createdCategories++;
    }
    return id;
  }

  function brand(name: string): string {
    const key = foldName(name);
    let spelled = brandNames.get(key);
    if (spelled === undefined) {
      if (applying) sql.insertBrand.run(name);
      spelled = name;
      brandNames.set(key, spelled);
    }
    return spelled;
  }

  function findPart(key: string, codeNorm: string, manufacturer: string) {
    const planned = plannedParts.get(key);
    if (planned) return planned;
    const row = sql.partsByCode.all(codeNorm).find((p) => sameText(p.manufacturer, manufacturer));
    if (!row) return undefined;
    const known = { ...row, altCodes: new Set(sql.altCodesOfPart.all(row.id).map((a) => a.norm)) };
    if (!applying) plannedParts.set(key, known);
    return known;
  }

  function addAlternativeCodes(
    part: { id: number; altCodes: Set<string> },
    codes: readonly string[],
    ownNorm: string,
  ): number {
    let added = 0;
    for (const code of codes) {
      const norm = normalizeCode(code);
      if (!norm || norm === ownNorm || part.altCodes.has(norm)) continue;
      part.altCodes.add(norm);
      if (applying) sql.insertAltCode.run(part.id, code, norm);
      added++;
    }
    return added;
  }

  function part(item: CatalogueItemInput, counts: WriteCounts): number {
    const codeNorm = normalizeCode(item.code);
    const key = `${foldName(item.manufacturer)}\u0000${codeNorm}`;
    const categoryId = category(item.category, counts);
    const description = item.description || null;
    const existing = findPart(key, codeNorm, item.manufacturer);
    if (!existing) {
      const id = applying
        ? sql.insertPart.get(
            item.code,
            codeNorm,
            item.name,
            description,
            categoryId,
            item.manufacturer,
            marketplaceSearchLink(item.code),
          )!.id
        : nextPlannedId--;
      const created = {
        id,
        manufacturer: item.manufacturer,
        name: item.name,
        description,
        category_id: categoryId,
        altCodes: new Set<string>(),
      };
      if (!applying) plannedParts.set(key, created);
      counts.createdParts++;
      counts.createdAlternativeCodes += addAlternativeCodes(
        created,
        item.alternativeCodes,
        codeNorm,
      );
      return id;
    }
    if (flags.skipExistingParts) {
      counts.skippedParts++;
      return existing.id;
    }
    const fieldsDiffer =
      existing.name !== item.name ||
      existing.description !== description ||
      existing.category_id !== categoryId;
    if (fieldsDiffer) {
      if (applying) sql.updatePart.run(item.name, description, categoryId, existing.id);
      Object.assign(existing, { name: item.name, description, category_id: categoryId });
    }
    const added = addAlternativeCodes(existing, item.alternativeCodes, codeNorm);
    counts.createdAlternativeCodes += added;
    if (fieldsDiffer || added > 0) counts.updatedParts++;
    else counts.skippedParts++;
    return existing.id;
  }

  function vehicle(fitment: CatalogueFitmentInput, year: number, counts: WriteCounts): number {
    const brandName = brand(fitment.brand);
    const key = vehicleKey(brandName, fitment.model, year, fitment.version, fitment.engine);
    const existing =
      vehicleRows.get(key) ??
      sql.vehiclesByModelYear
        .all(brandName, fitment.model, year)
        .find(
          (row) => sameText(row.version, fitment.version) && sameText(row.engine, fitment.engine),
        );
    const fuel = fitment.fuel || null;
    if (!existing) {
      const id = applying
        ? sql.insertVehicle.get(
            brandName,
            fitment.model,
            year,
            fitment.version,
            fitment.engine || null,
            fuel,
          )!.id
        : nextPlannedId--;
      vehicleRows.set(key, { id, version: fitment.version, engine: fitment.engine, fuel });
      countedVehicles.add(id);
      counts.createdVehicles++;
      return id;
    }
    vehicleRows.set(key, existing);
    const firstMeeting = !countedVehicles.has(existing.id);
    countedVehicles.add(existing.id);
    if (fuel !== null && existing.fuel !== fuel && !flags.skipExistingVehicles) {
      if (applying) sql.updateVehicleFuel.run(fuel, existing.id);
      existing.fuel = fuel;
      counts.updatedVehicles++;
    } else if (firstMeeting) {
      counts.skippedVehicles++;
    }
    return existing.id;
  }

  function link(
    partId: number,
    vehicleId: number,
    fitment: CatalogueFitmentInput,
    counts: WriteCounts,
  ) {
    const key = fitmentKey(partId, vehicleId);
    const existing: FitmentValues | ExistingFitment | undefined =
      plannedFitments.get(key) ??
      (partId > 0 && vehicleId > 0 ? sql.fitment.get(partId, vehicleId) : undefined);
    const wanted = {
      notes: fitment.notes || null,
      position: fitment.position || null,
      year_from: fitment.yearStart,
      year_to: fitment.yearEnd,
    };
    if (!existing) {
      if (applying)
        sql.insertFitment.run(
          partId,
          vehicleId,
          wanted.notes,
          wanted.position,
          wanted.year_from,
          wanted.year_to,
          FITMENT_SOURCE,
        );
      else plannedFitments.set(key, sharedValues(wanted));
      counts.createdCompatibilities++;
      return;
    }
    const differs =
      existing.notes !== wanted.notes ||
      existing.position !== wanted.position ||
      existing.year_from !== wanted.year_from ||
      existing.year_to !== wanted.year_to;
    if (differs && !flags.skipExistingCompatibilities) {
      if (applying)
        sql.updateFitment.run(
          wanted.notes,
          wanted.position,
          wanted.year_from,
          wanted.year_to,
          (existing as ExistingFitment).id,
        );
      else plannedFitments.set(key, sharedValues(wanted));
      counts.updatedCompatibilities++;
    } else {
      counts.skippedCompatibilities++;
    }
  }

  return {
    mode,
    write(items) {
      const counts = noCounts();
      for (const item of items) {
        const partId = part(item, counts);
        for (const fitment of item.fitments) {
          for (let year = fitment.yearStart; year <= fitment.yearEnd; year++) {
            link(partId, vehicle(fitment, year, counts), fitment, counts);
          }
        }
      }
      return counts;
    },
    forget() {
      loadNames();
      vehicleRows = new Map();
      countedVehicles = new Set();
      plannedParts = new Map();
      plannedFitments = new Map();
      fitmentValues = new Map();
    },
  };
}
