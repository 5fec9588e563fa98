import { and, eq } from "drizzle-orm";
import { categories, partAlternativeCodes, parts } from "~db/schema";
import type { AlternativeCodeInput, PartFields } from "~/schemas/catalogue/part";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { isUniqueViolation } from "./catalogue-rules.server";
import { refuse, type Outcome } from "../outcome";
import { normalizeCode } from "~/utils/codes";
import { marketplaceSearchLink } from "./part.server";

const m = messages.parts;

/** Creating, updating and deleting a part with its alternative codes and vehicles, one transaction each. */

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

/** The ones of `ids` that are vehicles. */
export const existingVehicleIds = (ids: readonly number[]) =>
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
    const found = existingVehicleIds(ids);
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

/** The activity log's line for a change to a part. */
export function logPartChange(actorId: number, action: string, partId: number) {
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
    logPartChange(actorId, m.activityCreated(part.code), part.id);
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
    logPartChange(actorId, m.activityUpdated(input.code), id);
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
    logPartChange(actorId, m.activityDeleted(part.code), part.id);
    return { ok: true, value: part };
  });
}
