import { count, eq } from "drizzle-orm";
import { categories, parts } from "~db/schema";
import { cachedStatement, db, slowAggregate } from "~/utils/db.server";
import * as messages from "~/messages";

const featured = messages.catalogue.defaultFeatured;
/** The page draws each category's icon from its name (components/category-icon), not from data. */
export const DEFAULT_FEATURED_CATEGORIES = [
  { name: featured.brakes },
  { name: featured.engine },
  { name: featured.suspension },
  { name: featured.electrical },
  { name: featured.transmission },
  { name: featured.filters },
];
export const FEATURED_CATEGORIES_CAP = 6;

/** Parts per category id: one pass over the category index, reused a while on a large catalogue. */
const partsPerCategory = slowAggregate(
  () =>
    new Map(
      (
        cachedStatement(
          `select category_id as id, count(*) as n from parts where category_id is not null group by category_id`,
        ).all() as { id: number; n: number }[]
      ).map((row) => [row.id, row.n]),
    ),
);

/** Every category with its parts count, the most parts first and ties by name (pt-BR order). */
export function categoriesByPartCount() {
  const counts = partsPerCategory();
  return db()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .all()
    .map((category) => ({ ...category, partsCount: counts.get(category.id) ?? 0 }))
    .sort((a, b) => b.partsCount - a.partsCount || nameCollator.compare(a.name, b.name));
}

/** Up to six categories with the most parts; the spec's six defaults at zero on an empty catalogue. */
export function featuredCategories() {
  const rows = categoriesByPartCount().slice(0, FEATURED_CATEGORIES_CAP);
  if (rows.length > 0) return rows;
  return DEFAULT_FEATURED_CATEGORIES.map((c, i) => ({ id: -(i + 1), ...c, partsCount: 0 }));
}

// ---------------------------------------------------------------------------------------------
// Categories management (admin): list with parts count, create, update, delete.
// ---------------------------------------------------------------------------------------------

import type { CategoryInput } from "~/schemas/catalogue/catalogue";
import { immediateTransaction } from "~/utils/db.server";
import { logActivity } from "../activity/activity.server";
import { isUniqueViolation, nameCollator } from "./catalogue-rules.server";
import { refuse, type Outcome } from "../outcome";
import { foldName } from "~/utils/codes";

export type CategoryWithCount = {
  id: number;
  name: string;
  description: string | null;
  partsCount: number;
  createdAt: Date;
  updatedAt: Date;
};

const cm = messages.catalogue;

function categoriesWithCounts(id?: number): CategoryWithCount[] {
  const query = db()
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      partsCount: count(parts.id),
      createdAt: categories.createdAt,
      updatedAt: categories.updatedAt,
    })
    .from(categories)
    .leftJoin(parts, eq(parts.categoryId, categories.id))
    .groupBy(categories.id)
    .$dynamic();
  return (id === undefined ? query : query.where(eq(categories.id, id))).all();
}

/** Every category with how many parts it holds, in pt-BR order; `search` matches name or description, ignoring case and accents. */
export function listCategories(search = ""): CategoryWithCount[] {
  const needle = foldName(search);
  return categoriesWithCounts()
    .filter(
      (c) =>
        !needle ||
        foldName(c.name).includes(needle) ||
        foldName(c.description ?? "").includes(needle),
    )
    .sort((a, b) => nameCollator.compare(a.name, b.name));
}

export function getCategory(id: number): CategoryWithCount | undefined {
  return categoriesWithCounts(id)[0];
}

function categoryNameTaken(name: string, exceptId?: number): boolean {
  const wanted = foldName(name);
  return db()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .all()
    .some((c) => c.id !== exceptId && foldName(c.name) === wanted);
}

function saveCategory(write: () => Outcome<number>): Outcome<CategoryWithCount> {
  try {
    const saved = immediateTransaction(db(), write);
    return saved.ok ? { ok: true, value: getCategory(saved.value)! } : saved;
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("name_taken", cm.categoryNameTaken, "name");
    throw error;
  }
}

export function createCategory(input: CategoryInput, actorId: number): Outcome<CategoryWithCount> {
  return saveCategory(() => {
    if (categoryNameTaken(input.name)) return refuse("name_taken", cm.categoryNameTaken, "name");
    const { id } = db().insert(categories).values(input).returning({ id: categories.id }).get();
    logActivity({
      actorId,
      type: "catalogue",
      action: cm.activityCategoryCreated(input.name),
      entity: "category",
      entityId: id,
    });
    return { ok: true, value: id };
  });
}

export function updateCategory(
  id: number,
  input: CategoryInput,
  actorId: number,
): Outcome<CategoryWithCount> {
  return saveCategory(() => {
    const current = db().select().from(categories).where(eq(categories.id, id)).get();
    if (!current) return refuse("not_found", cm.categoryNotFound);
    if (categoryNameTaken(input.name, id))
      return refuse("name_taken", cm.categoryNameTaken, "name");
    db().update(categories).set(input).where(eq(categories.id, id)).run();
    logActivity({
      actorId,
      type: "catalogue",
      action: cm.activityCategoryUpdated(
        input.name,
        current.name === input.name ? null : current.name,
      ),
      entity: "category",
      entityId: id,
    });
    return { ok: true, value: id };
  });
}

/** Refused while any part is in the category: parts are moved first, never left without one silently. */
export function deleteCategory(id: number, actorId: number): Outcome<{ id: number; name: string }> {
  return immediateTransaction(db(), () => {
    const current = db().select().from(categories).where(eq(categories.id, id)).get();
    if (!current) return refuse("not_found", cm.categoryNotFound);
    const inUse =
      db().select({ n: count() }).from(parts).where(eq(parts.categoryId, id)).get()?.n ?? 0;
    if (inUse > 0) return refuse("in_use", cm.categoryInUse(inUse));
    db().delete(categories).where(eq(categories.id, id)).run();
    logActivity({
      actorId,
      type: "catalogue",
      action: cm.activityCategoryDeleted(current.name),
      entity: "category",
      entityId: id,
    });
    return { ok: true, value: { id, name: current.name } };
  });
}
