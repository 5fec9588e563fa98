import { eq } from "drizzle-orm";
import { partVehicles, vehicles } from "~db/schema";
import type { VehicleInput } from "~/schemas/catalogue/catalogue";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { isUniqueViolation } from "./catalogue-rules.server";
import { refuse, type Outcome } from "../outcome";
import { getVehicle, vehicleLabel, type VehicleRow } from "./vehicle.server";
import { allPartsExist, applyVehicleParts } from "./vehicle-parts.server";

/**
 * Creating, updating and deleting a vehicle. Deleting a vehicle removes its fitments with it; the
 * confirmation says how many.
 */

const m = messages.catalogue;

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
      action: m.activityVehicleCreated(vehicleLabel(input)),
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
      action: m.activityVehicleUpdated(vehicleLabel(input)),
      entity: "vehicle",
      entityId: id,
    });
    if (partIds) applyVehicleParts({ id, ...input }, partIds, actorId);
    return { ok: true, value: id };
  }, m.vehicleUpdateFailed);
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
      action: m.activityVehicleDeleted(label, removed),
      entity: "vehicle",
      entityId: id,
    });
    return { ok: true, value: { id, label, removedCompatibilities: removed } };
  });
}
