import { and, count, eq, inArray } from "drizzle-orm";
import { categories, parts, partVehicles } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { refuse, type Outcome } from "../outcome";
import { listPartsPage } from "./part-list.server";
import { partSummaryColumns } from "./part.server";
import { getVehicle, vehicleLabel, type VehicleRow } from "./vehicle.server";

/** The set of parts a vehicle fits, and the compatibility dialog's parts picker. */

export const PART_PICKER_PAGE_SIZE = 10;
/** SQLite binds at most 32766 variables per statement; id lists are written in slices well below. */
const ID_CHUNK = 500;

const m = messages.catalogue;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ID_CHUNK) out.push(items.slice(i, i + ID_CHUNK));
  return out;
}

export function allPartsExist(ids: number[]): boolean {
  const wanted = [...new Set(ids)];
  let found = 0;
  for (const slice of chunks(wanted))
    found += db().select({ n: count() }).from(parts).where(inArray(parts.id, slice)).get()?.n ?? 0;
  return found === wanted.length;
}

/** The fitment change itself, inside the caller's transaction; the kept fitments keep their notes. */
export function applyVehicleParts(
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
      action: m.activityFitmentsUpdated(vehicleLabel(vehicle), toAdd.length, toRemove.length),
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
