import { asc, count, eq } from "drizzle-orm";
import { brands, vehicles } from "~db/schema";
import type { BrandInput } from "~/schemas/catalogue";
import { db, immediateTransaction } from "~/utils/db.server";
import { messages } from "~/utils/messages";
import { logActivity } from "./activity.server";
import {
  isUniqueViolation,
  nameCollator,
  refuse,
  type Outcome,
} from "./catalogue-rules.server";
import { foldName } from "~/utils/codes";

/**
 * The brands offered when registering vehicles. A vehicle keeps its brand as text, so a brand is
 * "used" by the vehicles whose brand is exactly its name: renaming carries them along, deleting is
 * refused while any remain.
 */

export type BrandRow = { id: number; name: string; vehiclesCount: number };

const m = messages.catalogue;

function vehiclesUsing(name: string): number {
  return db().select({ n: count() }).from(vehicles).where(eq(vehicles.brand, name)).get()?.n ?? 0;
}

export function listBrands(): BrandRow[] {
  const usage = new Map(
    db()
      .select({ brand: vehicles.brand, n: count() })
      .from(vehicles)
      .groupBy(vehicles.brand)
      .all()
      .map((row) => [row.brand, row.n]),
  );
  return db()
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .orderBy(asc(brands.name))
    .all()
    .map((brand) => ({ ...brand, vehiclesCount: usage.get(brand.name) ?? 0 }))
    .sort((a, b) => nameCollator.compare(a.name, b.name));
}

export function getBrand(id: number): BrandRow | undefined {
  const brand = db()
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(eq(brands.id, id))
    .get();
  return brand && { ...brand, vehiclesCount: vehiclesUsing(brand.name) };
}

function brandNameTaken(name: string, exceptId?: number): boolean {
  const wanted = foldName(name);
  return db()
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .all()
    .some((b) => b.id !== exceptId && foldName(b.name) === wanted);
}

function saveBrand(write: () => Outcome<number>): Outcome<BrandRow> {
  try {
    const saved = immediateTransaction(db(), write);
    return saved.ok ? { ok: true, value: getBrand(saved.value)! } : saved;
  } catch (error) {
    if (isUniqueViolation(error)) return refuse(400, m.brandNameTaken, "name");
    throw error;
  }
}

export function createBrand(input: BrandInput, actorId: number): Outcome<BrandRow> {
  return saveBrand(() => {
    if (brandNameTaken(input.name)) return refuse(400, m.brandNameTaken, "name");
    const { id } = db()
      .insert(brands)
      .values({ name: input.name })
      .returning({ id: brands.id })
      .get();
    logActivity({
      actorId,
      type: "catalogue",
      action: `Criou a marca ${input.name}`,
      entity: "brand",
      entityId: id,
    });
    return { ok: true, value: id };
  });
}

/** Renames the brand and, in the same transaction, the vehicles that carry its old name. */
export function renameBrand(
  id: number,
  input: BrandInput,
  actorId: number,
): Outcome<BrandRow & { vehiclesRenamed: number }> {
  let vehiclesRenamed = 0;
  const saved = saveBrand(() => {
    const current = db().select().from(brands).where(eq(brands.id, id)).get();
    if (!current) return refuse(404, m.brandNotFound);
    if (brandNameTaken(input.name, id)) return refuse(400, m.brandNameTaken, "name");
    if (current.name === input.name) return { ok: true, value: id };
    db().update(brands).set({ name: input.name }).where(eq(brands.id, id)).run();
    vehiclesRenamed = db()
      .update(vehicles)
      .set({ brand: input.name })
      .where(eq(vehicles.brand, current.name))
      .run().changes;
    logActivity({
      actorId,
      type: "catalogue",
      action: `Renomeou a marca ${current.name} para ${input.name} (${vehiclesRenamed} veículo(s) atualizados)`,
      entity: "brand",
      entityId: id,
    });
    return { ok: true, value: id };
  });
  return saved.ok ? { ok: true, value: { ...saved.value, vehiclesRenamed } } : saved;
}

export function deleteBrand(id: number, actorId: number): Outcome<{ id: number; name: string }> {
  return immediateTransaction(db(), () => {
    const current = db().select().from(brands).where(eq(brands.id, id)).get();
    if (!current) return refuse(404, m.brandNotFound);
    const inUse = vehiclesUsing(current.name);
    if (inUse > 0) return refuse(409, m.brandInUse(inUse));
    db().delete(brands).where(eq(brands.id, id)).run();
    logActivity({
      actorId,
      type: "catalogue",
      action: `Excluiu a marca ${current.name}`,
      entity: "brand",
      entityId: id,
    });
    return { ok: true, value: { id, name: current.name } };
  });
}
