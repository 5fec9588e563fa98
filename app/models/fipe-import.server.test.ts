import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, brands, importJobs, importLogs, jobRuns, vehicles } from "~db/schema";
import { createFipeClient } from "~/integrations/fipe/client.server";
import { createFipeSimulator, type FipeSimulator } from "~/integrations/fipe/simulator.server";
import { FIPE_SAMPLE } from "~/integrations/fipe/sample-data";
import "~/jobs/index.server";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { createUser } from "../../tests/support/factories";
import {
  claimFipeImport,
  FIPE_IMPORT_JOB_ID,
  fipeBrandName,
  getImportJob,
  importLogLines,
  parseFipeModelName,
  parseYearCode,
  runFipeImport,
  startFipeImport,
  waitForFipeImport,
} from "./fipe-import.server";

let sim: FipeSimulator;
let baseUrl: string;

beforeAll(async () => {
  sim = createFipeSimulator();
  baseUrl = await sim.start();
  process.env.FIPE_BASE_URL = baseUrl;
  process.env.FIPE_MIN_INTERVAL_MS = "0";
  resetEnvForTests();
});

afterAll(async () => {
  await sim.stop();
  delete process.env.FIPE_BASE_URL;
  delete process.env.FIPE_MIN_INTERVAL_MS;
  resetEnvForTests();
});

const client = (url = baseUrl) =>
  createFipeClient({ baseUrl: url, minIntervalMs: 0, backoffMs: 1, maxAttempts: 2 });

function sampleYears(type: keyof typeof FIPE_SAMPLE, brandCode: string) {
  const brand = FIPE_SAMPLE[type].find((b) => b.codigo === brandCode)!;
  return brand.models.reduce(
    (sum, m) => sum + m.lastYear - m.firstYear + 1 + (m.zeroKm ? 1 : 0),
    0,
  );
}

const vehicleCount = () => db().select({ n: count() }).from(vehicles).get()!.n;

/** Jobs left active by one test would be followed, not replaced, by the next one's claim. */
function finishActiveImports() {
  db().update(importJobs).set({ status: "completed" }).where(eq(importJobs.status, "idle")).run();
  db()
    .update(importJobs)
    .set({ status: "completed" })
    .where(eq(importJobs.status, "running"))
    .run();
}

describe("parseFipeModelName", () => {
  it("splits the brief's examples into model, version, engine, fuel, gearbox and body", () => {
    expect(parseFipeModelName("Gol 1.0 Mi Total Flex 8V 4p")).toEqual({
      model: "Gol",
      version: "1.0 Mi Total Flex 8V 4p",
      engine: "1.0 8V",
      fuel: "Flex",
      transmission: "Manual",
      bodyType: null,
    });
    expect(parseFipeModelName("AMAROK High.CD 2.0 16V TDI 4x4 Dies. Aut")).toEqual({
      model: "Amarok",
      version: "High.CD 2.0 16V TDI 4x4 Dies. Aut",
      engine: "2.0 16V TDI",
      fuel: "Diesel",
      transmission: "Automática",
      bodyType: "Pickup",
    });
    expect(parseFipeModelName("Onix HATCH LT 1.0 12V Flex 5p Mec.")).toMatchObject({
      model: "Onix",
      version: "HATCH LT 1.0 12V Flex 5p Mec.",
      engine: "1.0 12V",
      fuel: "Flex",
      transmission: "Manual",
      bodyType: "Hatch",
    });
    expect(parseFipeModelName("Corolla XEi 2.0 Flex 16V Aut.")).toMatchObject({
      model: "Corolla",
      version: "XEi 2.0 Flex 16V Aut.",
      engine: "2.0 16V",
      fuel: "Flex",
      transmission: "Automática",
    });
  });

  it("reads gearboxes, turbo markers, bodies and multi-word models", () => {
    expect(parseFipeModelName("Captur Intense 1.6 16V Flex 5p X-Tronic").transmission).toBe("CVT");
    expect(parseFipeModelName("Jetta 2.0 TSI 16V 211cv DSG").transmission).toBe("DSG");
    expect(parseFipeModelName("A3 Sedan 1.4 TFSI Flex Tiptronic 4p")).toMatchObject({
      engine: "1.4 TFSI",
      transmission: "Automática",
      bodyType: "Sedan",
    });
    expect(parseFipeModelName("Onix HATCH Premier 1.0 12V TB Flex Aut.").engine).toBe(
      "1.0 12V Turbo",
    );
    expect(parseFipeModelName("Frontier XE CD 4x4 2.3 Bi-TB Diesel Aut.")).toMatchObject({
      engine: "2.3 Biturbo",
      fuel: "Diesel",
      bodyType: "Pickup",
    });
    expect(parseFipeModelName("Saveiro Robust 1.6 Total Flex 16V CS").bodyType).toBe("Pickup");
    expect(parseFipeModelName("Jetta Variant 2.5 20V 170cv Tiptronic").bodyType).toBe("Wagon");
    expect(parseFipeModelName("Etios HB X 1.3 Flex 16V 5p Mec.").bodyType).toBe("Hatch");
    expect(parseFipeModelName("Grand Siena ATTRACTIVE 1.4 Evo F.Flex 8V")).toMatchObject({
      model: "Grand Siena",
      version: "ATTRACTIVE 1.4 Evo F.Flex 8V",
      fuel: "Flex",
    });
    expect(parseFipeModelName("L200 Triton Sport HPE 2.4 CD Diesel Aut.").model).toBe(
      "L200 Triton",
    );
    expect(parseFipeModelName("SPACEFOX Trendline 1.6 Total Flex 8V 5p").model).toBe("SpaceFox");
    expect(parseFipeModelName("HR-V EX 1.8 Flexone 16V 5p Aut.").model).toBe("HR-V");
    expect(parseFipeModelName("Corolla Altis Premium Hybrid 1.8 16V Aut.").fuel).toBe("Híbrido");
    expect(parseFipeModelName("ASX 2.0 16V 160cv Aut.").fuel).toBeNull();
  });

  it("reads motorcycles and trucks without guessing a gearbox or body", () => {
    expect(parseFipeModelName("CG 160 FAN ESDi/ Flex", "motos")).toEqual({
      model: "CG 160",
      version: "FAN ESDi/ Flex",
      engine: "160 cc",
      fuel: "Flex",
      transmission: null,
      bodyType: null,
    });
    expect(parseFipeModelName("CB 500F", "motos")).toMatchObject({
      model: "CB 500F",
      version: "CB 500F",
      engine: "500 cc",
    });
    expect(parseFipeModelName("FAZER YS 250/ BlueFlex", "motos")).toMatchObject({
      model: "Fazer YS 250",
      version: "BlueFlex",
    });
    expect(parseFipeModelName("Axor 2544 6x2 2p (diesel)(E5)", "caminhoes")).toEqual({
      model: "Axor",
      version: "2544 6x2 2p (diesel)(E5)",
      engine: null,
      fuel: "Diesel",
      transmission: null,
      bodyType: null,
    });
  });
});

describe("year codes and brand names", () => {
  it("reads the year and the fuel code; 32000 is this year's Zero KM", () => {
    const now = new Date("2025-06-01T12:00:00Z");
    expect(parseYearCode("2014-1", now)).toEqual({ year: 2014, fuel: "Gasolina" });
    expect(parseYearCode("2014-2", now)).toEqual({ year: 2014, fuel: "Etanol" });
    expect(parseYearCode("2019-3", now)).toEqual({ year: 2019, fuel: "Diesel" });
    expect(parseYearCode("2020-5", now)).toEqual({ year: 2020, fuel: "Flex" });
    expect(parseYearCode("32000-1", now)).toEqual({ year: 2025, fuel: "Gasolina" });
    expect(parseYearCode("abc", now)).toBeNull();
    expect(parseYearCode("1850-1", now)).toBeNull();
  });

  it("writes FIPE's brand names as the catalogue does", () => {
    expect(fipeBrandName("VW - VolksWagen")).toBe("Volkswagen");
    expect(fipeBrandName("GM - Chevrolet")).toBe("Chevrolet");
    expect(fipeBrandName("Kia Motors")).toBe("Kia");
    expect(fipeBrandName("Fiat")).toBe("Fiat");
  });
});

describe("runFipeImport", () => {
  it("imports one brand's models and years, parsed, with FIPE code and model year", async () => {
    const { user } = await createUser({ role: "admin" });
    const { job } = claimFipeImport({ type: "carros", brand_code: "59" }, user.id);
    const result = await runFipeImport(job.id, client());
    const expected = sampleYears("carros", "59");
    expect(result).toMatchObject({
      status: "completed",
      brands: 1,
      created: expected,
      skipped: 0,
      errors: 0,
    });
    expect(result.message).toBe(`Importação FIPE concluída. Marcas: 1. Registros: ${expected}.`);

    const gol = db()
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.fipeCode, "005340-6"), eq(vehicles.year, 2015)))
      .get();
    expect(gol).toMatchObject({
      brand: "Volkswagen",
      model: "Gol",
      version: "1.0 Mi Total Flex 8V 4p",
      engine: "1.0 8V",
      fuel: "Flex",
      transmission: "Manual",
      vehicleType: "carros",
    });
    const amarok = db().select().from(vehicles).where(eq(vehicles.fipeCode, "005347-3")).all();
    expect(amarok.map((v) => v.year).sort()).toEqual([2014, 2015, 2016]);
    expect(amarok[0]).toMatchObject({
      model: "Amarok",
      fuel: "Diesel",
      transmission: "Automática",
      bodyType: "Pickup",
    });
    expect(db().select().from(brands).where(eq(brands.name, "Volkswagen")).all()).toHaveLength(1);

    const stored = getImportJob(job.id)!;
    expect(stored).toMatchObject({
      status: "completed",
      currentPage: 1,
      totalPages: 1,
      createdVehicles: expected,
      skippedVehicles: 0,
      processedItems: expected,
      totalItems: expected,
    });
    expect(stored.startedAt).toBeInstanceOf(Date);
    expect(stored.completedAt).toBeInstanceOf(Date);
    const lines = importLogLines(job.id).map((l) => l.message);
    expect(lines[0]).toBe("Importação FIPE iniciada: Carros, marca Volkswagen.");
    expect(lines).toContain(
      `Marca Volkswagen: ${expected} registro(s) novo(s), 0 já existente(s).`,
    );
    expect(lines.at(-1)).toBe(result.message);
  });

  it("running the same import again creates no duplicates", async () => {
    finishActiveImports();
    const before = vehicleCount();
    const { job } = claimFipeImport({ type: "carros", brand_code: "59" }, null);
    const result = await runFipeImport(job.id, client());
    expect(result).toMatchObject({ created: 0, skipped: sampleYears("carros", "59") });
    expect(result.message).toBe("Importação FIPE concluída. Marcas: 1. Registros: 0.");
    expect(vehicleCount()).toBe(before);
  });

  it("reuses an existing brand row written in another case", async () => {
    finishActiveImports();
    db().insert(brands).values({ name: "SUZUKI" }).run();
    const { job } = claimFipeImport({ type: "motos", brand_code: "99" }, null);
    await runFipeImport(job.id, client());
    const rows = db().select().from(vehicles).where(eq(vehicles.vehicleType, "motos")).all();
    expect(new Set(rows.map((r) => r.brand))).toEqual(new Set(["SUZUKI"]));
    expect(rows.find((r) => r.model === "V-Strom 650")).toMatchObject({
      version: "XT ABS",
      engine: "650 cc",
    });
  });

  it("caps the brands, in alphabetical order, and reports progress every 10 brands", async () => {
    finishActiveImports();
    const capped = claimFipeImport({ type: "carros", max_brands: 2 }, null).job;
    const two = await runFipeImport(capped.id, client());
    expect(two.brands).toBe(2);
    expect(getImportJob(capped.id)).toMatchObject({ currentPage: 2, totalPages: 2 });
    expect(importLogLines(capped.id).map((l) => l.message)).toEqual(
      expect.arrayContaining([
        "Importação FIPE iniciada: Carros, até 2 marca(s).",
        expect.stringMatching(/^Marca Audi:/),
        expect.stringMatching(/^Marca Citroën:/),
      ]),
    );

    finishActiveImports();
    const all = claimFipeImport({ type: "carros" }, null).job;
    const result = await runFipeImport(all.id, client());
    const total = FIPE_SAMPLE.carros.length;
    expect(result.brands).toBe(total);
    const lines = importLogLines(all.id).map((l) => l.message);
    expect(lines).toContain(
      `Progresso: 10 de ${total} marcas processadas, ${getCreatedAfter(all.id, 10)} registro(s) novo(s).`,
    );
    expect(lines.filter((l) => l.startsWith("Progresso:"))).toHaveLength(1);
    expect(lines.at(-1)).toMatch(
      new RegExp(`^Importação FIPE concluída\\. Marcas: ${total}\\. Registros: \\d+\\.$`),
    );
  });

  it("records an error when FIPE's brand list cannot be read", async () => {
    finishActiveImports();
    const failing = createFipeSimulator({ failFirst: 100, failStatus: 500 });
    const url = await failing.start();
    try {
      const { job } = claimFipeImport({ type: "carros" }, null);
      await expect(runFipeImport(job.id, client(url))).rejects.toThrow(
        "Erro ao importar FIPE: Não foi possível obter marcas da FIPE (a FIPE respondeu com erro (HTTP 500))",
      );
      const stored = getImportJob(job.id)!;
      expect(stored.status).toBe("error");
      expect(stored.completedAt).toBeInstanceOf(Date);
      const last = importLogLines(job.id).at(-1)!;
      expect(last).toMatchObject({ level: "error" });
      expect(last.message).toMatch(/^Erro ao importar FIPE: Não foi possível obter marcas da FIPE/);
    } finally {
      await failing.stop();
    }
  });

  it("stops with an error when FIPE keeps rate-limiting in the middle", async () => {
    finishActiveImports();
    const flaky = createFipeSimulator({ retryAfterSeconds: 0 });
    const url = await flaky.start();
    try {
      const { job } = claimFipeImport({ type: "caminhoes", brand_code: "109" }, null);
      // brands and models pass; every model read after that is refused.
      const limited = createFipeClient({
        baseUrl: url,
        minIntervalMs: 0,
        backoffMs: 1,
        maxAttempts: 2,
        fetch: (input, init) =>
          flaky.requestCount >= 2 ? fetch(`${input}?simulate=429`, init) : fetch(input, init),
      });
      await expect(runFipeImport(job.id, limited)).rejects.toThrow(
        "Erro ao importar FIPE: a FIPE limitou as requisições; tente de novo mais tarde",
      );
      expect(getImportJob(job.id)!.status).toBe("error");
    } finally {
      await flaky.stop();
    }
  });

  it("says so when the chosen brand is not in FIPE", async () => {
    finishActiveImports();
    const { job } = claimFipeImport({ type: "carros", brand_code: "99999" }, null);
    await expect(runFipeImport(job.id, client())).rejects.toThrow(
      "Erro ao importar FIPE: marca 99999 não encontrada na FIPE",
    );
  });
});

describe("starting imports", () => {
  it("follows the import in progress instead of starting a second one", () => {
    finishActiveImports();
    const first = claimFipeImport({ type: "carros", max_brands: 1 }, null);
    const second = claimFipeImport({ type: "motos" }, null);
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, job: { id: first.job.id } });
  });

  it("retires an import whose run died with its process, then starts a new one", () => {
    finishActiveImports();
    const stale = claimFipeImport({ type: "carros" }, null).job;
    db().update(importJobs).set({ status: "running" }).where(eq(importJobs.id, stale.id)).run();
    db()
      .insert(jobRuns)
      .values({
        id: FIPE_IMPORT_JOB_ID,
        name: "vehicles.import-fipe",
        payload: { importJobId: stale.id },
        status: "failed",
        backend: "inline",
      })
      .onConflictDoUpdate({
        target: jobRuns.id,
        set: { payload: { importJobId: stale.id }, status: "failed" },
      })
      .run();
    const fresh = claimFipeImport({ type: "carros" }, null);
    expect(fresh.created).toBe(true);
    expect(getImportJob(stale.id)!.status).toBe("error");
    expect(importLogLines(stale.id).at(-1)!.message).toBe(
      "Erro ao importar FIPE: a importação foi interrompida antes de terminar",
    );
  });

  it("runs in the background through the job runner and logs the admin's activity", async () => {
    finishActiveImports();
    const { user } = await createUser({ role: "admin" });
    const started = await startFipeImport({ type: "caminhoes", brand_code: "114" }, user.id);
    expect(started).toMatchObject({ alreadyRunning: false, jobId: FIPE_IMPORT_JOB_ID });
    const again = await startFipeImport({ type: "caminhoes", brand_code: "114" }, user.id);
    expect(again).toMatchObject({ alreadyRunning: true, job: { id: started.job.id } });

    const outcome = await waitForFipeImport(started.job.id, 15_000);
    expect(outcome).toMatchObject({
      status: "completed",
      brands: 1,
      created: sampleYears("caminhoes", "114"),
    });
    const actions = db()
      .select({ action: activity.action })
      .from(activity)
      .where(and(eq(activity.actorId, user.id), eq(activity.entityId, String(started.job.id))))
      .all()
      .map((a) => a.action);
    expect(actions).toEqual([
      "Iniciou importação FIPE (caminhoes)",
      `Importação FIPE concluída (Caminhões): 1 marca(s), ${sampleYears("caminhoes", "114")} veículo(s) novo(s)`,
    ]);
  });
});

/** The created count the job had after `brands` brands, read back from its brand lines. */
function getCreatedAfter(importJobId: number, brandsDone: number): number {
  return db()
    .select({ message: importLogs.message })
    .from(importLogs)
    .where(eq(importLogs.importJobId, importJobId))
    .all()
    .map((l) => l.message.match(/^Marca .+: (\d+) registro/))
    .filter((match): match is RegExpMatchArray => match !== null)
    .slice(0, brandsDone)
    .reduce((sum, match) => sum + Number(match[1]), 0);
}
