import { and, asc, count, eq, or, sql, type SQL } from "drizzle-orm";
import { categories, partAlternativeCodes, parts, partVehicles, vehicles } from "~db/schema";
import type { AlternativeCodeInput, PartFields } from "~/schemas/part";
import { pageBounds } from "~/utils/paging";
import {
  STEP_ROWS,
  db,
  idRanges,
  immediateTransaction,
  inIdList,
  type IdRange,
} from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { isUniqueViolation, likePattern } from "./catalogue-rules.server";
import { refuse, type Outcome } from "../outcome";
import { normalizeCode } from "~/utils/codes";
import {
  alternativeCodesFor,
  compatibleVehicleCounts,
  fitmentColumns,
  vehicleNameColumns,
  vehiclesForPart,
  withAlternativeCodes,
  type AlternativeCode,
  type FitmentFields,
  type VehicleName,
  type VehiclePage,
} from "./fitment.server";
import { findPartHit, type PartHit } from "../search/codes.server";

const m = messages.parts;

export const PARTS_PER_PAGE = 20;
export const VEHICLE_PICKER_PER_PAGE = 25;
/** How many alternative codes the list shows before "+N". */
export const LIST_ALTERNATIVE_CODES = 2;

/** The spec's default marketplace link: a Mercado Livre search for the part's code. */
export function marketplaceSearchLink(code: string): string {
  return `https://lista.mercadolivre.com.br/${encodeURIComponent(code)}`;
}

// --- Reading ----------------------------------------------------------------------------------

export type PartListFilter = { q?: string; categoryId?: number };

/** A row of `partColumns`. */
export type PartRow = {
  id: number;
  code: string;
  name: string;
  description: string | null;
  categoryId: number | null;
  categoryName: string | null;
  manufacturer: string;
  mercadoLivreLink: string | null;
  imageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type PartListItem = PartRow & {
  alternativeCodesCount: number;
  /** The first codes in alphabetical order, as many as the list shows. */
  firstAlternativeCodes: string[];
  vehiclesCount: number;
};

/**
 * Code (normalised, anywhere in the own or an alternative code), name or manufacturer; and the
 * category. With `range`, only the parts whose ids are in it (a step of a stepped scan).
 */
function partListWhere(filter: PartListFilter, range?: IdRange): SQL | undefined {
  const conditions: SQL[] = [];
  if (range) conditions.push(sql`${parts.id} > ${range.after} and ${parts.id} <= ${range.last}`);
  if (filter.categoryId !== undefined) conditions.push(eq(parts.categoryId, filter.categoryId));
  const text = filter.q?.trim();
  if (text) {
    const pattern = likePattern(text);
    const matches: SQL[] = [
      sql`${parts.name} like ${pattern} escape '\\'`,
      sql`${parts.manufacturer} like ${pattern} escape '\\'`,
    ];
    const norm = normalizeCode(text);
    if (norm) {
      // A normalised code holds only A–Z and 0–9: nothing to escape.
      const normPattern = `%${norm}%`;
      matches.push(sql`${parts.codeNorm} like ${normPattern}`);
      // One scan of the alternative codes (of the step's parts), not a probe per part.
      const ofStep = range
        ? sql`${partAlternativeCodes.partId} > ${range.after} and ${partAlternativeCodes.partId} <= ${range.last} and`
        : sql``;
      matches.push(
        sql`${parts.id} in (select ${partAlternativeCodes.partId} from ${partAlternativeCodes} where ${ofStep} ${partAlternativeCodes.alternativeCodeNorm} like ${normPattern})`,
      );
    }
    conditions.push(or(...matches)!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Exact code first, then codes that start with the query, then the rest by code. */
function partListOrder(filter: PartListFilter): SQL[] {
  const norm = normalizeCode(filter.q ?? "");
  const byCode = [asc(parts.codeNorm), asc(parts.manufacturer), asc(parts.id)];
  if (!norm) return byCode;
  return [
    sql`case when ${parts.codeNorm} = ${norm} then 0 when ${parts.codeNorm} like ${`${norm}%`} then 1 else 2 end`,
    ...byCode,
  ];
}

/** A part's columns with its category's name: every part query reads these (left join categories). */
export const partColumns = {
  id: parts.id,
  code: parts.code,
  name: parts.name,
  description: parts.description,
  categoryId: parts.categoryId,
  categoryName: categories.name,
  manufacturer: parts.manufacturer,
  mercadoLivreLink: parts.mercadoLivreLink,
  imageUrl: parts.imageUrl,
  createdAt: parts.createdAt,
  updatedAt: parts.updatedAt,
};

/** The few of them a parts picker or a vehicle's parts list shows. */
export const partSummaryColumns = {
  id: partColumns.id,
  code: partColumns.code,
  name: partColumns.name,
  manufacturer: partColumns.manufacturer,
  categoryName: partColumns.categoryName,
};

/**
 * A text search matches anywhere in a code or a name, so it reads every part: range by range
 * (idRanges), each step offering its first `offset + limit` in the list's order, when that is at
 * most this many; deeper slices (only the API can ask) read the catalogue in one statement.
 */
const STEPPED_SLICE_MAX = 2_000;

type Slice = { ids: number[]; total: number };

function wholeSlice(filter: PartListFilter, limit: number, offset: number): Slice {
  const where = partListWhere(filter);
  const ids = db()
    .select({ id: parts.id })
    .from(parts)
    .where(where)
    .orderBy(...partListOrder(filter))
    .limit(limit)
    .offset(offset)
    .all()
    .map((row) => row.id);
  const total = db().select({ n: count() }).from(parts).where(where).get()!.n;
  return { ids, total };
}

async function steppedSlice(
  filter: PartListFilter,
  limit: number,
  offset: number,
  stepRows: number,
): Promise<Slice> {
  const need = offset + limit;
  const order = partListOrder(filter);
  let kept: number[] = [];
  let total = 0;
  for await (const range of idRanges("parts", stepRows)) {
    const step = db()
      .select({ id: parts.id, matches: sql<number>`count(*) over ()` })
      .from(parts)
      .where(partListWhere(filter, range))
      .orderBy(...order)
      .limit(need)
      .all();
    if (step.length === 0) continue;
    total += step[0]!.matches;
    const offered = step.map((row) => row.id);
    kept =
      kept.length === 0
        ? offered
        : db()
            .select({ id: parts.id })
            .from(parts)
            .where(inIdList(parts.id, [...kept, ...offered]))
            .orderBy(...order)
            .limit(need)
            .all()
            .map((row) => row.id);
  }
  return { ids: kept.slice(offset, need), total };
}

/**
 * One slice of the admin list with every column it shows, and how many parts match. Without
 * text the slice and the count come from indexes; a text search reads the catalogue in steps
 * that let the process answer others meanwhile (0.45 s of scanning on 1M parts).
 */
export async function queryParts(
  filter: PartListFilter,
  limit: number,
  offset: number,
  stepRows = STEP_ROWS,
): Promise<{ items: PartListItem[]; total: number }> {
  const stepped = Boolean(filter.q?.trim()) && offset + limit <= STEPPED_SLICE_MAX;
  const { ids, total } = stepped
    ? await steppedSlice(filter, limit, offset, stepRows)
    : wholeSlice(filter, limit, offset);
  if (ids.length === 0) return { items: [], total };
  const rows = db()
    .select({
      ...partColumns,
      alternativeCodesCount: sql<number>`(select count(*) from ${partAlternativeCodes} where ${partAlternativeCodes.partId} = ${parts.id})`,
      vehiclesCount: sql<number>`(select count(*) from ${partVehicles} where ${partVehicles.partId} = ${parts.id})`,
    })
    .from(parts)
    .leftJoin(categories, eq(categories.id, parts.categoryId))
    .where(inIdList(parts.id, ids))
    .all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const codes = alternativeCodesFor(ids);
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const firstAlternativeCodes = (codes.get(id) ?? [])
      .slice(0, LIST_ALTERNATIVE_CODES)
      .map((c) => c.alternativeCode);
    return [{ ...row, firstAlternativeCodes }];
  });
  return { items, total };
}

export type PartListPage = {
  items: PartListItem[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
};

/** A page of the admin list; a page past the end shows the last one. */
export async function listPartsPage(
  filter: PartListFilter & { page?: number },
  perPage = PARTS_PER_PAGE,
): Promise<PartListPage> {
  const asked = pageBounds(Number.MAX_SAFE_INTEGER, perPage, filter.page).page;
  let slice = await queryParts(filter, perPage, (asked - 1) * perPage);
  const { page, pages } = pageBounds(slice.total, perPage, asked);
  // A page past the end (a stale link) shows the last one.
  if (page !== asked) slice = await queryParts(filter, perPage, (page - 1) * perPage);
  return { items: slice.items, total: slice.total, page, pages, perPage };
}

/** Categories a part may belong to, by name: the options of the form and of the list filter. */
export function partCategoryOptions(): { id: number; name: string }[] {
  return db()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.name))
    .all();
}

export type PartFitment = { vehicleId: number } & Omit<VehicleName, "id"> & FitmentFields;

export type PartDetail = PartRow & {
  alternativeCodes: { id: number; code: string; description: string | null }[];
  fitments: PartFitment[];
};

/** A part with its alternative codes and (unless told not to) every fitment: the vehicle and the link's own fields. */
export function getPart(
  id: number,
  options: { withFitments?: boolean } = {},
): PartDetail | undefined {
  const part = db()
    .select(partColumns)
    .from(parts)
    .leftJoin(categories, eq(categories.id, parts.categoryId))
    .where(eq(parts.id, id))
    .get();
  if (!part) return undefined;
  const alternativeCodes = db()
    .select({
      id: partAlternativeCodes.id,
      code: partAlternativeCodes.alternativeCode,
      description: partAlternativeCodes.description,
    })
    .from(partAlternativeCodes)
    .where(eq(partAlternativeCodes.partId, id))
    .orderBy(asc(partAlternativeCodes.id))
    .all();
  if (options.withFitments === false) return { ...part, alternativeCodes, fitments: [] };
  const { id: vehicleId, ...vehicleName } = vehicleNameColumns;
  const fitments = db()
    .select({ vehicleId, ...vehicleName, ...fitmentColumns })
    .from(partVehicles)
    .innerJoin(vehicles, eq(vehicles.id, partVehicles.vehicleId))
    .where(eq(partVehicles.partId, id))
    .orderBy(asc(vehicles.brand), asc(vehicles.model), asc(vehicles.year), asc(vehicles.id))
    .all();
  return { ...part, alternativeCodes, fitments };
}

// --- The public catalogue's Part: search answers and part detail over the API -----------------

export type CataloguePart = PartHit & { alternativeCodes: AlternativeCode[]; compatCount: number };

/** Search hits with their alternative codes and compatible-vehicle counts, in two queries. */
export function withCatalogueFacts(hits: PartHit[]): CataloguePart[] {
  const counts = compatibleVehicleCounts(hits.map((hit) => hit.id));
  return withAlternativeCodes(hits).map((hit) => ({
    ...hit,
    compatCount: counts.get(hit.id) ?? 0,
  }));
}

export type CataloguePartDetail = PartHit & {
  alternativeCodes: AlternativeCode[];
  /** The first page of the vehicles it fits; its total is the part's compatible-vehicle count. */
  vehicles: VehiclePage;
};

/** One part with its alternative codes and the first page of the vehicles it fits, or undefined. */
export function cataloguePartDetail(
  id: number,
  vehiclesPerPage: number,
): CataloguePartDetail | undefined {
  const hit = findPartHit(id);
  if (!hit) return undefined;
  return {
    ...hit,
    alternativeCodes: alternativeCodesFor([id]).get(id) ?? [],
    vehicles: vehiclesForPart(id, 1, vehiclesPerPage),
  };
}

// --- The vehicle picker of the part form ------------------------------------------------------

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

// --- Writing ----------------------------------------------------------------------------------

export type FitmentInput = {
  vehicleId: number;
  /** Undefined keeps a kept vehicle's notes (the API's compatible_vehicle_ids); null clears them. */
  notes?: string | null;
};

export type PartInput = PartFields & {
  /** Undefined leaves the codes as they are; a list replaces them all (the spec's edit rule). */
  alternativeCodes?: AlternativeCodeInput[];
  /** Undefined leaves the fitments as they are; a list is the new set of vehicles. */
  fitments?: FitmentInput[];
};

export type SavedPart = { id: number; code: string };

const vehiclesByIds = (ids: readonly number[]) =>
  new Set(
    db()
      .$client.prepare("select id from vehicles where id in (select value from json_each(?))")
      .pluck()
      .all(JSON.stringify(ids)) as number[],
  );

/** What must exist before a part can point at it: its category and every chosen vehicle. */
function missingReference(input: PartInput) {
  const category = db()
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.categoryId))
    .get();
  if (!category) return refuse("invalid_reference", m.categoryNotFound, "categoryId");
  const ids = (input.fitments ?? []).map((f) => f.vehicleId);
  if (ids.length > 0) {
    const found = vehiclesByIds(ids);
    if (ids.some((id) => !found.has(id)))
      return refuse("invalid_reference", m.vehicleNotFound, "vehicleIds");
  }
  return null;
}

/** Parts are unique by manufacturer and normalised code. */
function duplicateOf(input: PartInput, exceptId?: number) {
  const clash = db()
    .select({ id: parts.id })
    .from(parts)
    .where(
      and(
        eq(parts.manufacturer, input.manufacturer),
        eq(parts.codeNorm, normalizeCode(input.code)),
      ),
    )
    .get();
  return clash && clash.id !== exceptId
    ? refuse("duplicate", m.duplicatePart(input.code, input.manufacturer), "code")
    : null;
}

function partRow(input: PartInput) {
  return {
    code: input.code,
    codeNorm: normalizeCode(input.code),
    name: input.name,
    description: input.description,
    categoryId: input.categoryId,
    manufacturer: input.manufacturer,
    mercadoLivreLink: input.mercadoLivreLink || marketplaceSearchLink(input.code),
  };
}

/** Removes every alternative code of the part, then adds the given ones (the first of equal codes wins). */
function replaceAlternativeCodes(partId: number, codes: readonly AlternativeCodeInput[]) {
  db().delete(partAlternativeCodes).where(eq(partAlternativeCodes.partId, partId)).run();
  const seen = new Set<string>();
  const rows = [];
  for (const code of codes) {
    const norm = normalizeCode(code.code);
    if (!norm || seen.has(norm)) continue;
    seen.add(norm);
    rows.push({
      partId,
      alternativeCode: code.code,
      alternativeCodeNorm: norm,
      description: code.description,
    });
  }
  if (rows.length > 0) db().insert(partAlternativeCodes).values(rows).run();
}

/**
 * Makes the part's vehicles exactly the given set: unselected vehicles go; a vehicle that stays
 * keeps its position, side and years (and its notes when none are given); new vehicles are added.
 */
function replaceFitments(partId: number, fitments: readonly FitmentInput[]) {
  const client = db().$client;
  client
    .prepare(
      "delete from part_vehicles where part_id = ? and vehicle_id not in (select value from json_each(?))",
    )
    .run(partId, JSON.stringify(fitments.map((f) => f.vehicleId)));
  const upsertNotes = client.prepare(
    `insert into part_vehicles (part_id, vehicle_id, notes, source) values (?, ?, ?, 'manual')
     on conflict (part_id, vehicle_id) do update set notes = excluded.notes`,
  );
  const insertKeepingNotes = client.prepare(
    `insert into part_vehicles (part_id, vehicle_id, source) values (?, ?, 'manual')
     on conflict (part_id, vehicle_id) do nothing`,
  );
  for (const fitment of fitments) {
    if (fitment.notes === undefined) insertKeepingNotes.run(partId, fitment.vehicleId);
    else upsertNotes.run(partId, fitment.vehicleId, fitment.notes);
  }
}

/** One write transaction; a unique index that refuses it (a concurrent twin) is the duplicate message. */
function write<T>(
  input: Pick<PartInput, "code" | "manufacturer">,
  work: () => Outcome<T>,
): Outcome<T> {
  try {
    return immediateTransaction(db(), work);
  } catch (error) {
    if (isUniqueViolation(error))
      return refuse("duplicate", m.duplicatePart(input.code, input.manufacturer), "code");
    throw error;
  }
}

function logPart(actorId: number, action: string, partId: number) {
  logActivity({ actorId, type: "part", action, entity: "part", entityId: partId });
}

/** Creates a part with its alternative codes and vehicles, in one transaction. */
export function createPart(input: PartInput, actorId: number): Outcome<SavedPart> {
  return write(input, () => {
    const refusal = missingReference(input) ?? duplicateOf(input);
    if (refusal) return refusal;
    const part = db()
      .insert(parts)
      .values(partRow(input))
      .returning({ id: parts.id, code: parts.code })
      .get();
    replaceAlternativeCodes(part.id, input.alternativeCodes ?? []);
    replaceFitments(part.id, input.fitments ?? []);
    logPart(actorId, m.activityCreated(part.code), part.id);
    return { ok: true, value: part };
  });
}

/** Updates a part; alternative codes and vehicles are replaced when given, in the same transaction. */
export function updatePart(id: number, input: PartInput, actorId: number): Outcome<SavedPart> {
  return write(input, () => {
    const existing = db().select({ id: parts.id }).from(parts).where(eq(parts.id, id)).get();
    if (!existing) return refuse("not_found", m.notFound);
    const refusal = missingReference(input) ?? duplicateOf(input, id);
    if (refusal) return refusal;
    db().update(parts).set(partRow(input)).where(eq(parts.id, id)).run();
    if (input.alternativeCodes) replaceAlternativeCodes(id, input.alternativeCodes);
    if (input.fitments) replaceFitments(id, input.fitments);
    logPart(actorId, m.activityUpdated(input.code), id);
    return { ok: true, value: { id, code: input.code } };
  });
}

/** Deletes a part; its alternative codes and fitments go with it (foreign keys cascade). */
export function deletePart(id: number, actorId: number): Outcome<SavedPart> {
  return immediateTransaction(db(), () => {
    const part = db()
      .delete(parts)
      .where(eq(parts.id, id))
      .returning({ id: parts.id, code: parts.code })
      .get();
    if (!part) return refuse("not_found", m.notFound);
    logPart(actorId, m.activityDeleted(part.code), part.id);
    return { ok: true, value: part };
  });
}

// --- One alternative code or one vehicle at a time (the JSON API) -----------------------------

const partCode = (id: number) =>
  db().select({ code: parts.code }).from(parts).where(eq(parts.id, id)).get()?.code;

export function partExists(id: number): boolean {
  return partCode(id) !== undefined;
}

export type AlternativeCodeRow = { id: number; code: string; description: string | null };

/** A part's alternative codes in the order they were added, or undefined when there is no such part. */
export function listAlternativeCodes(partId: number): AlternativeCodeRow[] | undefined {
  if (partCode(partId) === undefined) return undefined;
  return db()
    .select({
      id: partAlternativeCodes.id,
      code: partAlternativeCodes.alternativeCode,
      description: partAlternativeCodes.description,
    })
    .from(partAlternativeCodes)
    .where(eq(partAlternativeCodes.partId, partId))
    .orderBy(asc(partAlternativeCodes.id))
    .all();
}

export function addAlternativeCode(
  partId: number,
  input: AlternativeCodeInput,
  actorId: number,
): Outcome<AlternativeCodeRow> {
  try {
    return immediateTransaction(db(), () => {
      const code = partCode(partId);
      if (code === undefined) return refuse("not_found", m.notFound);
      const norm = normalizeCode(input.code);
      const taken = db()
        .select({ id: partAlternativeCodes.id })
        .from(partAlternativeCodes)
        .where(
          and(
            eq(partAlternativeCodes.partId, partId),
            eq(partAlternativeCodes.alternativeCodeNorm, norm),
          ),
        )
        .get();
      if (taken) return refuse("duplicate", m.alternativeCodeDuplicate, "code");
      const row = db()
        .insert(partAlternativeCodes)
        .values({
          partId,
          alternativeCode: input.code,
          alternativeCodeNorm: norm,
          description: input.description,
        })
        .returning({
          id: partAlternativeCodes.id,
          code: partAlternativeCodes.alternativeCode,
          description: partAlternativeCodes.description,
        })
        .get();
      db().update(parts).set({ updatedAt: new Date() }).where(eq(parts.id, partId)).run();
      logPart(actorId, m.activityUpdated(code), partId);
      return { ok: true, value: row };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("duplicate", m.alternativeCodeDuplicate, "code");
    throw error;
  }
}

/** Removes the alternative code written in any form ("TRW-BR123", "trw br123"...). */
export function removeAlternativeCode(
  partId: number,
  code: string,
  actorId: number,
): Outcome<AlternativeCodeRow> {
  return immediateTransaction(db(), () => {
    const own = partCode(partId);
    if (own === undefined) return refuse("not_found", m.notFound);
    const norm = normalizeCode(code);
    const removed = norm
      ? db()
          .delete(partAlternativeCodes)
          .where(
            and(
              eq(partAlternativeCodes.partId, partId),
              eq(partAlternativeCodes.alternativeCodeNorm, norm),
            ),
          )
          .returning({
            id: partAlternativeCodes.id,
            code: partAlternativeCodes.alternativeCode,
            description: partAlternativeCodes.description,
          })
          .get()
      : undefined;
    if (!removed) return refuse("not_found", m.alternativeCodeNotFound);
    db().update(parts).set({ updatedAt: new Date() }).where(eq(parts.id, partId)).run();
    logPart(actorId, m.activityUpdated(own), partId);
    return { ok: true, value: removed };
  });
}

/** Links a vehicle to the part, or updates the notes of an existing link (keeping its other fields). */
export function linkVehicle(
  partId: number,
  input: { vehicleId: number; notes: string | null },
  actorId: number,
): Outcome<{ created: boolean }> {
  return immediateTransaction(db(), () => {
    const code = partCode(partId);
    if (code === undefined) return refuse("not_found", m.notFound);
    if (!vehiclesByIds([input.vehicleId]).has(input.vehicleId))
      return refuse("invalid_reference", m.vehicleNotFound, "vehicleId");
    const existing = db()
      .select({ id: partVehicles.id })
      .from(partVehicles)
      .where(and(eq(partVehicles.partId, partId), eq(partVehicles.vehicleId, input.vehicleId)))
      .get();
    if (existing)
      db()
        .update(partVehicles)
        .set({ notes: input.notes })
        .where(eq(partVehicles.id, existing.id))
        .run();
    else
      db()
        .insert(partVehicles)
        .values({ partId, vehicleId: input.vehicleId, notes: input.notes, source: "manual" })
        .run();
    logPart(actorId, m.activityUpdated(code), partId);
    return { ok: true, value: { created: !existing } };
  });
}

export function unlinkVehicle(
  partId: number,
  vehicleId: number,
  actorId: number,
): Outcome<{ vehicleId: number }> {
  return immediateTransaction(db(), () => {
    const code = partCode(partId);
    if (code === undefined) return refuse("not_found", m.notFound);
    const removed = db()
      .delete(partVehicles)
      .where(and(eq(partVehicles.partId, partId), eq(partVehicles.vehicleId, vehicleId)))
      .returning({ id: partVehicles.id })
      .get();
    if (!removed) return refuse("not_found", m.fitmentNotFound);
    logPart(actorId, m.activityUpdated(code), partId);
    return { ok: true, value: { vehicleId } };
  });
}
