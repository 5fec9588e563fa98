import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { categories, parts, partVehicles, vehicles } from "~db/schema";
import type { VehicleInput, VehicleType } from "~/schemas/catalogue";
import { pageBounds } from "~/utils/paging";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { isUniqueViolation, likePattern } from "./catalogue-rules.server";
import { refuse, type Outcome } from "../outcome";
import { vehicleNameColumns } from "./fitment.server";
import { listPartsPage, partSummaryColumns } from "./part.server";

/**
 * Vehicles management (admin): the paged list with filters, detail with compatible parts, create,
 * update, delete, and the set of parts a vehicle fits. Deleting a vehicle removes its fitments
 * with it; the confirmation says how many.
 */

export const VEHICLE_PAGE_SIZE = 20;
export const PART_PICKER_PAGE_SIZE = 10;
/** SQLite binds at most 32766 variables per statement; id lists are written in slices well below. */
const ID_CHUNK = 500;

const m = messages.catalogue;

export type VehicleFilters = { type?: VehicleType; q?: string; brand?: string; year?: number };

// Spelled out: drizzle would print the bare column "id", which the subquery reads as pv.id.
const compatibleParts = sql<number>`(select count(*) from part_vehicles pv where pv.vehicle_id = "vehicles"."id")`;

const vehicleColumns = {
  ...vehicleNameColumns,
  fuel: vehicles.fuel,
  transmission: vehicles.transmission,
  bodyType: vehicles.bodyType,
  vehicleType: vehicles.vehicleType,
  fipeCode: vehicles.fipeCode,
  createdAt: vehicles.createdAt,
  updatedAt: vehicles.updatedAt,
  compatibleParts,
};

export type VehicleRow = {
  id: number;
  brand: string;
  model: string;
  generation: string | null;
  year: number;
  version: string;
  engine: string | null;
  fuel: string | null;
  transmission: string | null;
  bodyType: string | null;
  vehicleType: VehicleType;
  fipeCode: string | null;
  createdAt: Date;
  updatedAt: Date;
  compatibleParts: number;
};

/** "Volkswagen Gol 2015 1.0 MPI": how a vehicle is named in confirmations and titles. */
export function vehicleLabel(
  vehicle: Pick<VehicleRow, "brand" | "model" | "year" | "version">,
): string {
  return `${vehicle.brand} ${vehicle.model} ${vehicle.year} ${vehicle.version}`;
}

/** Each word of the search must appear in the brand, model, version, engine, generation or year. */
function filterConditions(filters: VehicleFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.type) conditions.push(eq(vehicles.vehicleType, filters.type));
  if (filters.brand) conditions.push(eq(vehicles.brand, filters.brand));
  if (filters.year) conditions.push(eq(vehicles.year, filters.year));
  for (const word of (filters.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = likePattern(word);
    conditions.push(
      or(
        ...[
          vehicles.brand,
          vehicles.model,
          vehicles.version,
          vehicles.engine,
          vehicles.generation,
        ].map((column) => sql`${column} like ${pattern} escape '\\'`),
        sql`cast(${vehicles.year} as text) = ${word}`,
      ),
    );
  }
  return and(...conditions);
}

function vehicleItems(where: SQL | undefined, limit: number, offset: number): VehicleRow[] {
  return db()
    .select(vehicleColumns)
    .from(vehicles)
    .where(where)
    .orderBy(
      asc(vehicles.brand),
      asc(vehicles.model),
      desc(vehicles.year),
      asc(vehicles.version),
      asc(vehicles.id),
    )
    .limit(limit)
    .offset(offset)
    .all();
}

function vehicleTotal(where: SQL | undefined): number {
  return db().select({ n: count() }).from(vehicles).where(where).get()?.n ?? 0;
}

/** A window of the filtered list, as the API's limit/offset reads it. */
export function listVehicles(
  filters: VehicleFilters,
  window: { limit: number; offset: number },
): { items: VehicleRow[]; total: number } {
  const where = filterConditions(filters);
  return { items: vehicleItems(where, window.limit, window.offset), total: vehicleTotal(where) };
}

/** One page of the vehicle list (20 a page, offset = (page − 1) × 20); a page past the end shows the last. */
export function vehiclePage(filters: VehicleFilters, requestedPage: number) {
  const where = filterConditions(filters);
  const total = vehicleTotal(where);
  const { page, pages } = pageBounds(total, VEHICLE_PAGE_SIZE, requestedPage);
  return {
    items: vehicleItems(where, VEHICLE_PAGE_SIZE, (page - 1) * VEHICLE_PAGE_SIZE),
    total,
    page,
    pages,
  };
}

export function getVehicle(id: number): VehicleRow | undefined {
  return db().select(vehicleColumns).from(vehicles).where(eq(vehicles.id, id)).get();
}

export type CompatiblePart = {
  partId: number;
  code: string;
  name: string;
  categoryName: string | null;
  manufacturer: string;
  notes: string | null;
};

const { id: partId, ...partSummary } = partSummaryColumns;
const compatiblePartColumns = { partId, ...partSummary };

export function compatiblePartsOf(vehicleId: number): CompatiblePart[] {
  return db()
    .select({ ...compatiblePartColumns, notes: partVehicles.notes })
    .from(partVehicles)
    .innerJoin(parts, eq(parts.id, partVehicles.partId))
    .leftJoin(categories, eq(categories.id, parts.categoryId))
    .where(eq(partVehicles.vehicleId, vehicleId))
    .orderBy(sql`coalesce(${categories.name}, 'zzz')`, asc(parts.code), asc(parts.id))
    .all();
}

export function getVehicleWithParts(
  id: number,
): (VehicleRow & { parts: CompatiblePart[] }) | undefined {
  const vehicle = getVehicle(id);
  return vehicle && { ...vehicle, parts: compatiblePartsOf(id) };
}

/** The years vehicles exist in, newest first. */
export function vehicleYears(): number[] {
  return db()
    .selectDistinct({ year: vehicles.year })
    .from(vehicles)
    .orderBy(desc(vehicles.year))
    .all()
    .map((row) => row.year);
}

/** The brands the list's filter offers for one vehicle type, in pt-BR order. */
export function brandsInUse(type?: VehicleType): string[] {
  return db()
    .selectDistinct({ brand: vehicles.brand })
    .from(vehicles)
    .where(type ? eq(vehicles.vehicleType, type) : undefined)
    .orderBy(asc(vehicles.brand))
    .all()
    .map((row) => row.brand);
}

function saveVehicle(write: () => Outcome<number>, failure: string): Outcome<VehicleRow> {
  try {
    const saved = immediateTransaction(db(), write);
    return saved.ok ? { ok: true, value: getVehicle(saved.value)! } : saved;
  } catch (error) {
    // The only unique rule on vehicles: one FIPE code per year (imported vehicles).
    if (isUniqueViolation(error)) return refuse("duplicate", failure);
    throw error;
  }
}

export function createVehicle(input: VehicleInput, actorId: number): Outcome<VehicleRow> {
  return saveVehicle(() => {
    const { id } = db().insert(vehicles).values(input).returning({ id: vehicles.id }).get();
    logActivity({
      actorId,
      type: "catalogue",
      action: `Criou o veículo ${vehicleLabel(input)}`,
      entity: "vehicle",
      entityId: id,
    });
    return { ok: true, value: id };
  }, m.vehicleCreateFailed);
}

/**
 * Saves the vehicle's fields and, when `partIds` is given, makes those the parts it fits — in one
 * transaction, so a bad part id changes nothing.
 */
export function updateVehicle(
  id: number,
  input: VehicleInput,
  actorId: number,
  partIds?: number[],
): Outcome<VehicleRow> {
  return saveVehicle(() => {
    if (partIds && !allPartsExist(partIds))
      return refuse("invalid_reference", m.invalidParts, "compatible_part_ids");
    const changed = db().update(vehicles).set(input).where(eq(vehicles.id, id)).run().changes;
    if (changed === 0) return refuse("not_found", m.vehicleNotFound);
    logActivity({
      actorId,
      type: "catalogue",
      action: `Atualizou o veículo ${vehicleLabel(input)}`,
      entity: "vehicle",
      entityId: id,
    });
    if (partIds) applyVehicleParts({ id, ...input }, partIds, actorId);
    return { ok: true, value: id };
  }, m.vehicleUpdateFailed);
}

export function fitmentCount(vehicleId: number): number {
  return (
    db()
      .select({ n: count() })
      .from(partVehicles)
      .where(eq(partVehicles.vehicleId, vehicleId))
      .get()?.n ?? 0
  );
}

/** Deletes the vehicle and its fitments (the confirmation named how many), never a part. */
export function deleteVehicle(
  id: number,
  actorId: number,
): Outcome<{ id: number; label: string; removedCompatibilities: number }> {
  return immediateTransaction(db(), () => {
    const vehicle = getVehicle(id);
    if (!vehicle) return refuse("not_found", m.vehicleNotFound);
    const removed = db().delete(partVehicles).where(eq(partVehicles.vehicleId, id)).run().changes;
    db().delete(vehicles).where(eq(vehicles.id, id)).run();
    const label = vehicleLabel(vehicle);
    logActivity({
      actorId,
      type: "catalogue",
      action: `Excluiu o veículo ${label} e ${removed} compatibilidade(s)`,
      entity: "vehicle",
      entityId: id,
    });
    return { ok: true, value: { id, label, removedCompatibilities: removed } };
  });
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ID_CHUNK) out.push(items.slice(i, i + ID_CHUNK));
  return out;
}

function allPartsExist(ids: number[]): boolean {
  const wanted = [...new Set(ids)];
  let found = 0;
  for (const slice of chunks(wanted))
    found += db().select({ n: count() }).from(parts).where(inArray(parts.id, slice)).get()?.n ?? 0;
  return found === wanted.length;
}

/** The fitment change itself, inside the caller's transaction; the kept fitments keep their notes. */
function applyVehicleParts(
  vehicle: Pick<VehicleRow, "id" | "brand" | "model" | "year" | "version">,
  partIds: number[],
  actorId: number,
) {
  const wanted = [...new Set(partIds)];
  const current = new Set(
    db()
      .select({ partId: partVehicles.partId })
      .from(partVehicles)
      .where(eq(partVehicles.vehicleId, vehicle.id))
      .all()
      .map((r) => r.partId),
  );
  const wantedSet = new Set(wanted);
  const toRemove = [...current].filter((id) => !wantedSet.has(id));
  const toAdd = wanted.filter((id) => !current.has(id));
  for (const slice of chunks(toRemove)) {
    db()
      .delete(partVehicles)
      .where(and(eq(partVehicles.vehicleId, vehicle.id), inArray(partVehicles.partId, slice)))
      .run();
  }
  for (const slice of chunks(toAdd)) {
    db()
      .insert(partVehicles)
      .values(slice.map((partId) => ({ partId, vehicleId: vehicle.id, source: "admin" })))
      .run();
  }
  if (toAdd.length + toRemove.length > 0) {
    logActivity({
      actorId,
      type: "catalogue",
      action: `Atualizou a compatibilidade do veículo ${vehicleLabel(vehicle)}: ${toAdd.length} peça(s) adicionada(s), ${toRemove.length} removida(s)`,
      entity: "vehicle",
      entityId: vehicle.id,
    });
  }
  return { added: toAdd.length, removed: toRemove.length, total: wanted.length };
}

/**
 * Makes `partIds` the parts this vehicle fits: fitments not listed are removed, new ones added;
 * the ones kept keep their notes, position and years. All or nothing.
 */
export function setVehicleParts(
  vehicleId: number,
  partIds: number[],
  actorId: number,
): Outcome<{ added: number; removed: number; total: number }> {
  return immediateTransaction(db(), () => {
    const vehicle = getVehicle(vehicleId);
    if (!vehicle) return refuse("not_found", m.vehicleNotFound);
    if (!allPartsExist(partIds)) return refuse("invalid_reference", m.invalidParts, "partIds");
    return { ok: true, value: applyVehicleParts(vehicle, partIds, actorId) };
  });
}

export type PickerPart = {
  id: number;
  code: string;
  name: string;
  manufacturer: string;
  categoryName: string | null;
};

/**
 * One page of the compatibility dialog's parts picker: the admin parts list's search (a code in
 * any spelling, "BR-123" finds "BR123", an alternative code, the name or the manufacturer; exact
 * and starting codes first). Never loads the whole catalogue.
 */
export async function searchPartsForPicker(
  query: string,
  requestedPage = 1,
  perPage = PART_PICKER_PAGE_SIZE,
) {
  const { items, total, page, pages } = await listPartsPage(
    { q: query, page: requestedPage },
    perPage,
  );
  return {
    items: items.map(({ id, code, name, manufacturer, categoryName }): PickerPart => ({
      id,
      code,
      name,
      manufacturer,
      categoryName,
    })),
    total,
    page,
    pages,
  };
}

/** The picked parts by id, in code order (unknown ids are left out). */
export function partsByIds(ids: number[]): PickerPart[] {
  const out: PickerPart[] = [];
  for (const slice of chunks([...new Set(ids)])) {
    out.push(
      ...db()
        .select(partSummaryColumns)
        .from(parts)
        .leftJoin(categories, eq(categories.id, parts.categoryId))
        .where(inArray(parts.id, slice))
        .all(),
    );
  }
  return out.sort((a, b) => a.code.localeCompare(b.code, "pt-BR") || a.id - b.id);
}

/** The ids of the parts a vehicle fits now: the compatibility dialog's starting selection. */
export function compatiblePartIds(vehicleId: number): number[] {
  return db()
    .select({ partId: partVehicles.partId })
    .from(partVehicles)
    .where(eq(partVehicles.vehicleId, vehicleId))
    .all()
    .map((r) => r.partId);
}
