import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity, vehicles } from "~db/schema";
import { brandSchema } from "~/schemas/catalogue/catalogue";
import { db } from "~/utils/db.server";
import { createUser, createVehicle } from "../../../tests/support/factories";
import {
  createBrand,
  deleteBrand,
  getBrand,
  listBrands,
  renameBrand,
  vehicleBrandNames,
} from "./brand.server";

let adminId: number;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).user.id;
});

describe("brand form schema", () => {
  it("refuses a blank name with 'Nome inválido'", () => {
    expect(brandSchema.safeParse({ name: " " }).error?.issues[0]?.message).toBe("Nome inválido");
    expect(brandSchema.parse({ name: " Kia " })).toEqual({ name: "Kia" });
  });
});

describe("brands", () => {
  it("creates and lists brands with how many vehicles use each; refuses duplicates", () => {
    const kia = createBrand({ name: "Kia" }, adminId);
    expect(kia.ok).toBe(true);
    createVehicle({ brand: "Kia", model: "Picanto" });
    expect(listBrands().find((b) => b.name === "Kia")).toMatchObject({ vehiclesCount: 1 });
    expect(createBrand({ name: "KIA" }, adminId)).toMatchObject({
      ok: false,
      reason: "name_taken",
      message: "Já existe uma marca com este nome",
      field: "name",
    });
  });

  it("renames the brand and its vehicles in one go, and logs it", () => {
    const created = createBrand({ name: "Citroen" }, adminId);
    if (!created.ok) throw new Error("setup");
    const c3 = createVehicle({ brand: "Citroen", model: "C3" });
    const c4 = createVehicle({ brand: "Citroen", model: "C4" });
    const other = createVehicle({ brand: "Peugeot", model: "208" });
    const renamed = renameBrand(created.value.id, { name: "Citroën" }, adminId);
    expect(renamed).toMatchObject({
      ok: true,
      value: { name: "Citroën", vehiclesCount: 2, vehiclesRenamed: 2 },
    });
    const brandOf = (id: number) =>
      db().select({ brand: vehicles.brand }).from(vehicles).where(eq(vehicles.id, id)).get()?.brand;
    expect([brandOf(c3.id), brandOf(c4.id), brandOf(other.id)]).toEqual([
      "Citroën",
      "Citroën",
      "Peugeot",
    ]);
    const log = db()
      .select()
      .from(activity)
      .where(and(eq(activity.entity, "brand"), eq(activity.entityId, String(created.value.id))))
      .all();
    expect(log.at(-1)).toMatchObject({
      actorId: adminId,
      entity: "brand",
      action: "Renomeou a marca Citroen para Citroën (2 veículos atualizados)",
    });
  });

  it("refuses to rename onto another brand's name, or an unknown id", () => {
    const a = createBrand({ name: "Jac" }, adminId);
    createBrand({ name: "Lifan" }, adminId);
    if (!a.ok) throw new Error("setup");
    expect(renameBrand(a.value.id, { name: "lifan" }, adminId)).toMatchObject({
      ok: false,
      field: "name",
    });
    expect(renameBrand(999_999, { name: "Nova" }, adminId)).toMatchObject({
      ok: false,
      reason: "not_found",
      message: "Marca não encontrada",
    });
  });

  it("refuses to delete a brand vehicles use, saying how many, and deletes an unused one", () => {
    const used = createBrand({ name: "Troller" }, adminId);
    const unused = createBrand({ name: "Gurgel" }, adminId);
    if (!used.ok || !unused.ok) throw new Error("setup");
    createVehicle({ brand: "Troller", model: "T4" });
    expect(deleteBrand(used.value.id, adminId)).toEqual({
      ok: false,
      reason: "in_use",
      message:
        "Não é possível excluir: 1 veículo usa esta marca. Altere a marca desse veículo antes.",
    });
    expect(deleteBrand(unused.value.id, adminId)).toMatchObject({ ok: true });
    expect(getBrand(unused.value.id)).toBeUndefined();
  });
});

describe("vehicleBrandNames", () => {
  it("offers registered and used brands once each, ignoring case and accents, in pt-BR order", () => {
    expect(createBrand({ name: "Ágrale" }, adminId).ok).toBe(true);
    createVehicle({ brand: "agrale", model: "Marruá" });
    createVehicle({ brand: "Alfa Romeo", model: "147" });
    const names = vehicleBrandNames();
    expect(names).toContain("Ágrale");
    expect(names).not.toContain("agrale");
    expect(names.indexOf("Ágrale")).toBeLessThan(names.indexOf("Alfa Romeo"));
  });
});
