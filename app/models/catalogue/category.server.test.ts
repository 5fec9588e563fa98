import { describe, expect, it } from "vitest";
import { categories } from "~db/schema";
import { db } from "~/utils/db.server";
import { createCategory, createPart } from "../../../tests/support/factories";
import {
  DEFAULT_FEATURED_CATEGORIES,
  FEATURED_CATEGORIES_CAP,
  categoriesByPartCount,
  featuredCategories,
} from "./category.server";

describe("featured categories", () => {
  it("shows the spec's six defaults at zero while there is no category", () => {
    db().delete(categories).run();
    expect(featuredCategories()).toEqual(
      DEFAULT_FEATURED_CATEGORIES.map((c, i) => ({ id: -(i + 1), ...c, partsCount: 0 })),
    );
  });

  it("takes the six with the most parts, ties by name, and counts a new part at once", () => {
    const named = Object.fromEntries(
      ["Motor", "Freios", "Elétrica", "Arrefecimento", "Filtros", "Suspensão", "Vazia"].map(
        (name) => [name, createCategory(name).id],
      ),
    );
    const parts: [string, number][] = [
      ["Freios", 3],
      ["Motor", 2],
      ["Filtros", 2],
      ["Elétrica", 1],
      ["Arrefecimento", 1],
      ["Suspensão", 1],
    ];
    let n = 0;
    for (const [category, howMany] of parts)
      for (let i = 0; i < howMany; i++)
        createPart({ code: `FC-${n++}`, name: "Peça", categoryId: named[category] });
    createPart({ code: `FC-${n++}`, name: "Sem categoria" });

    expect(featuredCategories().map((c) => [c.name, c.partsCount])).toEqual([
      ["Freios", 3],
      ["Filtros", 2],
      ["Motor", 2],
      ["Arrefecimento", 1],
      ["Elétrica", 1],
      ["Suspensão", 1],
    ]);
    expect(featuredCategories()).toHaveLength(FEATURED_CATEGORIES_CAP);
    expect(categoriesByPartCount().at(-1)).toMatchObject({ name: "Vazia", partsCount: 0 });

    createPart({ code: `FC-${n++}`, name: "Peça", categoryId: named.Suspensão });
    expect(featuredCategories()[3]).toMatchObject({ name: "Suspensão", partsCount: 2 });
  });
});
