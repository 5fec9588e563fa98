import { z } from "zod";
import type { CategoryWithCount } from "~/models/catalogue/index.server";

/** The spec's Category (/api/parts/categories) with its parts count. */
export const categoryViewSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string().nullable(),
  parts_count: z.int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type CategoryView = z.infer<typeof categoryViewSchema>;

export function categoryView(category: CategoryWithCount): CategoryView {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    parts_count: category.partsCount,
    created_at: category.createdAt.toISOString(),
    updated_at: category.updatedAt.toISOString(),
  };
}
