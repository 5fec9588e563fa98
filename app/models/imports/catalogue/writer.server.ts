import { refreshFitmentKeys } from "../../search/fitment-keys.server";
import { foldName, normalizeCode } from "~/utils/codes";
import { db } from "~/utils/db.server";
import { marketplaceSearchLink } from "../../catalogue/part.server";
import type { CatalogueFitmentInput, CatalogueItemInput } from "./items";
import { noCounts, type SkipFlags, type WriteCounts } from "./write-counts.server";
import {
  fitmentKey,
  sameFoldedText,
  vehicleKey,
  writerStatements,
  type ExistingFitment,
  type ExistingPart,
} from "./writer-rows.server";
import {
  createWriterState,
  type FitmentValues,
  type WriterState,
  type WriterStateOptions,
} from "./writer-state.server";

/**
 * The catalogue writer: turns items (a part, its codes and the vehicles it fits) into rows.
 *
 * It runs in one of two modes over the same code path, so a dry run and the real run agree:
 * "apply" writes (inside the transaction the caller opens, next to its checkpoint); "plan" only
 * reads the database and remembers what it would have created, so a later batch of the same dry
 * run counts a part, vehicle or fitment that an earlier batch "created" as existing, exactly as
 * the real run will. What it remembers is a WriterState: in memory while small, in a temporary
 * SQLite file beyond that when given a folder for it (a dry run's), so a plan's heap is bounded
 * whatever the file's size.
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

export type WriterMode = "apply" | "plan";

export type CatalogueWriter = {
  readonly mode: WriterMode;
  /** Writes (or plans) one batch; in "apply" mode call it inside a write transaction. */
  write(items: readonly CatalogueItemInput[]): WriteCounts;
  /**
   * The same, in steps: `pause` is awaited every WRITE_STEP fitments, so a caller on a web
   * process can give the event loop its turn within a large batch. Plan mode only: an apply
   * batch is one transaction.
   */
  writeInSteps(
    items: readonly CatalogueItemInput[],
    pause: () => Promise<void> | void,
  ): Promise<WriteCounts>;
  /** Forgets what it learnt of the database: after a rolled-back batch, ids it cached may be gone. */
  forget(): void;
  /** Lets go of its state (and deletes its temporary file, if it made one). */
  close(): void;
};

/** Fitments (one per year) written between two pauses of `writeInSteps`. */
export const WRITE_STEP = 256;

const FITMENT_SOURCE = "import";

export function createCatalogueWriter(
  flags: SkipFlags,
  mode: WriterMode = "apply",
  database = db(),
  /** Where a plan's state may spill (a dry run passes the uploads folder); apply keeps it in memory. */
  stateOptions: WriterStateOptions = {},
): CatalogueWriter {
  const sql = writerStatements(database.$client);
  const applying = mode === "apply";
  // Rows this writer met or made, as they stand after its writes. Vehicles and categories are few
  // and looked up per fitment, so both modes keep them; parts, their codes and fitments are many,
  // so only a dry run keeps them (it has nowhere else to remember what it would have created).
  // A vehicle is counted (created, updated or skipped) the first time this writer meets it, not
  // once per part that fits it: "existing vehicles" means vehicles, not links. Rows a dry run
  // would create get negative ids.
  const state: WriterState = createWriterState(applying ? {} : stateOptions);
  let nextPlannedId = -1;
  loadNames();

  // Categories and brands are few: read them all once, matched as names are (case, accents, spaces).
  function loadNames() {
    for (const row of sql.allCategories.all()) state.setCategory(foldName(row.name), row.id);
    for (const row of sql.allBrands.all()) state.setBrand(foldName(row.name), row.name);
  }

  function category(name: string, counts: WriteCounts): number {
    const key = foldName(name);
    let id = state.category(key);
    if (id === undefined) {
      id = applying ? sql.insertCategory.get(name)!.id : nextPlannedId--;
      state.setCategory(key, id);
      counts.createdCategories++;
    }
    return id;
  }

  function brand(name: string): string {
    const key = foldName(name);
    let spelled = state.brand(key);
    if (spelled === undefined) {
      if (applying) sql.insertBrand.run(name);
      spelled = name;
      state.setBrand(key, spelled);
    }
    return spelled;
  }

  /** A part's alternative codes (normalised): read from the database per item when applying. */
  type AltCodes = { has(norm: string): boolean; add(norm: string): void };

  function findPart(
    key: string,
    codeNorm: string,
    manufacturer: string,
  ): { part: ExistingPart; altCodes: AltCodes } | undefined {
    const planned = state.part(key);
    if (planned) return { part: planned, altCodes: plannedAltCodes(planned.id) };
    const row = sql.partsByCode
      .all(codeNorm)
      .find((p) => sameFoldedText(p.manufacturer, manufacturer));
    if (!row) return undefined;
    const norms = sql.altCodesOfPart.all(row.id).map((a) => a.norm);
    if (applying) return { part: row, altCodes: new Set(norms) };
    state.setPart(key, row);
    for (const norm of norms) state.addAltCode(row.id, norm);
    return { part: row, altCodes: plannedAltCodes(row.id) };
  }

  function plannedAltCodes(partId: number): AltCodes {
    return {
      has: (norm) => state.hasAltCode(partId, norm),
      add: (norm) => state.addAltCode(partId, norm),
    };
  }

  function addAlternativeCodes(
    partId: number,
    altCodes: AltCodes,
    codes: readonly string[],
    ownNorm: string,
  ): number {
    let added = 0;
    for (const code of codes) {
      const norm = normalizeCode(code);
      if (!norm || norm === ownNorm || altCodes.has(norm)) continue;
      altCodes.add(norm);
      if (applying) sql.insertAltCode.run(partId, code, norm);
      added++;
    }
    return added;
  }

  function part(item: CatalogueItemInput, counts: WriteCounts): number {
    const codeNorm = normalizeCode(item.code);
    const key = `${foldName(item.manufacturer)}\u0000${codeNorm}`;
    const categoryId = category(item.category, counts);
    const description = item.description || null;
    const found = findPart(key, codeNorm, item.manufacturer);
    if (!found) {
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
      };
      const altCodes = applying ? new Set<string>() : plannedAltCodes(id);
      if (!applying) state.setPart(key, created);
      counts.createdParts++;
      counts.createdAlternativeCodes += addAlternativeCodes(
        id,
        altCodes,
        item.alternativeCodes,
        codeNorm,
      );
      return id;
    }
    const { part: existing, altCodes } = found;
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
      if (!applying) state.setPart(key, existing);
    }
    const added = addAlternativeCodes(existing.id, altCodes, item.alternativeCodes, codeNorm);
    counts.createdAlternativeCodes += added;
    if (fieldsDiffer || added > 0) counts.updatedParts++;
    else counts.skippedParts++;
    return existing.id;
  }

  function vehicle(fitment: CatalogueFitmentInput, year: number, counts: WriteCounts): number {
    const brandName = brand(fitment.brand);
    const key = vehicleKey(brandName, fitment.model, year, fitment.version, fitment.engine);
    // A vehicle the state knows has been counted: it is kept from the first meeting on.
    const known = state.vehicle(key);
    const existing =
      known ??
      sql.vehiclesByModelYear
        .all(brandName, fitment.model, year)
        .find(
          (row) =>
            sameFoldedText(row.version, fitment.version) &&
            sameFoldedText(row.engine, fitment.engine),
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
      state.setVehicle(key, { id, version: fitment.version, engine: fitment.engine, fuel });
      counts.createdVehicles++;
      return id;
    }
    const firstMeeting = !known;
    if (fuel !== null && existing.fuel !== fuel && !flags.skipExistingVehicles) {
      if (applying) sql.updateVehicleFuel.run(fuel, existing.id);
      existing.fuel = fuel;
      counts.updatedVehicles++;
      state.setVehicle(key, existing);
    } else if (firstMeeting) {
      counts.skippedVehicles++;
      state.setVehicle(key, existing);
    }
    return existing.id;
  }

  function link(
    partId: number,
    vehicleId: number,
    year: number,
    fitment: CatalogueFitmentInput,
    counts: WriteCounts,
  ) {
    const key = fitmentKey(partId, vehicleId);
    const existing: FitmentValues | ExistingFitment | undefined =
      (applying ? undefined : state.fitment(key)) ??
      (partId > 0 && vehicleId > 0 ? sql.fitment.get(partId, vehicleId) : undefined);
    const wanted = {
      notes: fitment.notes || null,
      position: fitment.position || null,
      year_from: fitment.fitmentYearFrom ?? fitment.yearStart,
      year_to: fitment.fitmentYearTo ?? fitment.yearEnd,
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
      else state.setFitment(key, wanted);
      counts.createdCompatibilities++;
      return;
    }
    // A fitment without years (linked on a screen) covers its vehicle's year: the same as a
    // range of that one year, so an export of it comes back unchanged (ADR 0053).
    const differs =
      existing.notes !== wanted.notes ||
      existing.position !== wanted.position ||
      (existing.year_from ?? year) !== wanted.year_from ||
      (existing.year_to ?? year) !== wanted.year_to;
    if (differs && !flags.skipExistingCompatibilities) {
      if (applying)
        sql.updateFitment.run(
          wanted.notes,
          wanted.position,
          wanted.year_from,
          wanted.year_to,
          (existing as ExistingFitment).id,
        );
      else state.setFitment(key, wanted);
      counts.updatedCompatibilities++;
    } else {
      counts.skippedCompatibilities++;
    }
  }

  /** Writes the items, yielding every WRITE_STEP fitments. */
  function* steps(items: readonly CatalogueItemInput[], counts: WriteCounts) {
    let written = 0;
    for (const item of items) {
      const partId = part(item, counts);
      for (const fitment of item.fitments) {
        for (let year = fitment.yearStart; year <= fitment.yearEnd; year++) {
          link(partId, vehicle(fitment, year, counts), year, fitment, counts);
          if (++written % WRITE_STEP === 0) yield;
        }
      }
    }
  }

  return {
    mode,
    write(items) {
      const counts = noCounts();
      for (const _step of steps(items, counts));
      // The batch's parts re-indexed once each, in the batch's own transaction.
      if (applying) refreshFitmentKeys();
      return counts;
    },
    async writeInSteps(items, pause) {
      if (applying)
        throw new Error("writeInSteps is for plans: an applied batch is one transaction");
      const counts = noCounts();
      for (const _step of steps(items, counts)) await pause();
      return counts;
    },
    forget() {
      state.clear();
      loadNames();
    },
    close() {
      state.close();
    },
  };
}
