import { asc, count, desc, eq } from "drizzle-orm";
import { categories, parts } from "~db/schema";
import { db } from "~/utils/db.server";

export const DEFAULT_FEATURED_CATEGORIES = [
  { name: "Freios", icon: "🛑" },
  { name: "Motor", icon: "⚙️" },
  { name: "Suspensão", icon: "🔧" },
  { name: "Elétrica", icon: "⚡" },
  { name: "Transmissão", icon: "🔩" },
  { name: "Filtros", icon: "🧴" },
];
export const FEATURED_CATEGORIES_CAP = 6;

/** Up to six categories with the most parts; the spec's six defaults at zero on an empty catalogue. */
export function featuredCategories() {
  const rows = db()
    .select({ id: categories.id, name: categories.name, icon: categories.icon, partsCount: count(parts.id) })
    .from(categories)
    .leftJoin(parts, eq(parts.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(desc(count(parts.id)), asc(categories.name))
    .limit(FEATURED_CATEGORIES_CAP)
    .all();
  if (rows.length > 0) return rows.map((r) => ({ ...r, icon: r.icon ?? "🔧" }));
  return DEFAULT_FEATURED_CATEGORIES.map((c, i) => ({ id: -(i + 1), ...c, partsCount: 0 }));
}
