import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { importJobs } from "~db/schema";
import { createFipeSimulator, type FipeSimulator } from "~/integrations/fipe/simulator.server";
import { FIPE_SAMPLE } from "~/integrations/fipe/sample-data";
import "~/jobs/index.server";
import { clearFipeBrandCache } from "~/models/imports/fipe/brands.server";
import { waitForFipeImport } from "~/models/imports/fipe/progress.server";
import { createSession } from "~/models/accounts/session.server";
import * as importFipe from "~/routes/imports/api.vehicles.import.fipe";
import * as fipeBrands from "~/routes/imports/api.vehicles.fipe.brands";
import * as importStatus from "~/routes/imports/api.import.status.$id";
import * as fipeSim from "~/routes/simulators/fipe-sim.$";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { createUser } from "../support/factories";
import { call, envelope } from "../support/routes";

let sim: FipeSimulator;
let simUrl: string;
let admin: string;
let customer: string;

function useFipeAt(url: string) {
  process.env.FIPE_BASE_URL = url;
  resetEnvForTests();
  clearFipeBrandCache();
}

beforeAll(async () => {
  sim = createFipeSimulator();
  simUrl = await sim.start();
  process.env.FIPE_MIN_INTERVAL_MS = "0";
  useFipeAt(simUrl);
  admin = createSession((await createUser({ role: "admin" })).user.id, "api").id;
  customer = createSession((await createUser({ role: "user" })).user.id, "api").id;
});

afterAll(async () => {
  await sim.stop();
  delete process.env.FIPE_BASE_URL;
  delete process.env.FIPE_MIN_INTERVAL_MS;
  resetEnvForTests();
});

/** Each test starts with no import running, so none follows another's. */
beforeEach(() => {
  db().update(importJobs).set({ status: "completed" }).where(eq(importJobs.status, "idle")).run();
  db()
    .update(importJobs)
    .set({ status: "completed" })
    .where(eq(importJobs.status, "running"))
    .run();
});

const startImport = (json: unknown, token = admin, query = "") =>
  call(importFipe.action, `/api/vehicles/import/fipe${query}`, { method: "POST", json, token });

describe("GET /api/vehicles/fipe/brands", () => {
  it("lists FIPE brands with their codes", async () => {
    const response = await call(fipeBrands.loader, "/api/vehicles/fipe/brands?type=carros", {
      token: admin,
    });
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body.success).toBe(true);
    expect(body.data).toContainEqual({ codigo: "59", nome: "VW - VolksWagen" });
    expect(body.data).toHaveLength(FIPE_SAMPLE.carros.length);
    const motos = await envelope(
      await call(fipeBrands.loader, "/api/vehicles/fipe/brands?type=motos", { token: admin }),
    );
    expect(motos.data.map((b: { nome: string }) => b.nome)).toContain("Yamaha");
  });

  it("refuses a type it does not know with a field message", async () => {
    const response = await call(fipeBrands.loader, "/api/vehicles/fipe/brands?type=avioes", {
      token: admin,
    });
    expect(response.status).toBe(400);
    const body = await envelope(response);
    expect(body.message).toBe("Tipo de veículo inválido: use carros, motos ou caminhoes");
    expect(body.errors?.type).toEqual(["Tipo de veículo inválido: use carros, motos ou caminhoes"]);
  });

  it("answers 502 with the spec's message when FIPE fails", async () => {
    useFipeAt(`${simUrl}/quebrado`);
    try {
      const response = await call(fipeBrands.loader, "/api/vehicles/fipe/brands?type=carros", {
        token: admin,
      });
      expect(response.status).toBe(502);
      expect(await envelope(response)).toMatchObject({
        success: false,
        message: "Não foi possível obter marcas da FIPE",
      });
    } finally {
      useFipeAt(simUrl);
    }
  });

  it("is for admins only: 401 without a token, 403 for a customer", async () => {
    expect((await call(fipeBrands.loader, "/api/vehicles/fipe/brands?type=carros")).status).toBe(
      401,
    );
    const forbidden = await call(fipeBrands.loader, "/api/vehicles/fipe/brands?type=carros", {
      token: customer,
    });
    expect(forbidden.status).toBe(403);
    expect((await envelope(forbidden)).success).toBe(false);
  });
});

describe("POST /api/vehicles/import/fipe", () => {
  it("starts the import in the background: 202 with job and import ids", async () => {
    const response = await startImport({ type: "motos", brand_code: "85" });
    expect(response.status).toBe(202);
    const body = await envelope(response);
    expect(body).toMatchObject({ success: true, message: "Importação FIPE iniciada" });
    expect(body.data).toMatchObject({
      job_id: expect.any(String),
      import_id: expect.any(Number),
      already_running: false,
    });
    const outcome = await waitForFipeImport(body.data.import_id, 15_000);
    expect(outcome.status).toBe("completed");
  });

  it("answers the import in progress to a second start instead of running two", async () => {
    const slow = createFipeSimulator({ delayMs: 100 });
    useFipeAt(await slow.start());
    try {
      const first = await envelope(await startImport({ type: "caminhoes", brand_code: "112" }));
      const second = await startImport({ type: "caminhoes" });
      expect(second.status).toBe(202);
      const body = await envelope(second);
      expect(body.message).toBe("Já existe uma importação FIPE em andamento: acompanhe-a aqui.");
      expect(body.data).toMatchObject({ import_id: first.data.import_id, already_running: true });
      expect((await waitForFipeImport(first.data.import_id, 15_000)).status).toBe("completed");
    } finally {
      useFipeAt(simUrl);
      await slow.stop();
    }
  });

  it("with ?wait=true answers when done, as the spec's synchronous call: success, created, brands", async () => {
    const brand = FIPE_SAMPLE.carros.find((b) => b.codigo === "29")!;
    const years = brand.models.reduce((n, m) => n + m.lastYear - m.firstYear + 1, 0);
    const response = await startImport(
      { type: "carros", brand_code: 29, max_brands: "1" },
      admin,
      "?wait=true",
    );
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body).toMatchObject({
      success: true,
      created: years,
      brands: 1,
      message: `Importação FIPE concluída. Marcas: 1. Registros: ${years}.`,
    });
    expect(body.data).toMatchObject({ created: years, brands: 1, skipped: 0, status: "completed" });

    const again = await envelope(
      await startImport({ type: "carros", brand_code: "29" }, admin, "?wait=true"),
    );
    expect(again).toMatchObject({
      success: true,
      created: 0,
      message: "Importação FIPE concluída. Marcas: 1. Registros: 0.",
    });
    expect(again.data.skipped).toBe(years);
  });

  it("with ?wait=true reports a failed import with its reason", async () => {
    const response = await startImport(
      { type: "carros", brand_code: "424242" },
      admin,
      "?wait=true",
    );
    expect(response.status).toBe(502);
    expect(await envelope(response)).toMatchObject({
      success: false,
      message: "Erro ao importar FIPE: marca 424242 não encontrada na FIPE",
    });
  });

  it("gives 400 with field messages for bad input, never a 500", async () => {
    const cases: [unknown, string, string][] = [
      [{}, "type", "Tipo de veículo inválido: use carros, motos ou caminhoes"],
      [{ type: "avioes" }, "type", "Tipo de veículo inválido: use carros, motos ou caminhoes"],
      [{ type: "carros", brand_code: "VW" }, "brand_code", "Código de marca inválido"],
      [
        { type: "carros", max_brands: 0 },
        "max_brands",
        "Máximo de marcas deve ser um número inteiro entre 1 e 500",
      ],
      [
        { type: "carros", max_brands: "muitas" },
        "max_brands",
        "Máximo de marcas deve ser um número inteiro entre 1 e 500",
      ],
      [
        { type: "carros", max_brands: 2.5 },
        "max_brands",
        "Máximo de marcas deve ser um número inteiro entre 1 e 500",
      ],
      [["carros"], "_form", ""],
    ];
    for (const [json, field, message] of cases) {
      const response = await startImport(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      const body = await envelope(response);
      expect(body.success).toBe(false);
      if (message) expect(body.errors?.[field]).toEqual([message]);
    }
    const broken = await call(importFipe.action, "/api/vehicles/import/fipe", {
      method: "POST",
      body: "{nada",
      headers: { "Content-Type": "application/json" },
      token: admin,
    });
    expect(broken.status).toBe(400);
    expect((await envelope(broken)).message).toBe("Erro ao fazer parse do JSON");
  });

  it("is for admins only: 401 without a token, 403 for a customer; GET is 405", async () => {
    expect(
      (
        await call(importFipe.action, "/api/vehicles/import/fipe", {
          method: "POST",
          json: { type: "carros" },
        })
      ).status,
    ).toBe(401);
    expect((await startImport({ type: "carros" }, customer)).status).toBe(403);
    expect(
      (await call(importFipe.loader, "/api/vehicles/import/fipe", { token: admin })).status,
    ).toBe(405);
  });
});

describe("GET /api/import/status/:id", () => {
  it("returns the spec's Import status shape with the log lines", async () => {
    const started = await envelope(await startImport({ type: "caminhoes", brand_code: "114" }));
    const id = started.data.import_id;
    await waitForFipeImport(id, 15_000);
    const response = await call(importStatus.loader, `/api/import/status/${id}`, {
      token: admin,
      params: { id: String(id) },
    });
    expect(response.status).toBe(200);
    const { data } = await envelope(response);
    expect(data).toMatchObject({
      job_id: id,
      status: "completed",
      current_page: 1,
      total_pages: 1,
      created_vehicles: expect.any(Number),
      skipped_vehicles: expect.any(Number),
      error_count: 0,
      created_parts: 0,
      estimated_completion: null,
    });
    expect(data.processed_items).toBe(data.total_items);
    expect(Date.parse(data.started_at)).not.toBeNaN();
    expect(Date.parse(data.completed_at)).not.toBeNaN();
    expect(Date.parse(data.last_activity)).not.toBeNaN();
    expect(data.logs[0]).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\] Importação FIPE iniciada: Caminhões, marca Volvo\.$/,
    );
    expect(data.logs.at(-1)).toMatch(
      /\] Importação FIPE concluída\. Marcas: 1\. Registros: \d+\.$/,
    );
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const response = await call(importStatus.loader, `/api/import/status/${id}`, {
        token: admin,
        params: { id },
      });
      expect(response.status).toBe(404);
      expect((await envelope(response)).message).toBe("Importação não encontrada");
    }
  });

  it("is for admins only: 401 without a token, 403 for a customer", async () => {
    expect(
      (await call(importStatus.loader, "/api/import/status/1", { params: { id: "1" } })).status,
    ).toBe(401);
    expect(
      (
        await call(importStatus.loader, "/api/import/status/1", {
          token: customer,
          params: { id: "1" },
        })
      ).status,
    ).toBe(403);
  });
});

describe("GET /fipe-sim/api/v1/* (the simulator the app serves)", () => {
  const path = "/fipe-sim/api/v1/carros/marcas/59/modelos";
  const params = { "*": "api/v1/carros/marcas/59/modelos" };

  function withEnv(values: Record<string, string | undefined>, run: () => Promise<void>) {
    const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
    Object.assign(process.env, values);
    for (const [key, value] of Object.entries(values))
      if (value === undefined) delete process.env[key];
    resetEnvForTests();
    return run().finally(() => {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      resetEnvForTests();
    });
  }

  it("answers FIPE's shapes outside production", async () => {
    const response = await call(fipeSim.loader, path, { params });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { modelos: unknown[]; anos: unknown[] };
    expect(body.modelos.length).toBeGreaterThan(0);
    expect(body.anos.length).toBeGreaterThan(0);
    expect(
      (await call(fipeSim.loader, "/fipe-sim/outra", { params: { "*": "outra" } })).status,
    ).toBe(404);
  });

  it("is a 404 in production unless FIPE_SIMULATOR=true", async () => {
    const production = {
      NODE_ENV: "production",
      ADMIN_PASSWORD: "senha-de-producao-123",
      ENCAIXA_LOCAL: undefined,
    };
    await withEnv({ ...production, FIPE_SIMULATOR: undefined }, async () => {
      expect((await call(fipeSim.loader, path, { params })).status).toBe(404);
    });
    await withEnv({ ...production, FIPE_SIMULATOR: "true" }, async () => {
      expect((await call(fipeSim.loader, path, { params })).status).toBe(200);
    });
    await withEnv({ ...production, ENCAIXA_LOCAL: "true" }, async () => {
      expect((await call(fipeSim.loader, path, { params })).status).toBe(200);
    });
  });
});
