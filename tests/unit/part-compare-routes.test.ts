import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { searches, users } from "~db/schema";
import * as comparePage from "~/routes/search/_app.search_.compare";
import * as compareApi from "~/routes/search/api.parts.compare";
import { searchStats } from "~/models/accounts/credits.server";
import { createSession } from "~/models/accounts/session.server";
import { db } from "~/utils/db.server";
import {
  createCategory,
  createFreePlan,
  createPart,
  createUser,
  createVehicle,
  fit,
  invoke,
  sessionHeaders,
  setDailyAllowance,
} from "../support/factories";
import { call, envelope } from "../support/routes";
import { race } from "../support/race";
import { creditDayEnd } from "~/utils/credit-day";

type Role = "admin" | "user" | "premium_user";

async function client(options: { role?: Role; daily?: number } = {}) {
  const { user } = await createUser({ role: options.role });
  if (options.daily !== undefined) setDailyAllowance(user.id, options.daily);
  const token = createSession(user.id, "api").id;
  const stats = () => searchStats(db().select().from(users).where(eq(users.id, user.id)).get()!);
  const logged = () => db().select().from(searches).where(eq(searches.userId, user.id)).all();
  return { user, token, stats, logged };
}

let pads: ReturnType<typeof createPart>;
let otherPads: ReturnType<typeof createPart>;
let filter: ReturnType<typeof createPart>;
let manyFits: ReturnType<typeof createPart>;

beforeAll(() => {
  createFreePlan();
  const freios = createCategory("Freios CR");
  const filtros = createCategory("Filtros CR");
  pads = createPart({
    code: "CR-100",
    name: "Pastilha dianteira",
    manufacturer: "Bosch",
    categoryId: freios.id,
    alternatives: ["TRW-CR100", "COBREQ 100"],
  });
  otherPads = createPart({
    code: "CR-200",
    name: "Pastilha dianteira",
    manufacturer: "Fras-le",
    categoryId: freios.id,
  });
  filter = createPart({ code: "FT-300", name: "Filtro de óleo", categoryId: filtros.id });
  manyFits = createPart({ code: "CR-900", name: "Pastilha dianteira", categoryId: freios.id });
  const gol = createVehicle({ brand: "Volkswagen", model: "Gol", year: 2015, engine: "1.0" });
  const palio = createVehicle({ brand: "Fiat", model: "Palio", year: 2012 });
  const onix = createVehicle({ brand: "Chevrolet", model: "Onix", year: 2020 });
  fit(pads.id, gol.id, "Com ABS");
  fit(pads.id, palio.id);
  fit(otherPads.id, gol.id);
  fit(otherPads.id, onix.id);
  fit(filter.id, gol.id);
  fit(manyFits.id, gol.id);
  for (let i = 0; i < 205; i++)
    fit(manyFits.id, createVehicle({ brand: "Fiat", model: `Modelo ${1000 + i}`, year: 2000 }).id);
});

const api = (query: string, token?: string) =>
  call(compareApi.loader, `/api/parts/compare${query}`, { token });

describe("GET /api/parts/compare", () => {
  it("is 401 without a token and with an expired one", async () => {
    expect((await api("?a=CR-100&b=CR-200")).status).toBe(401);
    const { user } = await createUser();
    const old = createSession(user.id, "api", {}, new Date("2020-01-01")).id;
    const expired = await api("?a=CR-100&b=CR-200", old);
    expect(expired.status).toBe(401);
    expect(await envelope(expired)).toMatchObject({ success: false, data: null });
  });

  it("answers any other method with a 405 envelope, even for an admin", async () => {
    const admin = await client({ role: "admin" });
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await call(compareApi.action, "/api/parts/compare?a=CR-100&b=CR-200", {
        method,
        token: admin.token,
      });
      expect(response.status, method).toBe(405);
      expect((await envelope(response)).success).toBe(false);
    }
    expect(admin.logged()).toHaveLength(0);
  });

  it("compares two parts: verdict, both parts, the three lists; charged once, free the other way round", async () => {
    const me = await client({ daily: 3 });
    const response = await api("?a=cr-100&b=CR%20200", me.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Search-Type")).toBe("compare");
    expect(response.headers.get("X-Search-Charged")).toBe("true");
    expect(response.headers.get("X-Remaining-Searches")).toBe("2");
    expect(response.headers.get("X-Low-Credits")).toBe("true");
    const body = await envelope(response);
    const verdict =
      "Intercambiáveis em parte: servem em 1 veículo em comum; 1 veículo só com cr-100 e 1 veículo só com CR 200.";
    expect(body).toMatchObject({ success: true, message: verdict });
    expect(body.data).toEqual({
      query: { a: "cr-100", b: "CR 200" },
      verdict_kind: "partly",
      verdict,
      same_part: false,
      a: {
        id: pads.id,
        code: "CR-100",
        name: "Pastilha dianteira",
        manufacturer: "Bosch",
        category_id: pads.categoryId,
        category_name: "Freios CR",
        match: "code",
        found_via: null,
        compat_count: 2,
        other_matches: 0,
      },
      b: expect.objectContaining({ id: otherPads.id, code: "CR-200", compat_count: 2 }),
      common_vehicles: [
        {
          id: expect.any(Number),
          vehicle_id: expect.any(Number),
          brand: "Volkswagen",
          model: "Gol",
          generation: null,
          year: 2015,
          version: "1.0 MPI",
          engine: "1.0",
          fuel: null,
          transmission: null,
          body_type: null,
          fitment_a: {
            notes: "Com ABS",
            position: null,
            side: null,
            year_from: null,
            year_to: null,
          },
          fitment_b: { notes: null, position: null, side: null, year_from: null, year_to: null },
          fitment_differs: true,
        },
      ],
      only_a: [expect.objectContaining({ brand: "Fiat", model: "Palio", notes: null })],
      only_b: [expect.objectContaining({ brand: "Chevrolet", model: "Onix" })],
      totals: { common_vehicles: 1, only_a: 1, only_b: 1 },
      list_limit: 200,
      cautions: [
        {
          kind: "fitment_differs",
          message:
            "Em 1 veículo em comum a aplicação é diferente (posição, lado, anos ou observações).",
        },
      ],
    });

    const reversed = await api("?a=cr200&b=CR.100", me.token);
    expect(reversed.headers.get("X-Search-Charged")).toBe("false");
    expect((await envelope(reversed)).data.only_a[0].model).toBe("Onix");
    expect(me.stats().remainingSearches).toBe(2);
  });

  it("says which alternative code led to the part, and that two codes of one part are one part", async () => {
    const me = await client({ daily: 3 });
    const body = await envelope(await api("?a=trw-cr100&b=Cobreq-100", me.token));
    expect(body.data).toMatchObject({
      verdict_kind: "same_part",
      same_part: true,
      verdict: "Intercambiáveis: trw-cr100 e Cobreq-100 são códigos da mesma peça.",
      a: { id: pads.id, match: "alternative", found_via: "TRW-CR100" },
      b: { id: pads.id, match: "alternative", found_via: "COBREQ 100" },
      totals: { common_vehicles: 2, only_a: 0, only_b: 0 },
    });
  });

  it("parts of different categories are not interchangeable, whatever they fit", async () => {
    const me = await client({ daily: 3 });
    const body = await envelope(await api("?a=CR-100&b=FT-300", me.token));
    expect(body.data).toMatchObject({
      verdict_kind: "different_kind",
      verdict: "Não são intercambiáveis: são peças de tipos diferentes (Freios CR × Filtros CR).",
      totals: { common_vehicles: 1, only_a: 1, only_b: 0 },
    });
  });

  it("an unknown code is a 200 whose verdict names it, and costs nothing; prefixes do not count", async () => {
    const me = await client({ daily: 3 });
    const one = await api("?a=CR-100&b=ZZ-404", me.token);
    expect(one.status).toBe(200);
    expect(one.headers.get("X-Search-Charged")).toBe("false");
    expect(await envelope(one)).toMatchObject({
      success: true,
      message: "Código não encontrado: ZZ-404.",
      data: { verdict_kind: "not_found", a: { id: pads.id }, b: null, common_vehicles: [] },
    });
    const both = await envelope(await api("?a=CR-1&b=ZZ-404", me.token));
    expect(both.data).toMatchObject({ verdict_kind: "not_found", a: null, b: null });
    expect(both.message).toBe("Códigos não encontrados: CR-1 e ZZ-404.");
    expect(me.stats().remainingSearches).toBe(3);
  });

  it("cuts each list at 200 and gives the exact totals", async () => {
    const me = await client({ daily: 3 });
    const body = await envelope(await api("?a=CR-900&b=CR-100", me.token));
    expect(body.data.only_a).toHaveLength(200);
    expect(body.data.totals).toEqual({ common_vehicles: 1, only_a: 205, only_b: 1 });
    expect(body.data.list_limit).toBe(200);
  });

  it("gives 400 with field messages for missing, blank, oversized or symbol-only codes, and charges nothing", async () => {
    const me = await client({ daily: 3 });
    const long = "A".repeat(61);
    const cases: [string, string, string][] = [
      ["", "a", "Digite o código A"],
      ["?a=CR-100", "b", "Digite o código B"],
      ["?a=%20%20&b=CR-100", "a", "Digite o código A"],
      [`?a=CR-100&b=${long}`, "b", "O código deve ter no máximo 60 caracteres"],
      [`?a=${"9".repeat(10_000)}&b=CR-100`, "a", "O código deve ter no máximo 60 caracteres"],
      ["?a=--.%2F%2F&b=CR-100", "a", "O código precisa ter ao menos uma letra ou um número"],
    ];
    for (const [query, field, message] of cases) {
      const response = await api(query, me.token);
      expect(response.status, query).toBe(400);
      const body = await envelope(response);
      expect(body, query).toMatchObject({ success: false, data: null, message });
      expect(body.errors?.[field], query).toEqual([message]);
    }
    const both = await envelope(await api("?b=", me.token));
    expect(both.errors).toEqual({ a: ["Digite o código A"], b: ["Digite o código B"] });
    // A repeated parameter is read once, as its first value.
    const repeated = await api(`?a=CR-100&a=${long}&b=CR-200`, me.token);
    expect(repeated.status).toBe(200);
    expect(me.logged()).toHaveLength(1);
  });

  it("answers 402 when the day's credits are spent; a comparison already paid today stays free", async () => {
    const me = await client({ daily: 1 });
    expect((await api("?a=CR-100&b=CR-200", me.token)).status).toBe(200);
    const blocked = await api("?a=CR-100&b=FT-300", me.token);
    expect(blocked.status).toBe(402);
    expect(blocked.headers.get("X-Remaining-Searches")).toBe("0");
    expect(await envelope(blocked)).toEqual({
      success: false,
      data: { remaining_searches: 0, resets_at: creditDayEnd().toISOString() },
      message:
        "Você esgotou seus créditos de busca diários. Faça upgrade do seu plano para continuar.",
    });
    const repeat = await api("?a=CR-200&b=CR-100", me.token);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("X-Search-Charged")).toBe("false");
  });

  it("never limits admins", async () => {
    const admin = await client({ role: "admin" });
    const response = await api("?a=CR-100&b=CR-200", admin.token);
    expect(response.headers.get("X-Remaining-Searches")).toBe("-1");
    expect(response.headers.get("X-Search-Charged")).toBe("false");
  });

  it("charges concurrent repeats of one comparison once", async () => {
    const me = await client({ daily: 5 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(i % 2 ? "?a=CR-100&b=CR-200" : "?a=cr.200&b=cr.100", me.token),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(answers.filter((r) => r.headers.get("X-Search-Charged") === "true")).toHaveLength(1);
    expect(me.stats().remainingSearches).toBe(4);
  });

  it("charges one comparison once when two OS processes repeat it at the same instant", async () => {
    const me = await client({ daily: 5 });
    const outputs = await race(
      "compare-race-worker.ts",
      [0, 1].map(() => [String(me.user.id), "CR-100", "CR-200", "8"]),
    );
    const counts = outputs.map((out) => JSON.parse(out) as { charged: number; exhausted: number });
    expect(counts.reduce((sum, c) => sum + c.charged, 0)).toBe(1);
    expect(counts.reduce((sum, c) => sum + c.exhausted, 0)).toBe(0);
    const charged = db()
      .select()
      .from(searches)
      .where(and(eq(searches.userId, me.user.id), eq(searches.charged, true)))
      .all();
    expect(charged.map((s) => [s.type, s.queryNorm])).toEqual([["compare", "CR100|CR200"]]);
    expect(me.stats().remainingSearches).toBe(4);
  }, 90_000);
});

describe("/search/compare (the page's loader)", () => {
  const page = async (query: string, user?: Awaited<ReturnType<typeof client>>["user"]) =>
    invoke(comparePage.loader, `/search/compare${query}`, {
      headers: user ? await sessionHeaders(user, "web") : {},
    });

  it("sends an anonymous visitor to the login", async () => {
    const response = await page("?a=CR-100&b=CR-200");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });

  it("is idle without both codes, keeping a code a link filled in", async () => {
    const me = await client({ daily: 3 });
    expect(await (await page("", me.user)).json()).toEqual({
      state: "idle",
      typed: { a: "", b: "" },
    });
    expect(await (await page("?a=CR-100", me.user)).json()).toEqual({
      state: "idle",
      typed: { a: "CR-100", b: "" },
    });
    expect(me.logged()).toHaveLength(0);
  });

  it("shows the schema's field messages with the typed values kept", async () => {
    const me = await client({ daily: 3 });
    const data = await (await page(`?a=&b=${"X".repeat(70)}`, me.user)).json();
    expect(data).toEqual({
      state: "invalid",
      typed: { a: "", b: "X".repeat(70) },
      errors: { a: ["Digite o código A"], b: ["O código deve ter no máximo 60 caracteres"] },
    });
    expect(me.logged()).toHaveLength(0);
  });

  it("compares, metered like the API, and hands the shell its fresh credits", async () => {
    const me = await client({ daily: 3 });
    const data = await (await page("?a=TRW-CR100&b=+CR-200+", me.user)).json();
    expect(data).toMatchObject({
      state: "result",
      typed: { a: "TRW-CR100", b: "CR-200" },
      creditStats: { remainingSearches: 2, dailyAllowance: 3 },
      lowCredits: true,
      result: {
        kind: "partly",
        verdict:
          "Intercambiáveis em parte: servem em 1 veículo em comum; 1 veículo só com TRW-CR100 e 1 veículo só com CR-200.",
        a: {
          code: "TRW-CR100",
          part: { id: pads.id, code: "CR-100", viaCode: "TRW-CR100", categoryName: "Freios CR" },
          otherMatches: 0,
        },
        b: { code: "CR-200", part: { id: otherPads.id, viaCode: null } },
        common: { total: 1 },
        onlyA: { total: 1 },
        onlyB: { total: 1 },
      },
    });
    // The same pair over the API, in the other order and spelling, is a repeat: free.
    const viaApi = createSession(me.user.id, "api").id;
    expect((await api("?a=CR-200&b=trw.cr100", viaApi)).headers.get("X-Search-Charged")).toBe(
      "false",
    );
  });

  it("shows the exhausted state", async () => {
    const me = await client({ daily: 1 });
    await page("?a=CR-100&b=CR-200", me.user);
    const data = await (await page("?a=CR-100&b=FT-300", me.user)).json();
    expect(data).toEqual({
      state: "exhausted",
      typed: { a: "CR-100", b: "FT-300" },
      creditStats: { remainingSearches: 0, dailyAllowance: 1 },
    });
  });
});
