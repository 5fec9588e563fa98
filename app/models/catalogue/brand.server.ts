import { asc, count, eq } from "drizzle-orm";
import { brands, vehicles } from "~db/schema";
import type { BrandInput } from "~/schemas/catalogue/catalogue";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { isUniqueViolation, nameCollator } from "./catalogue-rules.server";
import { refuse, type Outcome } from "../outcome";
import { foldName } from "~/utils/codes";
import { brandsInUse } from "./vehicle.server";

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

const brandNameCollator = new Intl.Collator("pt-BR", { sensitivity: "base" });

/**
 * Every brand name a filter can offer: the brands table and the brands vehicles actually use, one
 * entry per name ignoring case and accents (the brands table's spelling wins), in pt-BR order.
 */
export function vehicleBrandNames(): string[] {
  const registered = db()
    .select({ name: brands.name })
    .from(brands)
    .orderBy(asc(brands.name))
    .all()
    .map((row) => row.name);
  const byKey = new Map<string, string>();
  for (const name of [...registered, ...brandsInUse()]) {
    const trimmed = name.trim();
    if (!trimmed) continue;
    const key = foldName(trimmed);
    if (!byKey.has(key)) byKey.set(key, trimmed);
  }
  return [...byKey.values()].sort(brandNameCollator.compare);
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
    if (isUniqueViolation(error)) return refuse("name_taken", m.brandNameTaken, "name");
    throw error;
  }
}

export function createBrand(input: BrandInput, actorId: number): Outcome<BrandRow> {
  return saveBrand(() => {
    if (brandNameTaken(input.name)) return refuse("name_taken", m.brandNameTaken, "name");
    const { id } = db()
      .insert(brands)
      .values({ name: input.name })
      .returning({ id: brands.id })
      .get();
    logActivity({
      actorId,
      type: "catalogue",
      action: m.activityBrandCreated(input.name),
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
    if (!current) return refuse("not_found", m.brandNotFound);
    if (brandNameTaken(input.name, id)) return refuse("name_taken", m.brandNameTaken, "name");
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
      action: m.activityBrandRenamed(current.name, input.name, vehiclesRenamed),
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
    if (!current) return refuse("not_found", m.brandNotFound);
    const inUse = vehiclesUsing(current.name);
    if (inUse > 0) return refuse("in_use", m.brandInUse(inUse));
    db().delete(brands).where(eq(brands.id, id)).run();
    logActivity({
      actorId,
      type: "catalogue",
      action: m.activityBrandDeleted(current.name),
      entity: "brand",
      entityId: id,
    });
    return { ok: true, value: { id, name: current.name } };
  });
}
