import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity, partVehicles } from "~db/schema";
import { parseVehicleListQuery, vehicleSchema } from "~/schemas/catalogue/catalogue";
import { db } from "~/utils/db.server";
import {
  createCategory as createCategoryRow,
  createPart,
  createUser,
  createVehicle as createVehicleRow,
  fit,
} from "../../../tests/support/factories";
import { partsByIds, searchPartsForPicker, setVehicleParts } from "./vehicle-parts.server";
import { createVehicle, deleteVehicle, updateVehicle } from "./vehicle-write.server";
import {
  getVehicleWithParts,
  listVehicles,
  VEHICLE_PAGE_SIZE,
  vehiclePage,
  vehicleYears,
} from "./vehicle.server";

let adminId: number;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).user.id;
});

const onix = {
  brand: "Chevrolet",
  model: "Onix",
  year: 2020,
  version: "1.0 Turbo LT",
  generation: null,
  engine: "1.0 12V Turbo",
  fuel: "Flex",
  transmission: "Manual",
  bodyType: "Hatch",
  vehicleType: "carros",
} as const;

describe("vehicle form schema", () => {
  it("requires brand, model, year and version with the spec's message and sends optional fields as null", () => {
    const result = vehicleSchema.safeParse({ brand: "Fiat" });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["model", "Preencha os campos obrigatórios"],
      ["year", "Preencha os campos obrigatórios"],
      ["version", "Preencha os campos obrigatórios"],
    ]);
    expect(
      vehicleSchema.parse({ brand: "Fiat", model: "Uno", year: "2010", version: "Mille" }),
    ).toEqual({
      brand: "Fiat",
      model: "Uno",
      year: 2010,
      version: "Mille",
      generation: null,
      engine: null,
      fuel: null,
      transmission: null,
      bodyType: null,
      vehicleType: "carros",
    });
  });

  it("keeps the year within 1980–2030 and the options to the spec's lists", () => {
    const base = { brand: "Fiat", model: "Uno", version: "Mille" };
    expect(vehicleSchema.safeParse({ ...base, year: "1979" }).error?.issues[0]?.message).toBe(
      "O ano deve estar entre 1980 e 2030",
    );
    expect(vehicleSchema.safeParse({ ...base, year: "2031" }).success).toBe(false);
    expect(vehicleSchema.safeParse({ ...base, year: "20x0" }).success).toBe(false);
    expect(
      vehicleSchema.safeParse({ ...base, year: "2030", fuel: "Álcool" }).error?.issues[0],
    ).toMatchObject({ path: ["fuel"], message: "Opção inválida" });
    expect(
      vehicleSchema.parse({
        ...base,
        year: "1980",
        fuel: "Elétrico",
        transmission: "CVT",
        body_type: "SUV",
        vehicle_type: "motos",
      }),
    ).toMatchObject({
      fuel: "Elétrico",
      transmission: "CVT",
      bodyType: "SUV",
      vehicleType: "motos",
    });
  });

  it("reads the list's URL leniently", () => {
    expect(
      parseVehicleListQuery(new URLSearchParams("type=motos&q=%20cg%20&year=2019&page=3")),
    ).toEqual({
      type: "motos",
      q: "cg",
      brand: "",
      year: 2019,
      page: 3,
    });
    expect(parseVehicleListQuery(new URLSearchParams("type=aviao&year=abc&page=-1"))).toMatchObject(
      { type: "carros", year: undefined, page: 1 },
    );
  });
});

describe("vehicles", () => {
  it("creates, updates and deletes a vehicle, logging each change", () => {
    const created = createVehicle(onix, adminId);
    expect(created).toMatchObject({
      ok: true,
      value: { brand: "Chevrolet", model: "Onix", compatibleParts: 0 },
    });
    if (!created.ok) return;
    const id = created.value.id;
    const updated = updateVehicle(
      id,
      { ...onix, version: "1.0 Turbo Premier", transmission: "Automática" },
      adminId,
    );
    expect(updated).toMatchObject({
      ok: true,
      value: { version: "1.0 Turbo Premier", transmission: "Automática" },
    });
    const part = createPart({ code: "OX-1", name: "Filtro de óleo" });
    fit(part.id, id, "Motor turbo");
    const deleted = deleteVehicle(id, adminId);
    expect(deleted).toMatchObject({ ok: true, value: { removedCompatibilities: 1 } });
    expect(getVehicleWithParts(id)).toBeUndefined();
    expect(db().select().from(partVehicles).where(eq(partVehicles.partId, part.id)).all()).toEqual(
      [],
    );
    const log = db()
      .select({ action: activity.action, actorId: activity.actorId })
      .from(activity)
      .where(and(eq(activity.entity, "vehicle"), eq(activity.entityId, String(id))))
      .all();
    expect(log).toEqual([
      { actorId: adminId, action: "Criou o veículo Chevrolet Onix 2020 1.0 Turbo LT" },
      { actorId: adminId, action: "Atualizou o veículo Chevrolet Onix 2020 1.0 Turbo Premier" },
      {
        actorId: adminId,
        action: "Excluiu o veículo Chevrolet Onix 2020 1.0 Turbo Premier e 1 compatibilidade",
      },
    ]);
    expect(updateVehicle(id, onix, adminId)).toMatchObject({
      ok: false,
      reason: "not_found",
      message: "Veículo não encontrado",
    });
    expect(deleteVehicle(id, adminId)).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("lists by type, brand, year and words, 20 a page, with compatible parts counts", () => {
    for (let i = 0; i < 25; i++)
      createVehicleRow({
        brand: "Lista",
        model: `Modelo ${i}`,
        year: 2000 + (i % 3),
        version: "Base",
      });
    const moto = createVehicleRow({
      brand: "Lista",
      model: "CG 160",
      year: 2021,
      version: "Fan",
      vehicleType: "motos",
    });
    const part = createPart({ code: "LS-1", name: "Corrente" });
    fit(part.id, moto.id);

    const first = vehiclePage({ type: "carros", brand: "Lista" }, 1);
    expect(first).toMatchObject({ total: 25, page: 1, pages: 2 });
    expect(first.items).toHaveLength(VEHICLE_PAGE_SIZE);
    expect(vehiclePage({ type: "carros", brand: "Lista" }, 2).items).toHaveLength(5);
    expect(vehiclePage({ type: "carros", brand: "Lista" }, 99).page).toBe(2);
    expect(vehiclePage({ type: "carros", brand: "Lista", year: 2001 }, 1).total).toBe(8);
    expect(vehiclePage({ type: "motos", q: "lista cg" }, 1).items).toEqual([
      expect.objectContaining({ id: moto.id, compatibleParts: 1 }),
    ]);
    expect(listVehicles({ q: "modelo 1%" }, { limit: 5, offset: 0 }).total).toBe(0);
    expect(listVehicles({ brand: "Lista" }, { limit: 5, offset: 24 })).toMatchObject({
      total: 26,
      items: [expect.anything(), expect.anything()],
    });
    expect(vehicleYears()).toEqual(expect.arrayContaining([2021, 2002, 2001, 2000]));
  });

  it("sets the parts a vehicle fits: keeps the kept ones' notes, adds and removes, all or nothing", () => {
    const vehicle = createVehicleRow({ model: "Polo" });
    const category = createCategoryRow("Compat Freios");
    const [a, b, c] = ["PL-1", "PL-2", "PL-3"].map((code) =>
      createPart({ code, name: `Peça ${code}`, categoryId: category.id }),
    );
    fit(a!.id, vehicle.id, "Só freio a disco");
    fit(b!.id, vehicle.id);

    expect(setVehicleParts(vehicle.id, [a!.id, c!.id, c!.id], adminId)).toEqual({
      ok: true,
      value: { added: 1, removed: 1, total: 2 },
    });
    const detail = getVehicleWithParts(vehicle.id);
    expect(detail?.compatibleParts).toBe(2);
    expect(detail?.parts).toEqual([
      {
        partId: a!.id,
        code: "PL-1",
        name: "Peça PL-1",
        categoryName: "Compat Freios",
        manufacturer: "Fabricante Teste",
        notes: "Só freio a disco",
      },
      {
        partId: c!.id,
        code: "PL-3",
        name: "Peça PL-3",
        categoryName: "Compat Freios",
        manufacturer: "Fabricante Teste",
        notes: null,
      },
    ]);

    expect(setVehicleParts(vehicle.id, [b!.id, 999_999], adminId)).toMatchObject({
      ok: false,
      reason: "invalid_reference",
    });
    expect(getVehicleWithParts(vehicle.id)?.parts.map((p) => p.partId)).toEqual([a!.id, c!.id]);
    expect(setVehicleParts(999_999, [], adminId)).toMatchObject({ ok: false, reason: "not_found" });
    expect(setVehicleParts(vehicle.id, [], adminId)).toMatchObject({
      ok: true,
      value: { removed: 2, total: 0 },
    });
  });

  it("searches parts for the picker by code in any spelling, name or manufacturer, a page at a time", async () => {
    for (let i = 0; i < 12; i++)
      createPart({ code: `PK-${100 + i}`, name: `Palheta ${i}`, manufacturer: "Bosch Picker" });
    const exact = createPart({ code: "PK10", name: "Outra", manufacturer: "X" });
    const byCode = await searchPartsForPicker("pk 10", 1, 10);
    expect(byCode.items[0]?.id).toBe(exact.id);
    expect(byCode.total).toBe(11);
    expect(byCode.pages).toBe(2);
    expect((await searchPartsForPicker("pk 10", 2, 10)).items).toHaveLength(1);
    expect(await searchPartsForPicker("bosch picker", 1, 5)).toMatchObject({ total: 12, pages: 3 });
    expect((await searchPartsForPicker("palheta 1", 1, 10)).total).toBe(3);
    expect((await searchPartsForPicker("Palheta_1", 1, 10)).total).toBe(0);
    expect(partsByIds([exact.id, 999_999]).map((p) => p.code)).toEqual(["PK10"]);
    const everything = await searchPartsForPicker("", 1, 5);
    expect(everything.items).toHaveLength(5);
    expect(everything.total).toBeGreaterThanOrEqual(13);
  });
});
