import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogueSourceClient } from "~/integrations/catalogue-source/client.server";
import {
  catalogueItem,
  createCatalogueSimulator,
  expectedCatalogueTotals,
  type CatalogueSimulator,
} from "~/integrations/catalogue-source/simulator.server";
import { db } from "~/utils/db.server";
import { accepted } from "../../../../tests/support/factories";
import { getImportJob, importLogLines } from "../jobs.server";
import { apiBatchSource, itemFromSource } from "./api-source.server";
import { clearCatalogue, createCatalogueImport } from "./control.server";
import { countImportError, runCatalogueImport } from "./engine.server";
import { DEFAULT_IMPORT_SETTINGS } from "./options.server";

const ITEMS = 240;
let sim: CatalogueSimulator;
let simUrl: string;

beforeAll(async () => {
  // Every 4th page fails once (429 or 503): the client's retries must recover every time.
  sim = createCatalogueSimulator({ items: ITEMS, failEvery: 4, retryAfterSeconds: 0 });
  simUrl = await sim.start();
});

afterAll(async () => {
  await sim.stop();
});

const count = (table: string) =>
  (db().$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

async function importAll(settings: Partial<typeof DEFAULT_IMPORT_SETTINGS>) {
  const full = { ...DEFAULT_IMPORT_SETTINGS, ...settings };
  const { job, runId } = accepted(
    createCatalogueImport({ settings: full, source: { kind: "api" } }, null),
  );
  const client = createCatalogueSourceClient({
    baseUrl: simUrl,
    backoffMs: 1,
    onRetry: ({ attempt, reason, delayMs }) =>
      countImportError(job.id, `retry ${attempt} ${reason} ${delayMs}`),
  });
  const outcome = await runCatalogueImport(job.id, runId, apiBatchSource(client, full));
  return { outcome, job: getImportJob(job.id)! };
}

describe("importing from the catalogue source API", () => {
  it("imports the whole simulated catalogue exactly, with retries counted as errors", async () => {
    accepted(clearCatalogue(null));
    const expected = expectedCatalogueTotals(ITEMS);
    const { outcome, job } = await importAll({ concurrentPages: 5, itemsPerBatch: 10 });
    expect(outcome.status).toBe("completed");
    expect(job).toMatchObject({
      processedItems: ITEMS,
      totalItems: ITEMS,
      totalPages: 24,
      currentPage: 24,
      createdParts: expected.items,
      createdVehicles: expected.vehicles,
      createdCompatibilities: expected.fitmentYears,
    });
    // Pages 4, 8, … 24 each failed once.
    expect(job.errorCount).toBe(6);
    expect(count("parts")).toBe(expected.items);
    expect(count("part_vehicles")).toBe(expected.fitmentYears);
    expect(count("vehicles")).toBe(expected.vehicles);
    expect(count("part_alternative_codes")).toBe(expected.alternativeCodes);
    expect(importLogLines(job.id).at(-1)?.message).toMatch(/^Importação concluída: 240 itens/);
  });

  it("a second run over the same catalogue creates nothing, whatever the page size", async () => {
    const before = {
      parts: count("parts"),
      fitments: count("part_vehicles"),
      vehicles: count("vehicles"),
    };
    const { job } = await importAll({ concurrentPages: 1, itemsPerBatch: 7 });
    expect(job).toMatchObject({
      status: "completed",
      createdParts: 0,
      createdVehicles: 0,
      createdCompatibilities: 0,
      updatedParts: 0,
      skippedParts: ITEMS,
    });
    expect({
      parts: count("parts"),
      fitments: count("part_vehicles"),
      vehicles: count("vehicles"),
    }).toEqual(before);
  });

  it("an item the source sends broken is skipped and counted, the rest imported", () => {
    const good = catalogueItem(3);
    expect(typeof itemFromSource(good)).toBe("object");
    expect(itemFromSource({ ...good, code: "  " })).toBe("campo obrigatório ausente: code");
    expect(
      itemFromSource({
        ...good,
        vehicles: [{ ...good.vehicles[0]!, year_start: 2020, year_end: 2010 }],
      }),
    ).toBe("anos do veículo inválidos");
  });

  it("a source that keeps failing ends the import in error, resumable", async () => {
    const broken = createCatalogueSimulator({ items: 50 });
    const url = await broken.start();
    await broken.stop(); // nothing listens there any more
    const { job, runId } = accepted(
      createCatalogueImport({ settings: DEFAULT_IMPORT_SETTINGS, source: { kind: "api" } }, null),
    );
    const client = createCatalogueSourceClient({ baseUrl: url, backoffMs: 1, maxAttempts: 2 });
    const outcome = await runCatalogueImport(
      job.id,
      runId,
      apiBatchSource(client, DEFAULT_IMPORT_SETTINGS),
    );
    expect(outcome.status).toBe("error");
    expect(getImportJob(job.id)!.status).toBe("error");
    expect(importLogLines(job.id).at(-1)?.level).toBe("error");
  });
});
