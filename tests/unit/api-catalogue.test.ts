import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/models/accounts/session.server";
import * as brandById from "~/routes/catalogue/api.brands.$id";
import * as brandsRoute from "~/routes/catalogue/api.brands";
import * as categoryById from "~/routes/catalogue/api.parts.categories.$id";
import * as categoriesRoute from "~/routes/catalogue/api.parts.categories";
import * as vehicleById from "~/routes/catalogue/api.vehicles.$id";
import * as vehiclesRoute from "~/routes/catalogue/api.vehicles";
import * as vehicleSearch from "~/routes/search/api.vehicles.search";
import * as vehicleYearsRoute from "~/routes/catalogue/api.vehicles.years";
import {
  createBrand,
  createCategory,
  createPart,
  createUser,
  createVehicle,
  fit,
} from "../support/factories";
import { call, envelope } from "../support/routes";
import { routeManifest } from "../support/route-manifest";

let admin: string;
let customer: string;

beforeAll(async () => {
  admin = createSession((await createUser({ role: "admin" })).user.id, "api").id;
  customer = createSession((await createUser({ role: "user" })).user.id, "api").id;
});

type Handler = Parameters<typeof call>[0];

describe("who may call", () => {
  const adminOnly: [string, Handler, string, string?][] = [
    ["POST /api/parts/categories", categoriesRoute.action, "/api/parts/categories", "POST"],
    ["PUT /api/parts/categories/:id", categoryById.action, "/api/parts/categories/1", "PUT"],
    ["DELETE /api/parts/categories/:id", categoryById.action, "/api/parts/categories/1", "DELETE"],
    ["GET /api/brands", brandsRoute.loader, "/api/brands"],
    ["POST /api/brands", brandsRoute.action, "/api/brands", "POST"],
    ["GET /api/brands/:id", brandById.loader, "/api/brands/1"],
    ["PUT /api/brands/:id", brandById.action, "/api/brands/1", "PUT"],
    ["DELETE /api/brands/:id", brandById.action, "/api/brands/1", "DELETE"],
    ["GET /api/vehicles/search", vehicleSearch.loader, "/api/vehicles/search"],
    ["GET /api/vehicles/years", vehicleYearsRoute.loader, "/api/vehicles/years"],
    ["POST /api/vehicles", vehiclesRoute.action, "/api/vehicles", "POST"],
    ["GET /api/vehicles/:id", vehicleById.loader, "/api/vehicles/1"],
    ["PUT /api/vehicles/:id", vehicleById.action, "/api/vehicles/1", "PUT"],
    ["DELETE /api/vehicles/:id", vehicleById.action, "/api/vehicles/1", "DELETE"],
  ];

  it.each(adminOnly)(
    "%s: 401 without a token, 403 for a role-user",
    async (_name, handler, url, method = "GET") => {
      const json = method === "POST" || method === "PUT" ? { name: "X" } : undefined;
      const anonymous = await call(handler, url, { method, json, params: { id: "1" } });
      expect(anonymous.status).toBe(401);
      const forbidden = await call(handler, url, {
        method,
        json,
        token: customer,
        params: { id: "1" },
      });
      expect(forbidden.status).toBe(403);
      expect(await envelope(forbidden)).toMatchObject({
        success: false,
        message: "Você não tem permissão para acessar este recurso.",
      });
    },
  );

  it("lets any signed-in user read categories (the search filter), not anonymous callers", async () => {
    expect(
      (await call(categoriesRoute.loader, "/api/parts/categories", { token: customer })).status,
    ).toBe(200);
    expect((await call(categoriesRoute.loader, "/api/parts/categories")).status).toBe(401);
  });
});

describe("/api/parts/categories", () => {
  it("creates, lists with parts_count, updates and deletes a category", async () => {
    const created = await call(categoriesRoute.action, "/api/parts/categories", {
      method: "POST",
      token: admin,
      json: { name: "  Vidros  ", description: "Para-brisas e vidros laterais" },
    });
    expect(created.status).toBe(201);
    const category = (await envelope(created)).data;
    expect(category).toMatchObject({
      name: "Vidros",
      description: "Para-brisas e vidros laterais",
      parts_count: 0,
    });
    createPart({ code: "VD-1", name: "Para-brisa", categoryId: category.id });

    const list = await envelope(
      await call(categoriesRoute.loader, "/api/parts/categories?q=vidro", { token: admin }),
    );
    expect(list.data).toEqual([
      expect.objectContaining({ id: category.id, parts_count: 1, created_at: expect.any(String) }),
    ]);

    const params = { id: String(category.id) };
    const updated = await call(categoryById.action, `/api/parts/categories/${category.id}`, {
      method: "PUT",
      token: admin,
      params,
      json: { name: "Vidros e Retrovisores" },
    });
    expect(updated.status).toBe(200);
    expect(await envelope(updated)).toMatchObject({
      message: "Categoria atualizada com sucesso",
      data: { name: "Vidros e Retrovisores", description: null },
    });

    const refused = await call(categoryById.action, `/api/parts/categories/${category.id}`, {
      method: "DELETE",
      token: admin,
      params,
    });
    expect(refused.status).toBe(409);
    expect((await envelope(refused)).message).toBe(
      "Não é possível excluir: 1 peça usa esta categoria. Mova-a para outra categoria antes.",
    );

    const empty = createCategory();
    const deleted = await call(categoryById.action, `/api/parts/categories/${empty.id}`, {
      method: "DELETE",
      token: admin,
      params: { id: String(empty.id) },
    });
    expect(await envelope(deleted)).toMatchObject({
      success: true,
      message: "Categoria excluída com sucesso",
    });
  });

  it("answers 400 with field messages, 404 for unknown ids, never a 500", async () => {
    const blank = await call(categoriesRoute.action, "/api/parts/categories", {
      method: "POST",
      token: admin,
      json: { name: " " },
    });
    expect(blank.status).toBe(400);
    expect((await envelope(blank)).errors).toEqual({ name: ["Nome da categoria é obrigatório"] });
    const wrongType = await call(categoriesRoute.action, "/api/parts/categories", {
      method: "POST",
      token: admin,
      json: { name: 42 },
    });
    expect(wrongType.status).toBe(400);
    const broken = await call(categoriesRoute.action, "/api/parts/categories", {
      method: "POST",
      token: admin,
      body: "{oops",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    const taken = createCategory("Duplicada API");
    const duplicate = await call(categoriesRoute.action, "/api/parts/categories", {
      method: "POST",
      token: admin,
      json: { name: "duplicada api" },
    });
    expect(duplicate.status).toBe(400);
    expect((await envelope(duplicate)).errors).toEqual({
      name: ["Já existe uma categoria com este nome"],
    });
    for (const id of ["999999", "abc"]) {
      const put = await call(categoryById.action, `/api/parts/categories/${id}`, {
        method: "PUT",
        token: admin,
        params: { id },
        json: { name: "Nova" },
      });
      expect(put.status).toBe(404);
      expect((await envelope(put)).message).toBe("Categoria não encontrada");
      expect(
        (
          await call(categoryById.action, `/api/parts/categories/${id}`, {
            method: "DELETE",
            token: admin,
            params: { id },
          })
        ).status,
      ).toBe(404);
    }
    const patch = await call(categoryById.action, `/api/parts/categories/${taken.id}`, {
      method: "PATCH",
      token: admin,
      params: { id: String(taken.id) },
    });
    expect(patch.status).toBe(405);
  });
});

describe("/api/brands", () => {
  it("creates, lists, renames (with its vehicles) and deletes a brand; refuses one in use", async () => {
    const created = await call(brandsRoute.action, "/api/brands", {
      method: "POST",
      token: admin,
      json: { name: "Chery" },
    });
    expect(created.status).toBe(201);
    const brand = (await envelope(created)).data;
    createVehicle({ brand: "Chery", model: "Tiggo 5x" });
    const list = await envelope(await call(brandsRoute.loader, "/api/brands", { token: admin }));
    expect(list.data).toContainEqual({ id: brand.id, name: "Chery", vehicles_count: 1 });

    const params = { id: String(brand.id) };
    const renamed = await call(brandById.action, `/api/brands/${brand.id}`, {
      method: "PUT",
      token: admin,
      params,
      json: { name: "Caoa Chery" },
    });
    expect(await envelope(renamed)).toMatchObject({
      data: { name: "Caoa Chery", vehicles_count: 1, vehicles_renamed: 1 },
    });

    const refused = await call(brandById.action, `/api/brands/${brand.id}`, {
      method: "DELETE",
      token: admin,
      params,
    });
    expect(refused.status).toBe(409);
    expect((await envelope(refused)).message).toBe(
      "Não é possível excluir: 1 veículo usa esta marca. Altere a marca desse veículo antes.",
    );

    const unused = createBrand("Sem Uso API");
    const deleted = await call(brandById.action, `/api/brands/${unused.id}`, {
      method: "DELETE",
      token: admin,
      params: { id: String(unused.id) },
    });
    expect(deleted.status).toBe(200);
  });

  it("answers 'Nome inválido' for a blank name and 404 for unknown ids", async () => {
    const blank = await call(brandsRoute.action, "/api/brands", {
      method: "POST",
      token: admin,
      json: {},
    });
    expect(blank.status).toBe(400);
    expect(await envelope(blank)).toMatchObject({
      message: "Nome inválido",
      errors: { name: ["Nome inválido"] },
    });
    const missing = await call(brandById.action, "/api/brands/999999", {
      method: "PUT",
      token: admin,
      params: { id: "999999" },
      json: { name: "X" },
    });
    expect(missing.status).toBe(404);
    expect(
      (await call(brandById.loader, "/api/brands/0", { token: admin, params: { id: "0" } })).status,
    ).toBe(404);
  });
});

describe("/api/vehicles", () => {
  it("creates, reads with compatible parts, updates (with compatible_part_ids) and deletes a vehicle", async () => {
    const created = await call(vehiclesRoute.action, "/api/vehicles", {
      method: "POST",
      token: admin,
      json: {
        brand: "Renault",
        model: "Kwid",
        year: 2022,
        version: "Zen 1.0",
        fuel: "Flex",
        body_type: "Hatch",
        engine: "",
      },
    });
    expect(created.status).toBe(201);
    const vehicle = (await envelope(created)).data;
    expect(vehicle).toMatchObject({
      brand: "Renault",
      year: 2022,
      engine: null,
      generation: null,
      body_type: "Hatch",
      vehicle_type: "carros",
      compat_count: 0,
    });

    const part = createPart({ code: "KW-1", name: "Pastilha Kwid" });
    const params = { id: String(vehicle.id) };
    const updated = await call(vehicleById.action, `/api/vehicles/${vehicle.id}`, {
      method: "PUT",
      token: admin,
      params,
      json: {
        brand: "Renault",
        model: "Kwid",
        year: "2023",
        version: "Intense 1.0",
        compatible_part_ids: [part.id],
      },
    });
    expect(updated.status).toBe(200);
    expect((await envelope(updated)).data).toMatchObject({
      year: 2023,
      version: "Intense 1.0",
      fuel: null,
      compatible_parts_count: 1,
    });

    const detail = await envelope(
      await call(vehicleById.loader, `/api/vehicles/${vehicle.id}`, { token: admin, params }),
    );
    expect(detail.data.compatible_parts).toEqual([
      {
        part_id: part.id,
        code: "KW-1",
        name: "Pastilha Kwid",
        category_name: null,
        manufacturer: "Fabricante Teste",
        notes: null,
        compatibility_notes: null,
      },
    ]);

    const badParts = await call(vehicleById.action, `/api/vehicles/${vehicle.id}`, {
      method: "PUT",
      token: admin,
      params,
      json: {
        brand: "Renault",
        model: "Outro",
        year: 2023,
        version: "X",
        compatible_part_ids: [999_999],
      },
    });
    expect(badParts.status).toBe(400);
    expect(
      (
        await envelope(
          await call(vehicleById.loader, `/api/vehicles/${vehicle.id}`, { token: admin, params }),
        )
      ).data.model,
    ).toBe("Kwid");

    const deleted = await call(vehicleById.action, `/api/vehicles/${vehicle.id}`, {
      method: "DELETE",
      token: admin,
      params,
    });
    expect(await envelope(deleted)).toMatchObject({
      message: "Veículo excluído com sucesso",
      data: { removed_compatibilities: 1 },
    });
    const gone = await call(vehicleById.loader, `/api/vehicles/${vehicle.id}`, {
      token: admin,
      params,
    });
    expect(gone.status).toBe(404);
    expect((await envelope(gone)).message).toBe("Veículo não encontrado");
  });

  it("refuses missing required fields and out-of-range years with field messages", async () => {
    const empty = await call(vehiclesRoute.action, "/api/vehicles", {
      method: "POST",
      token: admin,
      json: { brand: "Fiat" },
    });
    expect(empty.status).toBe(400);
    const body = await envelope(empty);
    expect(body.message).toBe("Preencha os campos obrigatórios");
    expect(Object.keys(body.errors ?? {})).toEqual(["model", "year", "version"]);
    const old = await call(vehiclesRoute.action, "/api/vehicles", {
      method: "POST",
      token: admin,
      json: { brand: "Fiat", model: "147", year: 1976, version: "L", transmission: "Sequencial" },
    });
    expect((await envelope(old)).errors).toEqual({
      year: ["O ano deve estar entre 1980 e 2030"],
      transmission: ["Opção inválida"],
    });
    const put404 = await call(vehicleById.action, "/api/vehicles/999999", {
      method: "PUT",
      token: admin,
      params: { id: "999999" },
      json: { brand: "Fiat", model: "Uno", year: 2010, version: "Mille" },
    });
    expect(put404.status).toBe(404);
  });

  it("searches with limit, offset, q, brand and year, with the total beside the data", async () => {
    for (let year = 2010; year < 2015; year++)
      createVehicle({ brand: "Busca API", model: "Sandero", year, version: "1.6" });
    const fitted = createVehicle({
      brand: "Busca API",
      model: "Logan",
      year: 2014,
      version: "1.0",
    });
    fit(createPart({ code: "LG-1", name: "Filtro" }).id, fitted.id);

    const page = await envelope(
      await call(vehicleSearch.loader, "/api/vehicles/search?brand=Busca%20API&limit=2&offset=1", {
        token: admin,
      }),
    );
    expect(page).toMatchObject({ success: true, total: 6 });
    expect(page.data).toHaveLength(2);
    const byYear = await envelope(
      await call(vehicleSearch.loader, "/api/vehicles/search?q=logan&year=2014", { token: admin }),
    );
    expect(byYear.data).toEqual([expect.objectContaining({ id: fitted.id, compat_count: 1 })]);

    for (const query of ["limit=abc", "offset=-1", "year=1900", "type=barco"]) {
      const bad = await call(vehicleSearch.loader, `/api/vehicles/search?${query}`, {
        token: admin,
      });
      expect(bad.status).toBe(400);
    }
    const years = await envelope(
      await call(vehicleYearsRoute.loader, "/api/vehicles/years", { token: admin }),
    );
    expect(years.data).toEqual(expect.arrayContaining([2014, 2010]));
    expect(years.data[0]).toBeGreaterThanOrEqual(years.data.at(-1));
  });
});

describe("route matching", () => {
  /** The app's own route manifest (app/routes.ts, as Remix's Vite plugin reads it). */
  async function appRoutes(): Promise<AgnosticRouteObject[]> {
    const manifest = await routeManifest();
    const childrenOf = (parentId: string): AgnosticRouteObject[] =>
      manifest
        .filter((route) => route.parentId === parentId)
        .map((route) =>
          route.index
            ? { id: route.id, index: true, path: route.path }
            : { id: route.id, path: route.path, children: childrenOf(route.id) },
        );
    return [{ id: "root", path: "", children: childrenOf("root") }];
  }

  it("sends each path to the module built for it (static segments outrank :id)", async () => {
    const routes = await appRoutes();
    const leaf = (url: string) => matchRoutes(routes, url)?.at(-1)?.route.id;
    expect(leaf("/api/parts/categories")).toBe("routes/api.parts.categories");
    expect(leaf("/api/parts/categories/5")).toBe("routes/api.parts.categories.$id");
    expect(leaf("/api/parts/5")).toBe("routes/api.parts.$id");
    expect(leaf("/api/vehicles")).toBe("routes/api.vehicles");
    expect(leaf("/api/vehicles/search")).toBe("routes/api.vehicles.search");
    expect(leaf("/api/vehicles/years")).toBe("routes/api.vehicles.years");
    expect(leaf("/api/vehicles/brands")).toBe("routes/api.vehicles.brands");
    expect(leaf("/api/vehicles/12")).toBe("routes/api.vehicles.$id");
    expect(leaf("/api/brands/3")).toBe("routes/api.brands.$id");
    expect(leaf("/vehicles/brands")).toBe("routes/_app.vehicles_.brands");
    expect(leaf("/vehicles/brands/3/edit")).toBe("routes/_app.vehicles_.brands.$id.edit");
    expect(leaf("/vehicles/12")).toBe("routes/_app.vehicles_.$id");
    expect(leaf("/vehicles/new")).toBe("routes/_app.vehicles.new");
    expect(leaf("/vehicles/12/compatibility")).toBe("routes/_app.vehicles.$id.compatibility");
    expect(leaf("/categories/4/delete")).toBe("routes/_app.categories.$id.delete");
  });
});
