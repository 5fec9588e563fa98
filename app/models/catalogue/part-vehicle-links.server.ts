import { and, eq } from "drizzle-orm";
import { partVehicles } from "~db/schema";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { refuse, type Outcome } from "../outcome";
import { partCodeOf } from "./part.server";
import { existingVehicleIds, logPartChange } from "./part-write.server";

const m = messages.parts;

/** One vehicle at a time (the JSON API); the part form replaces the whole set in part-write. */

/** Links a vehicle to the part, or updates the notes of an existing link (keeping its other fields). */
export function linkVehicle(
  partId: number,
  input: { vehicleId: number; notes: string | null },
  actorId: number,
): Outcome<{ created: boolean }> {
  return immediateTransaction(db(), () => {
    const code = partCodeOf(partId);
    if (code === undefined) return refuse("not_found", m.notFound);
    if (!existingVehicleIds([input.vehicleId]).has(input.vehicleId))
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
    logPartChange(actorId, m.activityUpdated(code), partId);
    return { ok: true, value: { created: !existing } };
  });
}

export function unlinkVehicle(
  partId: number,
  vehicleId: number,
  actorId: number,
): Outcome<{ vehicleId: number }> {
  return immediateTransaction(db(), () => {
    const code = partCodeOf(partId);
    if (code === undefined) return refuse("not_found", m.notFound);
    const removed = db()
      .delete(partVehicles)
      .where(and(eq(partVehicles.partId, partId), eq(partVehicles.vehicleId, vehicleId)))
      .returning({ id: partVehicles.id })
      .get();
    if (!removed) return refuse("not_found", m.fitmentNotFound);
    logPartChange(actorId, m.activityUpdated(code), partId);
    return { ok: true, value: { vehicleId } };
  });
}
