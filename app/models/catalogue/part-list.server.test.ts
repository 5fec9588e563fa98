import { beforeAll, describe, expect, it } from "vitest";
import {
  createCategory,
  createPart as insertPart,
  createPickerVehicles,
  fit,
} from "../../../tests/support/factories";
import { listPartsPage, queryParts } from "./part-list.server";

let otherCategoryId: number;
const vehicleIds: number[] = [];

beforeAll(() => {
  createCategory("Freios Modelo");
  otherCategoryId = createCategory("Motor Modelo").id;
  vehicleIds.push(...createPickerVehicles());
  // The part the write tests moved into this category, so filtering by it has something to find.
  insertPart({ code: "UP-1", name: "Pastilha nova", categoryId: otherCategoryId });
});

describe("the admin list", () => {
  let listed: number;
  beforeAll(() => {
    const category = createCategory("Lista Modelo").id;
    const part = insertPart({
      code: "LST-55.10",
      name: "Amortecedor dianteiro",
      manufacturer: "Nakata",
      categoryId: category,
      alternatives: ["ZZ-3", "AA-1", "MM-2"],
    });
    listed = part.id;
    fit(part.id, vehicleIds[0]!);
    fit(part.id, vehicleIds[1]!);
    for (let i = 0; i < 25; i++)
      insertPart({
        code: `PAGE-${String(i).padStart(2, "0")}`,
        name: `Peça de página ${i}`,
        categoryId: category,
      });
  });

  it("finds a part by its code typed any way, an alternative code, the name or the manufacturer", async () => {
    for (const q of ["lst 5510", "ST-55", "mm 2", "amortecedor", "nakata"]) {
      expect(
        (await queryParts({ q }, 20, 0)).items.map((p) => p.id),
        q,
      ).toContain(listed);
    }
    expect(await queryParts({ q: "inexistente-xyz" }, 20, 0)).toEqual({ items: [], total: 0 });
  });

  it("shows the counts, the first two alternative codes and the category", async () => {
    const [item] = (await queryParts({ q: "LST5510" }, 20, 0)).items;
    expect(item).toMatchObject({
      code: "LST-55.10",
      categoryName: "Lista Modelo",
      alternativeCodesCount: 3,
      firstAlternativeCodes: ["AA-1", "MM-2"],
      vehiclesCount: 2,
    });
  });

  it("filters by category and pages by 20, a page past the end showing the last", async () => {
    const first = await listPartsPage({ q: "PAGE", page: 1 });
    expect(first).toMatchObject({ total: 25, pages: 2, page: 1, perPage: 20 });
    expect(first.items).toHaveLength(20);
    const pastTheEnd = await listPartsPage({ q: "PAGE", page: 9 });
    expect(pastTheEnd.items).toHaveLength(5);
    expect(pastTheEnd.page).toBe(2);
    expect((await queryParts({ categoryId: otherCategoryId, q: "LST" }, 20, 0)).total).toBe(0);
  });

  it("gives the same total and order on every slice and step size, with or without text", async () => {
    // Found only through its alternative code, which a stepped scan reads range by range too.
    insertPart({ code: "XQ-9", name: "Outra", alternatives: ["PAGE-ALT"] });
    for (const filter of [{ q: "page" }, { q: "peça" }, { categoryId: otherCategoryId }, {}]) {
      const label = JSON.stringify(filter);
      const whole = await queryParts(filter, 1_000, 0, 1_000_000);
      expect(whole.total, label).toBe(whole.items.length);
      const ids = whole.items.map((p) => p.id);
      for (const stepRows of [1, 2, 7, 1_000_000]) {
        const slices = [];
        for (const offset of [0, 7, 14, 21])
          slices.push(await queryParts(filter, 7, offset, stepRows));
        expect(
          slices.map((slice) => slice.total),
          `${label} step ${stepRows}`,
        ).toEqual(slices.map(() => whole.total));
        expect(slices.flatMap((slice) => slice.items.map((p) => p.id))).toEqual(ids.slice(0, 28));
        expect(await queryParts(filter, 7, whole.total + 7, stepRows)).toEqual({
          items: [],
          total: whole.total,
        });
      }
      // Deeper than a stepped slice keeps: one statement, the same answer.
      expect((await queryParts(filter, 5, 1_999)).total).toBe(whole.total);
    }
  });

  it("lets the process answer other work while a text search reads the catalogue", async () => {
    const order: string[] = [];
    const search = queryParts({ q: "page" }, 20, 0, 1).then(() => order.push("search"));
    setImmediate(() => order.push("other work"));
    await search;
    expect(order).toEqual(["other work", "search"]);
  });

  it("puts the exact code first", async () => {
    insertPart({ code: "PAGE", name: "Código curto" });
    expect((await queryParts({ q: "page" }, 20, 0)).items[0]!.code).toBe("PAGE");
  });
});
