import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity } from "~db/schema";
import * as partRoute from "~/routes/catalogue/api.parts.$id";
import * as alternativeCodeRoute from "~/routes/catalogue/api.parts.$id.alternative-codes.$code";
import * as alternativeCodesRoute from "~/routes/catalogue/api.parts.$id.alternative-codes";
import * as vehicleRoute from "~/routes/catalogue/api.parts.$id.vehicles.$vehicleId";
import * as vehiclesRoute from "~/routes/catalogue/api.parts.$id.vehicles";
import * as partsRoute from "~/routes/catalogue/api.parts";
import { createSession } from "~/models/accounts/session.server";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { createCategory, createPart, createUser, createVehicle, fit } from "../support/factories";
import { call, envelope } from "../support/routes";

const m = messages.parts;
let admin: { id: number; token: string };
let customerToken: string;
let categoryId: number;
let gol: number;
let uno: number;
let onix: number;

beforeAll(async () => {
  const { user } = await createUser({ role: "admin" });
  admin = { id: user.id, token: createSession(user.id, "api").id };
  customerToken = createSession((await createUser({ role: "user" })).user.id, "api").id;
  categoryId = createCategory("Freios API Peças").id;
  gol = createVehicle({ brand: "Volkswagen", model: "Gol", year: 2015 }).id;
  uno = createVehicle({ brand: "Fiat", model: "Uno", year: 2012, version: "Vivace" }).id;
  onix = createVehicle({ brand: "Chevrolet", model: "Onix", year: 2020, version: "LT" }).id;
});

const newPart = (overrides: Record<string, unknown> = {}) => ({
  code: "API-100",
  name: "Pastilha API",
  description: "Jogo dianteiro",
  category_id: categoryId,
  manufacturer: "Cobreq",
  mercado_livre_link: "",
  compatible_vehicle_ids: [gol, uno],
  ...overrides,
});

async function createViaApi(overrides: Record<string, unknown> = {}) {
  const res = await call(partsRoute.action, "/api/parts", {
    method: "POST",
    token: admin.token,
    json: newPart(overrides),
  });
  expect(res.status).toBe(201);
  return (await envelope(res)).data as { id: number; code: string };
}

describe("who may call the parts back-office API", () => {
  const endpoints: {
    name: string;
    handler: Parameters<typeof call>[0];
    path: string;
    method: string;
    params?: Record<string, string>;
    json?: unknown;
  }[] = [
    { name: "GET /api/parts", handler: partsRoute.loader, path: "/api/parts", method: "GET" },
    {
      name: "POST /api/parts",
      handler: partsRoute.action,
      path: "/api/parts",
      method: "POST",
      json: {},
    },
    {
      name: "PUT /api/parts/:id",
      handler: partRoute.action,
      path: "/api/parts/1",
      method: "PUT",
      params: { id: "1" },
      json: {},
    },
    {
      name: "DELETE /api/parts/:id",
      handler: partRoute.action,
      path: "/api/parts/1",
      method: "DELETE",
      params: { id: "1" },
    },
    {
      name: "GET alternative-codes",
      handler: alternativeCodesRoute.loader,
      path: "/api/parts/1/alternative-codes",
      method: "GET",
      params: { id: "1" },
    },
    {
      name: "POST alternative-codes",
      handler: alternativeCodesRoute.action,
      path: "/api/parts/1/alternative-codes",
      method: "POST",
      params: { id: "1" },
      json: {},
    },
    {
      name: "DELETE alternative-codes/:code",
      handler: alternativeCodeRoute.action,
      path: "/api/parts/1/alternative-codes/X",
      method: "DELETE",
      params: { id: "1", code: "X" },
    },
    {
      name: "POST vehicles",
      handler: vehiclesRoute.action,
      path: "/api/parts/1/vehicles",
      method: "POST",
      params: { id: "1" },
      json: {},
    },
    {
      name: "DELETE vehicles/:vehicleId",
      handler: vehicleRoute.action,
      path: "/api/parts/1/vehicles/1",
      method: "DELETE",
      params: { id: "1", vehicleId: "1" },
    },
  ];

  it.each(endpoints)(
    "$name: 401 without a token, 403 for a customer",
    async ({ handler, path, method, params, json }) => {
      const anonymous = await call(handler, path, { method, params, json });
      expect(anonymous.status).toBe(401);
      expect((await envelope(anonymous)).success).toBe(false);
      const customer = await call(handler, path, { method, params, json, token: customerToken });
      expect(customer.status).toBe(403);
      expect(await envelope(customer)).toMatchObject({
        success: false,
        message: messages.auth.forbidden,
      });
    },
  );
});

describe("POST /api/parts", () => {
  it("creates the part with its vehicles and a generated Mercado Livre link, logging the admin", async () => {
    const res = await call(partsRoute.action, "/api/parts", {
      method: "POST",
      token: admin.token,
      json: newPart({ code: "API 1/2" }),
    });
    expect(res.status).toBe(201);
    const body = await envelope(res);
    expect(body).toMatchObject({ success: true, message: m.created });
    expect(body.data).toMatchObject({
      code: "API 1/2",
      category_id: categoryId,
      mercado_livre_link: "https://lista.mercadolivre.com.br/API%201%2F2",
      compat_count: 2,
    });
    const logged = db()
      .select()
      .from(activity)
      .where(and(eq(activity.entity, "part"), eq(activity.entityId, String(body.data.id))))
      .all();
    expect(logged).toMatchObject([{ actorId: admin.id, action: m.activityCreated("API 1/2") }]);
  });

  it("answers 400 with snake_case field messages, 409 for a duplicate code, 400 for bad JSON or unknown vehicles", async () => {
    const empty = await call(partsRoute.action, "/api/parts", {
      method: "POST",
      token: admin.token,
      json: { description: "só isso" },
    });
    expect(empty.status).toBe(400);
    const emptyBody = await envelope(empty);
    expect(emptyBody.message).toBe(m.required);
    expect(Object.keys(emptyBody.errors!).sort()).toEqual([
      "category_id",
      "code",
      "manufacturer",
      "name",
    ]);

    await createViaApi({ code: "DUP-API" });
    const twin = await call(partsRoute.action, "/api/parts", {
      method: "POST",
      token: admin.token,
      json: newPart({ code: "dup api" }),
    });
    expect(twin.status).toBe(409);
    expect(await envelope(twin)).toMatchObject({
      message: m.duplicatePart("dup api", "Cobreq"),
      errors: { code: [m.duplicatePart("dup api", "Cobreq")] },
    });

    const badJson = await call(partsRoute.action, "/api/parts", {
      method: "POST",
      token: admin.token,
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(badJson.status).toBe(400);

    const badIds = await call(partsRoute.action, "/api/parts", {
      method: "POST",
      token: admin.token,
      json: newPart({ code: "IDS-1", compatible_vehicle_ids: ["a"] }),
    });
    expect(await envelope(badIds)).toMatchObject({
      errors: { compatible_vehicle_ids: [m.invalidVehicleIds] },
    });

    const unknown = await call(partsRoute.action, "/api/parts", {
      method: "POST",
      token: admin.token,
      json: newPart({ code: "IDS-2", compatible_vehicle_ids: [999_999] }),
    });
    expect(unknown.status).toBe(400);
    expect(await envelope(unknown)).toMatchObject({
      message: m.vehicleNotFound,
      errors: { compatible_vehicle_ids: [m.vehicleNotFound] },
    });

    const unknownCategory = await call(partsRoute.action, "/api/parts", {
      method: "POST",
      token: admin.token,
      json: newPart({ code: "CAT-1", category_id: 999_999 }),
    });
    expect(await envelope(unknownCategory)).toMatchObject({
      errors: { category_id: [m.categoryNotFound] },
    });
  });
});

describe("GET /api/parts", () => {
  it("lists with q, category_id, limit and offset, and says the total", async () => {
    const other = createCategory("Outra API Peças").id;
    for (let i = 0; i < 4; i++)
      createPart({
        code: `LIST-API-${i}`,
        name: `Lista ${i}`,
        categoryId: other,
        alternatives: i === 0 ? ["ALT-LIST-X"] : [],
      });
    const res = await call(partsRoute.loader, "/api/parts?q=list-api&limit=2&offset=1", {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      data: { code: string }[];
      total: number;
      limit: number;
      offset: number;
    };
    expect(body).toMatchObject({ success: true, total: 4, limit: 2, offset: 1 });
    expect(body.data.map((p) => p.code)).toEqual(["LIST-API-1", "LIST-API-2"]);

    const byAlternative = await envelope(
      await call(partsRoute.loader, "/api/parts?q=alt list x", { token: admin.token }),
    );
    expect(byAlternative.data.map((p: { code: string }) => p.code)).toEqual(["LIST-API-0"]);
    expect(byAlternative.data[0].alternative_codes).toEqual([
      expect.objectContaining({ alternative_code: "ALT-LIST-X" }),
    ]);

    const byCategory = (await (
      await call(partsRoute.loader, `/api/parts?category_id=${other}&limit=500`, {
        token: admin.token,
      })
    ).json()) as { total: number; limit: number };
    expect(byCategory).toMatchObject({ total: 4, limit: 100 });

    const bad = await call(partsRoute.loader, "/api/parts?offset=-1&category_id=x", {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    expect((await envelope(bad)).errors).toEqual({
      offset: [m.invalidOffset],
      category_id: [m.invalidCategory],
    });
  });
});

describe("PUT and DELETE /api/parts/:id", () => {
  it("updates the fields, replaces the vehicles only when sent, and keeps a kept vehicle's notes", async () => {
    const part = await createViaApi({ code: "PUT-1" });
    await call(vehiclesRoute.action, `/api/parts/${part.id}/vehicles`, {
      method: "POST",
      token: admin.token,
      params: { id: String(part.id) },
      json: { vehicle_id: gol, notes: "motor 1.0" },
    });
    const put = (json: unknown) =>
      call(partRoute.action, `/api/parts/${part.id}`, {
        method: "PUT",
        token: admin.token,
        params: { id: String(part.id) },
        json,
      });

    const renamed = await put(
      newPart({ code: "PUT-1", name: "Novo nome", compatible_vehicle_ids: undefined }),
    );
    expect(renamed.status).toBe(200);
    expect(await envelope(renamed)).toMatchObject({
      message: m.updated,
      data: { name: "Novo nome", compat_count: 2 },
    });

    const replaced = await envelope(
      await put(newPart({ code: "PUT-1", compatible_vehicle_ids: [gol, onix] })),
    );
    expect(replaced.data.compatible_vehicles.map((v: { id: number }) => v.id).sort()).toEqual(
      [gol, onix].sort(),
    );
    expect(replaced.data.compatible_vehicles.find((v: { id: number }) => v.id === gol).notes).toBe(
      "motor 1.0",
    );

    const missing = await call(partRoute.action, "/api/parts/999999", {
      method: "PUT",
      token: admin.token,
      params: { id: "999999" },
      json: newPart({ code: "NOPE" }),
    });
    expect(missing.status).toBe(404);
    const invalid = await put({ code: "" });
    expect(invalid.status).toBe(400);
  });

  it("deletes the part, then answers 404", async () => {
    const part = await createViaApi({ code: "DEL-API" });
    const del = () =>
      call(partRoute.action, `/api/parts/${part.id}`, {
        method: "DELETE",
        token: admin.token,
        params: { id: String(part.id) },
      });
    const first = await del();
    expect(first.status).toBe(200);
    expect(await envelope(first)).toMatchObject({ success: true, message: m.deleted });
    expect((await del()).status).toBe(404);
    const detail = await call(partRoute.loader, `/api/parts/${part.id}`, {
      token: admin.token,
      params: { id: String(part.id) },
    });
    expect(detail.status).toBe(404);
  });
});

describe("alternative codes", () => {
  it("lists, adds (empty and repeated codes refused) and removes by any spelling", async () => {
    const part = await createViaApi({ code: "ALT-API" });
    const params = { id: String(part.id) };
    const path = `/api/parts/${part.id}/alternative-codes`;
    const add = (json: unknown) =>
      call(alternativeCodesRoute.action, path, {
        method: "POST",
        token: admin.token,
        params,
        json,
      });

    const added = await add({ alternative_code: "TRW-77.1", description: "TRW" });
    expect(added.status).toBe(201);
    expect(await envelope(added)).toMatchObject({
      message: m.alternativeCodeAdded,
      data: { alternative_code: "TRW-77.1", description: "TRW" },
    });

    const empty = await add({ alternative_code: "  " });
    expect(empty.status).toBe(400);
    expect(await envelope(empty)).toMatchObject({
      message: m.alternativeCodeRequired,
      errors: { alternative_code: [m.alternativeCodeRequired] },
    });
    const tooLong = await add({ alternative_code: "A".repeat(101) });
    expect((await envelope(tooLong)).errors).toEqual({
      alternative_code: [m.alternativeCodeTooLong(100)],
    });

    const repeated = await add({ alternative_code: "trw 771" });
    expect(repeated.status).toBe(409);
    expect(await envelope(repeated)).toMatchObject({ message: m.alternativeCodeDuplicate });

    const listed = await envelope(
      await call(alternativeCodesRoute.loader, path, { token: admin.token, params }),
    );
    expect(listed.data).toEqual([expect.objectContaining({ alternative_code: "TRW-77.1" })]);

    const remove = (code: string) =>
      call(alternativeCodeRoute.action, `${path}/${encodeURIComponent(code)}`, {
        method: "DELETE",
        token: admin.token,
        params: { ...params, code },
      });
    const removed = await remove("trw771");
    expect(removed.status).toBe(200);
    expect(await envelope(removed)).toMatchObject({ message: m.alternativeCodeRemoved });
    expect((await remove("trw771")).status).toBe(404);

    const unknown = await call(
      alternativeCodesRoute.loader,
      "/api/parts/999999/alternative-codes",
      { token: admin.token, params: { id: "999999" } },
    );
    expect(unknown.status).toBe(404);
    expect(await envelope(unknown)).toMatchObject({ message: m.notFound });
  });
});

describe("vehicles of a part", () => {
  it("links with notes, updates the notes, refuses unknown vehicles and unlinks", async () => {
    const part = createPart({ code: "VEH-API", name: "Filtro", categoryId });
    fit(part.id, uno);
    const params = { id: String(part.id) };
    const link = (json: unknown) =>
      call(vehiclesRoute.action, `/api/parts/${part.id}/vehicles`, {
        method: "POST",
        token: admin.token,
        params,
        json,
      });

    const created = await link({ vehicle_id: gol, notes: "até 2016" });
    expect(created.status).toBe(201);
    expect(await envelope(created)).toMatchObject({
      message: m.fitmentLinked,
      data: { vehicle_id: gol, notes: "até 2016" },
    });
    const updated = await link({ vehicle_id: String(gol), notes: "outra" });
    expect(updated.status).toBe(200);
    expect(await envelope(updated)).toMatchObject({ message: m.fitmentUpdated });

    const unknown = await link({ vehicle_id: 999_999 });
    expect(unknown.status).toBe(400);
    expect(await envelope(unknown)).toMatchObject({ errors: { vehicle_id: [m.vehicleNotFound] } });
    expect((await link({})).status).toBe(400);

    const unlink = () =>
      call(vehicleRoute.action, `/api/parts/${part.id}/vehicles/${uno}`, {
        method: "DELETE",
        token: admin.token,
        params: { ...params, vehicleId: String(uno) },
      });
    expect((await unlink()).status).toBe(200);
    const again = await unlink();
    expect(again.status).toBe(404);
    expect(await envelope(again)).toMatchObject({ message: m.fitmentNotFound });

    const noPart = await call(vehiclesRoute.action, "/api/parts/999999/vehicles", {
      method: "POST",
      token: admin.token,
      params: { id: "999999" },
      json: { vehicle_id: gol },
    });
    expect(noPart.status).toBe(404);
  });
});
