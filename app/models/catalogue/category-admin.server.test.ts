import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity } from "~db/schema";
import { categorySchema } from "~/schemas/catalogue/catalogue";
import { db } from "~/utils/db.server";
import { createPart, createUser } from "../../../tests/support/factories";
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from "./category.server";

let adminId: number;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).user.id;
});

const input = (name: string, description: string | null = null) => ({ name, description });

describe("category form schema", () => {
  it("requires a trimmed name and keeps an empty description as null", () => {
    const empty = categorySchema.safeParse({ name: "   " });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]).toMatchObject({
      path: ["name"],
      message: "Nome da categoria é obrigatório",
    });
    expect(categorySchema.parse({ name: "  Filtros  ", description: "  " })).toEqual({
      name: "Filtros",
      description: null,
    });
  });
});

describe("categories", () => {
  it("creates, lists with parts count, searches by name or description, updates and logs each change", () => {
    const created = createCategory(input("Iluminação", "Lâmpadas e faróis"), adminId);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    createPart({ code: "LMP-1", name: "Lâmpada H4", categoryId: created.value.id });
    createPart({ code: "LMP-2", name: "Lâmpada H7", categoryId: created.value.id });
    createCategory(input("Arrefecimento"), adminId);

    expect(getCategory(created.value.id)).toMatchObject({ name: "Iluminação", partsCount: 2 });
    expect(listCategories("iluminacao").map((c) => c.name)).toEqual(["Iluminação"]);
    expect(listCategories("FARÓIS").map((c) => c.name)).toEqual(["Iluminação"]);
    expect(listCategories().map((c) => c.name)).toEqual(["Arrefecimento", "Iluminação"]);

    const updated = updateCategory(
      created.value.id,
      input("Iluminação e Sinalização", null),
      adminId,
    );
    expect(updated.ok && updated.value).toMatchObject({
      name: "Iluminação e Sinalização",
      description: null,
      partsCount: 2,
    });

    const log = db()
      .select()
      .from(activity)
      .where(and(eq(activity.entity, "category"), eq(activity.entityId, String(created.value.id))))
      .all();
    expect(log.map((row) => row.action)).toEqual([
      "Criou a categoria Iluminação",
      "Atualizou a categoria Iluminação e Sinalização (antes: Iluminação)",
    ]);
    expect(log.every((row) => row.actorId === adminId && row.entity === "category")).toBe(true);
  });

  it("refuses a duplicate name, ignoring case and accents, with a field message", () => {
    const first = createCategory(input("Embreagem"), adminId);
    expect(first.ok).toBe(true);
    expect(createCategory(input("EMBREAGEM"), adminId)).toEqual({
      ok: false,
      reason: "name_taken",
      message: "Já existe uma categoria com este nome",
      field: "name",
    });
    const other = createCategory(input("Escapamento"), adminId);
    if (!other.ok) throw new Error("setup");
    expect(updateCategory(other.value.id, input("embreágem"), adminId)).toMatchObject({
      ok: false,
      field: "name",
    });
    // Renaming a category to itself (another case) is not a duplicate.
    expect(updateCategory(other.value.id, input("ESCAPAMENTO"), adminId)).toMatchObject({
      ok: true,
    });
  });

  it("refuses to delete a category in use, naming how many parts, and deletes an empty one", () => {
    const used = createCategory(input("Ignição"), adminId);
    const empty = createCategory(input("Vazia"), adminId);
    if (!used.ok || !empty.ok) throw new Error("setup");
    createPart({ code: "VL-1", name: "Vela", categoryId: used.value.id });
    createPart({ code: "VL-2", name: "Cabo de vela", categoryId: used.value.id });
    expect(deleteCategory(used.value.id, adminId)).toEqual({
      ok: false,
      reason: "in_use",
      message:
        "Não é possível excluir: 2 peças usam esta categoria. Mova-as para outra categoria antes.",
    });
    expect(getCategory(used.value.id)).toBeDefined();
    expect(deleteCategory(empty.value.id, adminId)).toMatchObject({
      ok: true,
      value: { name: "Vazia" },
    });
    expect(getCategory(empty.value.id)).toBeUndefined();
    expect(deleteCategory(empty.value.id, adminId)).toMatchObject({
      ok: false,
      reason: "not_found",
      message: "Categoria não encontrada",
    });
    expect(updateCategory(999_999, input("X"), adminId)).toMatchObject({
      ok: false,
      reason: "not_found",
    });
  });
});
