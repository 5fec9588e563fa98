import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { brands, importLogs, vehicles } from "~db/schema";
import { createFipeClient } from "~/integrations/fipe/client.server";
import { createFipeSimulator } from "~/integrations/fipe/simulator.server";
import { FIPE_SAMPLE } from "~/integrations/fipe/sample-data";
import { db } from "~/utils/db.server";
import { createUser } from "../../../../tests/support/factories";
import {
  finishActiveImports,
  sampleYears,
  withFipeSimulator,
} from "../../../../tests/support/fipe-import";
import { runFipeImport } from "./import.server";
import { getImportJob, importLogLines } from "../jobs.server";
import { claimFipeImport as claim, type FipeImportRequest } from "./claim.server";
import { cancelImport, pauseImport, resumeImport } from "../catalogue/control.server";

const simulatorUrl = withFipeSimulator();

/** A fresh import each time: whatever an earlier test left active counts as dead. */
const claimFipeImport = (input: FipeImportRequest, actorId: number | null) =>
  claim(input, actorId, () => false);

const client = (url = simulatorUrl()) =>
  createFipeClient({ baseUrl: url, minIntervalMs: 0, backoffMs: 1, maxAttempts: 2 });

const vehicleCount = () => db().select({ n: count() }).from(vehicles).get()!.n;

describe("runFipeImport", () => {
  it("imports one brand's models and years, parsed, with FIPE code and model year", async () => {
    const { user } = await createUser({ role: "admin" });
    const { job, runId } = claimFipeImport({ type: "carros", brand_code: "59" }, user.id);
    const result = await runFipeImport(job.id, runId, client());
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
    expect(lines).toContain(`Marca Volkswagen: ${expected} registros novos, 0 já existentes.`);
    expect(lines.at(-1)).toBe(result.message);
  });

  it("running the same import again creates no duplicates", async () => {
    finishActiveImports();
    const before = vehicleCount();
    const { job, runId } = claimFipeImport({ type: "carros", brand_code: "59" }, null);
    const result = await runFipeImport(job.id, runId, client());
    expect(result).toMatchObject({ created: 0, skipped: sampleYears("carros", "59") });
    expect(result.message).toBe("Importação FIPE concluída. Marcas: 1. Registros: 0.");
    expect(vehicleCount()).toBe(before);
  });

  it("reuses an existing brand row written in another case", async () => {
    finishActiveImports();
    db().insert(brands).values({ name: "SUZUKI" }).run();
    const { job, runId } = claimFipeImport({ type: "motos", brand_code: "99" }, null);
    await runFipeImport(job.id, runId, client());
    const rows = db().select().from(vehicles).where(eq(vehicles.vehicleType, "motos")).all();
    expect(new Set(rows.map((r) => r.brand))).toEqual(new Set(["SUZUKI"]));
    expect(rows.find((r) => r.model === "V-Strom 650")).toMatchObject({
      version: "XT ABS",
      engine: "650 cc",
    });
  });

  it("caps the brands, in alphabetical order, and reports progress every 10 brands", async () => {
    finishActiveImports();
    const capped = claimFipeImport({ type: "carros", max_brands: 2 }, null);
    const two = await runFipeImport(capped.job.id, capped.runId, client());
    expect(two.brands).toBe(2);
    expect(getImportJob(capped.job.id)).toMatchObject({ currentPage: 2, totalPages: 2 });
    expect(importLogLines(capped.job.id).map((l) => l.message)).toEqual(
      expect.arrayContaining([
        "Importação FIPE iniciada: Carros, até 2 marcas.",
        expect.stringMatching(/^Marca Audi:/),
        expect.stringMatching(/^Marca Citroën:/),
      ]),
    );

    finishActiveImports();
    const { job: all, runId: allRun } = claimFipeImport({ type: "carros" }, null);
    const result = await runFipeImport(all.id, allRun, client());
    const total = FIPE_SAMPLE.carros.length;
    expect(result.brands).toBe(total);
    const lines = importLogLines(all.id).map((l) => l.message);
    expect(lines).toContain(
      `Progresso: 10 de ${total} marcas processadas, ${getCreatedAfter(all.id, 10)} registros novos.`,
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
      const { job, runId } = claimFipeImport({ type: "carros" }, null);
      await expect(runFipeImport(job.id, runId, client(url))).rejects.toThrow(
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
      const { job, runId } = claimFipeImport({ type: "caminhoes", brand_code: "109" }, null);
      // brands and models pass; every model read after that is refused.
      const limited = createFipeClient({
        baseUrl: url,
        minIntervalMs: 0,
        backoffMs: 1,
        maxAttempts: 2,
        fetch: (input, init) =>
          flaky.requestCount >= 2 ? fetch(`${input}?simulate=429`, init) : fetch(input, init),
      });
      await expect(runFipeImport(job.id, runId, limited)).rejects.toThrow(
        "Erro ao importar FIPE: a FIPE limitou as requisições; tente de novo mais tarde",
      );
      expect(getImportJob(job.id)!.status).toBe("error");
    } finally {
      await flaky.stop();
    }
  });

  it("says so when the chosen brand is not in FIPE", async () => {
    finishActiveImports();
    const { job, runId } = claimFipeImport({ type: "carros", brand_code: "99999" }, null);
    await expect(runFipeImport(job.id, runId, client())).rejects.toThrow(
      "Erro ao importar FIPE: marca 99999 não encontrada na FIPE",
    );
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

describe("pausing and resuming a FIPE import", () => {
  it("stops at a brand boundary and resumes to the same vehicles, none twice", async () => {
    finishActiveImports();
    const { job, runId } = claimFipeImport({ type: "motos" }, null);
    const brandsTotal = FIPE_SAMPLE.motos.length;
    const expected = FIPE_SAMPLE.motos.reduce((sum, b) => sum + sampleYears("motos", b.codigo), 0);
    db().delete(vehicles).where(eq(vehicles.vehicleType, "motos")).run();
    const pausing = createFipeClient({
      baseUrl: simulatorUrl(),
      minIntervalMs: 0,
      backoffMs: 1,
      maxAttempts: 2,
      fetch: (input, init) => {
        // Paused by an admin while the second brand is being read.
        if (getImportJob(job.id)!.currentPage === 1) pauseImport(job.id);
        return fetch(input, init);
      },
    });
    const paused = await runFipeImport(job.id, runId, pausing);
    expect(paused.status).toBe("paused");
    const atPause = getImportJob(job.id)!;
    expect(atPause.currentPage).toBeGreaterThan(0);
    expect(atPause.currentPage).toBeLessThan(brandsTotal);

    const resumed = resumeImport(job.id, () => false);
    if (!resumed.ok) throw new Error(resumed.message);
    const result = await runFipeImport(job.id, resumed.value.runId, client());
    expect(result).toMatchObject({
      status: "completed",
      brands: brandsTotal,
      created: expected,
      skipped: 0,
    });
    expect(
      db().select({ n: count() }).from(vehicles).where(eq(vehicles.vehicleType, "motos")).get()!.n,
    ).toBe(expected);
    expect(importLogLines(job.id).map((l) => l.message)).toContain(
      `Retomando a partir da marca ${atPause.currentPage + 1}.`,
    );
  });

  it("a run that lost the import to a newer one writes nothing more", async () => {
    finishActiveImports();
    const { job, runId } = claimFipeImport({ type: "caminhoes", brand_code: "109" }, null);
    cancelImport(job.id);
    const result = await runFipeImport(job.id, runId, client());
    expect(result.status).toBe("cancelled");
    expect(getImportJob(job.id)).toMatchObject({ currentPage: 0, createdVehicles: 0 });
  });
});
