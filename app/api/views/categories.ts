import type { CategoryWithCount } from "~/models/catalogue/index.server";

/** The spec's Category (/api/parts/categories) with its parts count. */
export function categoryView(category: CategoryWithCount) {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    parts_count: category.partsCount,
    created_at: category.createdAt.toISOString(),
    updated_at: category.updatedAt.toISOString(),
  };
}
