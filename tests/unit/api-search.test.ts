import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { partVehicles, searches, users } from "~db/schema";
import * as activityRoute from "~/routes/dashboard/api.dashboard.activity";
import * as topSearchesRoute from "~/routes/dashboard/api.dashboard.top-searches";
import * as byCode from "~/routes/search/api.parts.code.$code";
import * as partDetail from "~/routes/catalogue/api.parts.$id";
import * as partsSearch from "~/routes/search/api.parts.search";
import * as byPart from "~/routes/search/api.vehicles.by-part.$partId";
import * as brandsRoute from "~/routes/catalogue/api.vehicles.brands";
import { searchStats } from "~/models/accounts/credits.server";
import { createSession } from "~/models/accounts/session.server";
import { db } from "~/utils/db.server";
import {
  createBrand,
  createCategory,
  createFreePlan,
  createPart,
  createUser,
  createVehicle,
  fit,
  recordActivity,
  recordSearch,
  setDailyAllowance,
} from "../support/factories";
import { call, envelope } from "../support/routes";
import { creditDayEnd } from "~/utils/credit-day";

type Role = "admin" | "user" | "premium_user";

/** A signed-in API client: the user, a bearer token and a way to read their credits. */
async function client(
  options: { role?: Role; daily?: number; extra?: number; name?: string } = {},
) {
  const { user } = await createUser({ role: options.role, name: options.name });
  if (options.daily !== undefined) setDailyAllowance(user.id, options.daily, options.extra ?? 0);
  const token = createSession(user.id, "api").id;
  const stats = () => searchStats(db().select().from(users).where(eq(users.id, user.id)).get()!);
  const logged = () => db().select().from(searches).where(eq(searches.userId, user.id)).all();
  return { user, token, stats, logged };
}

let brakes: ReturnType<typeof createPart>;
let filter: ReturnType<typeof createPart>;
let spark: ReturnType<typeof createPart>;
let sparkOther: ReturnType<typeof createPart>;
let freios: ReturnType<typeof createCategory>;
let motor: ReturnType<typeof createCategory>;

beforeAll(() => {
  createFreePlan();
  freios = createCategory("Freios API");
  motor = createCategory("Motor API");
  brakes = createPart({
    code: "BR-123.456",
    name: "Pastilha de freio dianteira",
    manufacturer: "Bosch",
    description: "Jogo de pastilhas",
    categoryId: freios.id,
    alternatives: ["TRW-BR123", "GDB1234"],
  });
  filter = createPart({
    code: "FL-789",
    name: "Filtro de óleo do motor",
    manufacturer: "Mann",
    categoryId: motor.id,
  });
  spark = createPart({
    code: "VL-345",
    name: "Vela de ignição",
    manufacturer: "NGK",
    categoryId: motor.id,
  });
  sparkOther = createPart({
    code: "VL345",
    name: "Vela de ignição iridium",
    manufacturer: "Denso",
    categoryId: motor.id,
  });
  for (let i = 0; i < 5; i++)
    createPart({ code: `LM-${100 + i}`, name: `Lâmpada ${i}`, manufacturer: "Osram" });
  const gol = createVehicle({ brand: "Volkswagen", model: "Gol", year: 2015 });
  const palio = createVehicle({ brand: "Fiat", model: "Palio", year: 2012 });
  const agrale = createVehicle({ brand: "Ágrale", model: "Marruá", year: 2018 });
  createVehicle({ brand: "volkswagen", model: "Fox", year: 2011 });
  fit(brakes.id, gol.id, "Eixo dianteiro");
  fit(brakes.id, palio.id);
  fit(filter.id, gol.id);
  fit(filter.id, palio.id);
  fit(filter.id, agrale.id);
  createBrand("Chevrolet");
  createBrand("Fiat");
});

const endpoints: {
  name: string;
  handler: typeof partsSearch.loader;
  path: string;
  params?: Record<string, string>;
}[] = [
  { name: "parts/search", handler: partsSearch.loader, path: "/api/parts/search?q=BR123456" },
  { name: "parts/:id", handler: partDetail.loader, path: "/api/parts/1", params: { id: "1" } },
  {
    name: "parts/code/:code",
    handler: byCode.loader,
    path: "/api/parts/code/BR123456",
    params: { code: "BR123456" },
  },
  {
    name: "vehicles/by-part",
    handler: byPart.loader,
    path: "/api/vehicles/by-part/1",
    params: { partId: "1" },
  },
  { name: "vehicles/brands", handler: brandsRoute.loader, path: "/api/vehicles/brands" },
  {
    name: "dashboard/top-searches",
    handler: topSearchesRoute.loader,
    path: "/api/dashboard/top-searches",
  },
  { name: "dashboard/activity", handler: activityRoute.loader, path: "/api/dashboard/activity" },
];

describe("authentication", () => {
  it.each(endpoints)(
    "$name is 401 without a token and with an expired one",
    async ({ handler, path, params }) => {
      const none = await call(handler, path, { params });
      expect(none.status).toBe(401);
      expect(await envelope(none)).toMatchObject({
        success: false,
        data: null,
        message: "Autenticação necessária. Faça login novamente.",
      });
      const { user } = await createUser();
      const old = createSession(user.id, "api", {}, new Date("2020-01-01")).id;
      const expired = await call(handler, path, { params, token: old });
      expect(expired.status).toBe(401);
      expect((await envelope(expired)).message).toBe("Sua sessão expirou. Faça login novamente.");
    },
  );

  it("keeps the dashboard from role user (403) and opens it to premium users and admins", async () => {
    const plain = await client();
    const premium = await client({ role: "premium_user" });
    const admin = await client({ role: "admin" });
    for (const { handler, path } of endpoints.filter((e) => e.name.startsWith("dashboard"))) {
      const denied = await call(handler, path, { token: plain.token });
      expect(denied.status).toBe(403);
      expect(await envelope(denied)).toMatchObject({
        success: false,
        message: "Você não tem permissão para acessar este recurso.",
      });
      expect((await call(handler, path, { token: premium.token })).status).toBe(200);
      expect((await call(handler, path, { token: admin.token })).status).toBe(200);
    }
  });

  it("answers other methods with a 405 envelope", async () => {
    const response = await call(partsSearch.action, "/api/parts/search", { method: "POST" });
    expect(response.status).toBe(405);
    expect((await envelope(response)).success).toBe(false);
  });
});

describe("GET /api/parts/search", () => {
  it("finds a code typed with dashes, dots and lower case, in the spec's Part shape", async () => {
    const me = await client({ daily: 10 });
    const response = await call(partsSearch.loader, "/api/parts/search?q=br-123.456", {
      token: me.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Search-Type")).toBe("code");
    const body = await envelope(response);
    expect(body.message).toBe("Peça encontrada!");
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toEqual({
      id: brakes.id,
      code: "BR-123.456",
      name: "Pastilha de freio dianteira",
      manufacturer: "Bosch",
      description: "Jogo de pastilhas",
      category_id: freios.id,
      category_name: "Freios API",
      category: "Freios API",
      mercado_livre_link: null,
      image_url: null,
      alternative_codes: [
        { id: expect.any(Number), alternative_code: "GDB1234", description: null },
        { id: expect.any(Number), alternative_code: "TRW-BR123", description: null },
      ],
      compat_count: 2,
      found_via: null,
      match: "code",
      fits_vehicle: null,
    });
  });

  it("says which alternative code led to the part", async () => {
    const me = await client({ daily: 10 });
    const body = await envelope(
      await call(partsSearch.loader, "/api/parts/search?q=trw.br-123", { token: me.token }),
    );
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([brakes.id]);
    expect(body.data[0]).toMatchObject({ found_via: "TRW-BR123", match: "alternative" });
  });

  it("charges one credit for a search with results; the same search again is free", async () => {
    const me = await client({ daily: 3 });
    expect(me.stats().remainingSearches).toBe(3);
    const first = await call(partsSearch.loader, "/api/parts/search?q=FL-789", { token: me.token });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Search-Charged")).toBe("true");
    expect(first.headers.get("X-Remaining-Searches")).toBe("2");
    expect(first.headers.get("X-Low-Credits")).toBe("true");
    expect(me.stats().remainingSearches).toBe(2);

    const again = await call(partsSearch.loader, "/api/parts/search?q=fl%20789&type=code", {
      token: me.token,
    });
    expect(again.status).toBe(200);
    expect(again.headers.get("X-Search-Charged")).toBe("false");
    expect(again.headers.get("X-Remaining-Searches")).toBe("2");
    expect(me.stats()).toMatchObject({ remainingSearches: 2, searchesToday: 2, chargedToday: 1 });
  });

  it("does not charge a search without results, and says so per type", async () => {
    const me = await client({ daily: 3 });
    const code = await call(partsSearch.loader, "/api/parts/search?q=ZZ999999", {
      token: me.token,
    });
    expect(code.status).toBe(200);
    expect(await envelope(code)).toMatchObject({
      success: true,
      data: [],
      message: "Nenhuma peça encontrada com esse código",
    });
    expect(code.headers.get("X-Search-Charged")).toBe("false");
    const words = await call(partsSearch.loader, "/api/parts/search?q=parafuso%20inexistente", {
      token: me.token,
    });
    expect(words.headers.get("X-Search-Type")).toBe("description");
    expect((await envelope(words)).message).toBe("Nenhuma peça encontrada com essa descrição");
    expect(me.stats().remainingSearches).toBe(3);
  });

  it("answers 402 with the spec's message when the day's credits are spent; repeats stay free", async () => {
    const me = await client({ daily: 1 });
    expect(
      (await call(partsSearch.loader, "/api/parts/search?q=BR123456", { token: me.token })).status,
    ).toBe(200);
    const blocked = await call(partsSearch.loader, "/api/parts/search?q=FL789", {
      token: me.token,
    });
    expect(blocked.status).toBe(402);
    expect(await envelope(blocked)).toEqual({
      success: false,
      data: { remaining_searches: 0, resets_at: creditDayEnd().toISOString() },
      message:
        "Você esgotou seus créditos de busca diários. Faça upgrade do seu plano para continuar.",
    });
    expect(blocked.headers.get("X-Remaining-Searches")).toBe("0");
    expect(blocked.headers.get("RateLimit")).toBe(
      `"creditos";r=0;t=${blocked.headers.get("Retry-After")}`,
    );
    const repeat = await call(partsSearch.loader, "/api/parts/search?q=br-123456", {
      token: me.token,
    });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("X-Search-Charged")).toBe("false");
  });

  it("never limits admins", async () => {
    const admin = await client({ role: "admin" });
    const response = await call(partsSearch.loader, "/api/parts/search?q=FL789", {
      token: admin.token,
    });
    expect(response.headers.get("X-Remaining-Searches")).toBe("-1");
    expect(response.headers.get("X-Search-Charged")).toBe("false");
  });

  it("picks description for words and years, and honours an explicit type", async () => {
    const me = await client({ daily: 10 });
    const words = await call(partsSearch.loader, "/api/parts/search?q=filtro%20%C3%B3leo", {
      token: me.token,
    });
    expect(words.headers.get("X-Search-Type")).toBe("description");
    expect((await envelope(words)).data.map((p: { id: number }) => p.id)).toEqual([filter.id]);
    const forced = await call(partsSearch.loader, "/api/parts/search?q=filtro&type=description", {
      token: me.token,
    });
    expect(forced.headers.get("X-Search-Type")).toBe("description");
    expect((await envelope(forced)).data.map((p: { id: number }) => p.id)).toEqual([filter.id]);
  });

  it("filters by category and cuts the list at limit (a limit above 100 is served as 100)", async () => {
    const me = await client({ daily: 10 });
    const inMotor = await envelope(
      await call(partsSearch.loader, `/api/parts/search?q=VL345&category_id=${motor.id}`, {
        token: me.token,
      }),
    );
    expect(inMotor.data.map((p: { id: number }) => p.id).sort()).toEqual(
      [spark.id, sparkOther.id].sort(),
    );
    expect(inMotor.message).toBe("2 peças encontradas");
    const inBrakes = await envelope(
      await call(partsSearch.loader, `/api/parts/search?q=VL345&category_id=${freios.id}`, {
        token: me.token,
      }),
    );
    expect(inBrakes.data).toEqual([]);
    const two = await envelope(
      await call(partsSearch.loader, "/api/parts/search?q=LM&limit=2", { token: me.token }),
    );
    expect(two.data).toHaveLength(2);
    const many = await call(partsSearch.loader, "/api/parts/search?q=LM&limit=5000", {
      token: me.token,
    });
    expect(many.status).toBe(200);
    expect((await envelope(many)).data).toHaveLength(5);
  });

  it("gives 400 with field messages for bad parameters, and charges nothing", async () => {
    const me = await client({ daily: 3 });
    const cases: [string, string, string][] = [
      ["", "q", "Digite algo para buscar"],
      ["?q=%20%20", "q", "Digite algo para buscar"],
      ["?q=BR123456&limit=abc", "limit", "O limite deve ser um número inteiro entre 1 e 100"],
      ["?q=BR123456&limit=0", "limit", "O limite deve ser um número inteiro entre 1 e 100"],
      ["?q=BR123456&limit=2.5", "limit", "O limite deve ser um número inteiro entre 1 e 100"],
      ["?q=BR123456&type=imagem", "type", "Tipo de busca inválido: use code ou description"],
      [
        "?q=BR123456&category_id=freios",
        "category_id",
        "Categoria inválida: informe o número da categoria",
      ],
    ];
    for (const [query, field, message] of cases) {
      const response = await call(partsSearch.loader, `/api/parts/search${query}`, {
        token: me.token,
      });
      expect(response.status, query).toBe(400);
      const body = await envelope(response);
      expect(body).toMatchObject({ success: false, data: null, message });
      expect(body.errors?.[field]).toEqual([message]);
    }
    expect(me.logged()).toHaveLength(0);
    expect(me.stats().remainingSearches).toBe(3);
  });
});

/** A search answer's envelope with what sits beside `data` (ADR 0035). */
async function searchPage(response: Response) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer read in tests
  return (await envelope(response)) as Awaited<ReturnType<typeof envelope>> & Record<string, any>;
}

describe("GET /api/parts/search: pages, total and filters (issue #25)", () => {
  const BIELETAS = 25;
  let golBieleta: ReturnType<typeof createVehicle>;
  beforeAll(() => {
    const suspensao = createCategory("Suspensão Paginada");
    golBieleta = createVehicle({ brand: "Volkswagen", model: "Gol", year: 2016 });
    const palio = createVehicle({ brand: "Fiat", model: "Palio", year: 2013 });
    for (let i = 0; i < BIELETAS; i++) {
      const part = createPart({
        code: `BIEL-${String(i).padStart(3, "0")}`,
        name: `Bieleta paginada ${i}`,
        manufacturer: i % 5 === 0 ? "Nakata" : "Cofap",
        categoryId: i % 2 === 0 ? suspensao.id : null,
      });
      // 1 in 3 fits the Gol (front), the others the Palio (rear).
      db()
        .insert(partVehicles)
        .values({
          partId: part.id,
          vehicleId: i % 3 === 0 ? golBieleta.id : palio.id,
          position: i % 3 === 0 ? "dianteiro" : "traseiro",
        })
        .run();
    }
  });

  const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);

  it("answers the true total and the page, pages of per_page; the next page costs nothing", async () => {
    const me = await client({ daily: 5 });
    const first = await call(
      partsSearch.loader,
      "/api/parts/search?q=bieleta+paginada&per_page=10",
      { token: me.token },
    );
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Search-Charged")).toBe("true");
    const one = await searchPage(first);
    expect(one).toMatchObject({ total: BIELETAS, page: 1, per_page: 10, pages: 3 });
    expect(one.message).toBe(`${BIELETAS} peças encontradas`);
    expect(one.data).toHaveLength(10);
    expect(one.understood).toMatchObject({ vehicle: null, part_words: expect.any(Array) });
    expect(one.facets.manufacturers.map((f: { value: string }) => f.value).sort()).toEqual([
      "Cofap",
      "Nakata",
    ]);

    const second = await call(
      partsSearch.loader,
      "/api/parts/search?q=bieleta+paginada&per_page=10&page=2",
      { token: me.token },
    );
    expect(second.headers.get("X-Search-Charged")).toBe("false");
    const two = await searchPage(second);
    expect(two).toMatchObject({ total: BIELETAS, page: 2, pages: 3 });
    const last = await searchPage(
      await call(partsSearch.loader, "/api/parts/search?q=bieleta+paginada&per_page=10&page=3", {
        token: me.token,
      }),
    );
    expect(last.data).toHaveLength(5);
    const all = [...ids(one), ...ids(two), ...ids(last)];
    expect(new Set(all).size).toBe(BIELETAS);
    expect(me.stats().remainingSearches).toBe(4);
  });

  it("narrows by manufacturer, category, vehicle brand, model, year and position", async () => {
    const me = await client({ daily: 20 });
    const total = async (params: string) =>
      (
        await searchPage(
          await call(partsSearch.loader, `/api/parts/search?q=bieleta+paginada&${params}`, {
            token: me.token,
          }),
        )
      ).total;
    expect(await total("manufacturer=Nakata")).toBe(5);
    expect(await total("brand=Fiat")).toBe(16);
    expect(await total("model=Gol&year=2016")).toBe(9);
    expect(await total("model=Gol&year=2001")).toBe(0);
    expect(await total("position=traseiro")).toBe(16);
    expect(await total("brand=Fiat&manufacturer=Nakata")).toBe(3);
    const suspensao = (
      await searchPage(
        await call(partsSearch.loader, "/api/parts/search?q=bieleta+paginada", { token: me.token }),
      )
    ).facets.categories.find((c: { label: string }) => c.label === "Suspensão Paginada");
    expect(await total(`category_id=${suspensao.value}`)).toBe(13);
    // Narrowing re-reads the search: one charge for all of it.
    expect(me.stats().chargedToday).toBe(1);
  });

  it("says which vehicle it understood and marks the parts that fit it", async () => {
    const me = await client({ daily: 5 });
    const body = await searchPage(
      await call(partsSearch.loader, "/api/parts/search?q=bieleta+paginada+gol+2016", {
        token: me.token,
      }),
    );
    expect(body.understood.vehicle).toBe("Volkswagen Gol 2016");
    expect(body.total).toBe(9);
    expect(body.data.every((p: { fits_vehicle: boolean }) => p.fits_vehicle)).toBe(true);
  });

  it("answers nothing found with the nearest searches, free of charge", async () => {
    const me = await client({ daily: 5 });
    const response = await call(
      partsSearch.loader,
      "/api/parts/search?q=bieleta+paginada+palio+2016",
      { token: me.token },
    );
    expect(response.headers.get("X-Search-Charged")).toBe("false");
    const body = await searchPage(response);
    expect(body).toMatchObject({ total: 0, data: [], pages: 1 });
    expect(body.suggestions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "without_year", total: 16 }),
        expect.objectContaining({ kind: "without_vehicle", total: BIELETAS }),
      ]),
    );
    expect(me.stats().remainingSearches).toBe(5);
  });

  it("pages a code search too, with its total", async () => {
    const me = await client({ daily: 5 });
    const body = await searchPage(
      await call(partsSearch.loader, "/api/parts/search?q=LM&per_page=2&page=3", {
        token: me.token,
      }),
    );
    expect(body).toMatchObject({ total: 5, page: 3, per_page: 2, pages: 3, understood: null });
    expect(body.data).toHaveLength(1);
  });

  it("gives 400 with field messages for bad paging and filters, and charges nothing", async () => {
    const me = await client({ daily: 3 });
    const cases: [string, string, string][] = [
      ["page=0", "page", "A página deve ser um número inteiro entre 1 e 500"],
      ["page=abc", "page", "A página deve ser um número inteiro entre 1 e 500"],
      ["page=501", "page", "A página deve ser um número inteiro entre 1 e 500"],
      ["page=-1", "page", "A página deve ser um número inteiro entre 1 e 500"],
      ["per_page=0", "per_page", "Itens por página deve ser um número inteiro entre 1 e 100"],
      ["per_page=1.5", "per_page", "Itens por página deve ser um número inteiro entre 1 e 100"],
      ["year=15", "year", "O ano deve ser um número inteiro entre 1900 e 2100"],
      ["year=dois+mil", "year", "O ano deve ser um número inteiro entre 1900 e 2100"],
      [`manufacturer=${"x".repeat(81)}`, "manufacturer", "Fabricante: no máximo 80 caracteres"],
      ["brand=Fi%01at", "brand", "Marca: contém caracteres inválidos"],
      [`model=${"M".repeat(500)}`, "model", "Modelo: no máximo 80 caracteres"],
      ["position=%00", "position", "Posição: contém caracteres inválidos"],
    ];
    for (const [query, field, message] of cases) {
      const response = await call(partsSearch.loader, `/api/parts/search?q=bieleta&${query}`, {
        token: me.token,
      });
      expect(response.status, query).toBe(400);
      const body = await searchPage(response);
      expect(body, query).toMatchObject({ success: false, data: null, message });
      expect(body.errors?.[field]).toEqual([message]);
    }
    // Too many per page is served as the most, like limit.
    const many = await call(partsSearch.loader, "/api/parts/search?q=bieleta&per_page=5000", {
      token: me.token,
    });
    expect((await searchPage(many)).per_page).toBe(100);
    expect(me.logged()).toHaveLength(1);
  });
});

describe("GET /api/parts/code/:code", () => {
  it("answers the part whose own code it is, however it is typed, metered like a code search", async () => {
    const me = await client({ daily: 3 });
    const response = await call(byCode.loader, "/api/parts/code/br-123.456", {
      token: me.token,
      params: { code: "br-123.456" },
    });
    expect(response.status).toBe(200);
    const body = await searchPage(response);
    expect(body.message).toBe("Peça encontrada!");
    expect(body.data).toMatchObject({
      id: brakes.id,
      code: "BR-123.456",
      manufacturer: "Bosch",
      match: "code",
      found_via: null,
    });
    expect(
      body.data.alternative_codes.map((a: { alternative_code: string }) => a.alternative_code),
    ).toEqual(["GDB1234", "TRW-BR123"]);
    expect(body.same_code).toEqual([]);
    expect(response.headers.get("X-Remaining-Searches")).toBe("2");
    expect(response.headers.get("X-Search-Charged")).toBe("true");
    expect(response.headers.get("X-Search-Type")).toBe("code");
    expect(me.stats().remainingSearches).toBe(2);
    // The screen's search for the same code today is the same query: free, and so is a repeat.
    const screenLike = await call(partsSearch.loader, "/api/parts/search?q=BR123456", {
      token: me.token,
    });
    expect(screenLike.headers.get("X-Search-Charged")).toBe("false");
    const again = await call(byCode.loader, "/api/parts/code/BR123456", {
      token: me.token,
      params: { code: "BR123456" },
    });
    expect(again.headers.get("X-Search-Charged")).toBe("false");
    expect(me.stats().remainingSearches).toBe(2);
  });

  it("an alternative code is not the part's own: 404 here, found by /api/parts/search", async () => {
    const me = await client({ daily: 3 });
    const alt = await call(byCode.loader, "/api/parts/code/gdb-1234", {
      token: me.token,
      params: { code: "gdb-1234" },
    });
    expect(alt.status).toBe(404);
    expect((await envelope(alt)).message).toBe("Nenhuma peça encontrada com esse código");
    expect(me.stats().remainingSearches).toBe(3);
    const search = await envelope(
      await call(partsSearch.loader, "/api/parts/search?q=gdb-1234", { token: me.token }),
    );
    expect(search.data[0]).toMatchObject({ id: brakes.id, match: "alternative" });
  });

  it("one code at several manufacturers: the first by manufacturer in data, the others in same_code", async () => {
    const me = await client({ daily: 3 });
    const response = await call(byCode.loader, "/api/parts/code/VL345", {
      token: me.token,
      params: { code: "VL345" },
    });
    const both = await searchPage(response);
    expect(both.data).toMatchObject({ id: sparkOther.id, manufacturer: "Denso" });
    expect(both.same_code.map((p: { id: number }) => p.id)).toEqual([spark.id]);
    expect(both.same_code[0]).toMatchObject({ manufacturer: "NGK", code: "VL-345" });
    expect(both.message).toBe("Peça encontrada!");
    // One lookup, one credit, however many manufacturers answer.
    expect(me.stats().remainingSearches).toBe(2);
  });

  it("is a 404 for an unknown code, or one that only starts a code, and costs nothing", async () => {
    const me = await client({ daily: 3 });
    for (const code of ["NAO-EXISTE-1", "BR123"]) {
      const response = await call(byCode.loader, `/api/parts/code/${code}`, {
        token: me.token,
        params: { code },
      });
      expect(response.status).toBe(404);
      expect(await searchPage(response)).toMatchObject({
        success: false,
        message: "Nenhuma peça encontrada com esse código",
      });
    }
    expect(me.logged()).toHaveLength(0);
    expect(me.stats().remainingSearches).toBe(3);
  });

  it("is a 400 for a code with no letters or digits", async () => {
    const me = await client();
    const response = await call(byCode.loader, "/api/parts/code/---", {
      token: me.token,
      params: { code: "---" },
    });
    expect(response.status).toBe(400);
    expect((await searchPage(response)).errors?.code).toEqual([
      "Digite um código de peça para buscar",
    ]);
  });

  it("is a 402 when the day's credits are spent", async () => {
    const me = await client({ daily: 1 });
    await call(byCode.loader, "/api/parts/code/FL789", {
      token: me.token,
      params: { code: "FL789" },
    });
    const blocked = await call(byCode.loader, "/api/parts/code/BR123456", {
      token: me.token,
      params: { code: "BR123456" },
    });
    expect(blocked.status).toBe(402);
    expect(await envelope(blocked)).toMatchObject({
      data: { remaining_searches: 0 },
      message: expect.stringMatching(/^Você esgotou/),
    });
  });
});

describe("GET /api/parts/:id", () => {
  it("returns the part with alternative codes, compatible vehicles and compat_count, without charging", async () => {
    const me = await client({ daily: 3 });
    const response = await call(partDetail.loader, `/api/parts/${brakes.id}`, {
      token: me.token,
      params: { id: String(brakes.id) },
    });
    expect(response.status).toBe(200);
    const { data } = await envelope(response);
    expect(data).toMatchObject({
      id: brakes.id,
      code: "BR-123.456",
      compat_count: 2,
      category_name: "Freios API",
    });
    expect(
      data.alternative_codes.map((a: { alternative_code: string }) => a.alternative_code),
    ).toEqual(["GDB1234", "TRW-BR123"]);
    expect(data.compatible_vehicles).toHaveLength(2);
    expect(data.compatible_vehicles[0]).toMatchObject({
      brand: "Fiat",
      model: "Palio",
      year: 2012,
      notes: null,
      position: null,
      side: null,
      year_from: null,
      year_to: null,
      body_type: null,
    });
    expect(data.compatible_vehicles[1]).toMatchObject({
      brand: "Volkswagen",
      model: "Gol",
      notes: "Eixo dianteiro",
      compatibility_notes: "Eixo dianteiro",
    });
    expect(me.logged()).toHaveLength(0);
    expect(me.stats().remainingSearches).toBe(3);
  });

  it("is a 404 'Peça não encontrada' for an unknown or malformed id", async () => {
    const me = await client();
    for (const id of ["999999", "abc", "0", "-1"]) {
      const response = await call(partDetail.loader, `/api/parts/${id}`, {
        token: me.token,
        params: { id },
      });
      expect(response.status, id).toBe(404);
      expect(await envelope(response)).toMatchObject({
        success: false,
        data: null,
        message: "Peça não encontrada",
      });
    }
  });
});

describe("GET /api/vehicles/by-part/:partId", () => {
  it("pages the compatible vehicles", async () => {
    const me = await client();
    const params = { partId: String(filter.id) };
    const first = await envelope(
      await call(byPart.loader, `/api/vehicles/by-part/${filter.id}`, { token: me.token, params }),
    );
    expect(first.data).toMatchObject({ total: 3, page: 1, pages: 1, per_page: 10 });
    expect(first.data.items.map((v: { brand: string }) => v.brand).sort()).toEqual([
      "Fiat",
      "Volkswagen",
      "Ágrale",
    ]);
    expect(Object.keys(first.data.items[0]).sort()).toEqual(
      [
        "body_type",
        "brand",
        "compatibility_notes",
        "engine",
        "fuel",
        "generation",
        "id",
        "model",
        "notes",
        "position",
        "side",
        "transmission",
        "vehicle_id",
        "version",
        "year",
        "year_from",
        "year_to",
      ].sort(),
    );
    const second = await envelope(
      await call(byPart.loader, `/api/vehicles/by-part/${filter.id}?page=2&per_page=2`, {
        token: me.token,
        params,
      }),
    );
    expect(second.data).toMatchObject({ total: 3, page: 2, pages: 2, per_page: 2 });
    expect(second.data.items).toHaveLength(1);
    const clamped = await envelope(
      await call(byPart.loader, `/api/vehicles/by-part/${filter.id}?per_page=1000`, {
        token: me.token,
        params,
      }),
    );
    expect(clamped.data.per_page).toBe(100);
  });

  it("is a 404 for an unknown part and a 400 for bad paging", async () => {
    const me = await client();
    const unknown = await call(byPart.loader, "/api/vehicles/by-part/999999", {
      token: me.token,
      params: { partId: "999999" },
    });
    expect(unknown.status).toBe(404);
    expect((await envelope(unknown)).message).toBe("Peça não encontrada");
    const params = { partId: String(filter.id) };
    for (const [query, field] of [
      ["page=abc", "page"],
      ["page=0", "page"],
      ["per_page=0", "per_page"],
      ["per_page=x", "per_page"],
    ]) {
      const response = await call(byPart.loader, `/api/vehicles/by-part/${filter.id}?${query}`, {
        token: me.token,
        params,
      });
      expect(response.status, query).toBe(400);
      expect(Object.keys((await envelope(response)).errors ?? {})).toEqual([field]);
    }
  });
});

describe("GET /api/vehicles/brands", () => {
  it("lists registered and used brands once each, in pt-BR order", async () => {
    const me = await client();
    const { data } = await envelope(
      await call(brandsRoute.loader, "/api/vehicles/brands", { token: me.token }),
    );
    expect(data).toEqual(["Ágrale", "Chevrolet", "Fiat", "Volkswagen"]);
  });
});

describe("GET /api/dashboard/top-searches", () => {
  it("aggregates searches by part, most searched first, and respects limit", async () => {
    const premium = await client({ role: "premium_user" });
    const popular = createPart({
      code: "TS-900",
      name: "Amortecedor traseiro",
      categoryId: freios.id,
    });
    const now = new Date();
    for (let i = 0; i < 30; i++)
      recordSearch({
        userId: premium.user.id,
        query: "amortecedor gol",
        partId: popular.id,
        at: now,
        type: "description",
      });
    recordSearch({ userId: premium.user.id, query: "TS900", partId: popular.id, at: now });
    const { data } = await envelope(
      await call(topSearchesRoute.loader, "/api/dashboard/top-searches?days=1&limit=2", {
        token: premium.token,
      }),
    );
    expect(data).toHaveLength(2);
    expect(data[0]).toEqual({
      part_id: popular.id,
      part_code: "TS-900",
      query: "amortecedor gol",
      part_name: "Amortecedor traseiro",
      category: "Freios API",
      searches: 31,
    });
    expect(data[0].searches).toBeGreaterThanOrEqual(data[1].searches);
  });

  it("gives 400 for days or limit out of range", async () => {
    const admin = await client({ role: "admin" });
    const cases: [string, string, string][] = [
      ["days=0", "days", "O período deve ser um número inteiro de dias entre 1 e 365"],
      ["days=366", "days", "O período deve ser um número inteiro de dias entre 1 e 365"],
      ["days=trinta", "days", "O período deve ser um número inteiro de dias entre 1 e 365"],
      ["limit=51", "limit", "O limite deve ser um número inteiro entre 1 e 50"],
      ["limit=-3", "limit", "O limite deve ser um número inteiro entre 1 e 50"],
    ];
    for (const [query, field, message] of cases) {
      const response = await call(topSearchesRoute.loader, `/api/dashboard/top-searches?${query}`, {
        token: admin.token,
      });
      expect(response.status, query).toBe(400);
      expect((await envelope(response)).errors?.[field]).toEqual([message]);
    }
  });
});

describe("GET /api/dashboard/activity", () => {
  it("shows admins everyone's activity and searches, newest first", async () => {
    const admin = await client({ role: "admin" });
    const someone = await client({ name: "Joana Teste" });
    // Everything else in this file happened before: the two items below are the newest.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const base = Date.now();
    recordActivity({
      actorId: someone.user.id,
      type: "payment",
      action: "Pagou a fatura 12",
      at: new Date(base - 4),
    });
    recordSearch({
      userId: someone.user.id,
      query: "BR123456",
      partId: brakes.id,
      at: new Date(base - 2),
    });
    const { data } = await envelope(
      await call(activityRoute.loader, "/api/dashboard/activity?limit=2", { token: admin.token }),
    );
    expect(data).toEqual([
      {
        type: "search",
        time: new Date(base - 2).toISOString(),
        user: "Joana Teste",
        action: "Buscou BR123456",
      },
      {
        type: "payment",
        time: new Date(base - 4).toISOString(),
        user: "Joana Teste",
        action: "Pagou a fatura 12",
      },
    ]);
    const all = await envelope(
      await call(activityRoute.loader, "/api/dashboard/activity", { token: admin.token }),
    );
    expect(all.data).toHaveLength(20);
    const times = all.data.map((item: { time: string }) => Date.parse(item.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("shows a premium customer only their own items", async () => {
    const premium = await client({ role: "premium_user", name: "Premium Teste" });
    const other = await client({ name: "Outra Pessoa" });
    recordSearch({ userId: other.user.id, query: "FL789", partId: filter.id, at: new Date() });
    recordSearch({ userId: premium.user.id, query: "VL345", partId: spark.id, at: new Date() });
    const { data } = await envelope(
      await call(activityRoute.loader, "/api/dashboard/activity", { token: premium.token }),
    );
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((item: { user: string }) => item.user === "Premium Teste")).toBe(true);
    expect(data.map((item: { action: string }) => item.action)).toContain("Buscou VL345");
  });

  it("gives 400 for a bad limit", async () => {
    const admin = await client({ role: "admin" });
    const response = await call(activityRoute.loader, "/api/dashboard/activity?limit=0", {
      token: admin.token,
    });
    expect(response.status).toBe(400);
    expect((await envelope(response)).errors?.limit).toEqual([
      "O limite deve ser um número inteiro entre 1 e 100",
    ]);
  });
});
