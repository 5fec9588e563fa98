import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import {
  createCategory,
  createPart,
  createVehicle,
  fit,
} from "../../../../tests/support/factories";
import type { CatalogueFitmentInput, CatalogueItemInput } from "./items";
import { addCounts, noCounts, type SkipFlags } from "./write-counts.server";
import { createCatalogueWriter } from "./writer.server";

const noSkips: SkipFlags = {
  skipExistingParts: false,
  skipExistingVehicles: false,
  skipExistingCompatibilities: false,
};

const fitment = (overrides: Partial<CatalogueFitmentInput> = {}): CatalogueFitmentInput => ({
  brand: "Volkswagen",
  model: "Gol",
  yearStart: 2010,
  yearEnd: 2012,
  version: "1.0 MPI",
  engine: "1.0",
  fuel: "Flex",
  position: "Dianteiro",
  notes: null,
  ...overrides,
});

const item = (overrides: Partial<CatalogueItemInput> = {}): CatalogueItemInput => ({
  code: "WR-100",
  name: "Pastilha de freio",
  manufacturer: "Cobreq",
  category: "Freios Importados",
  description: "Jogo dianteiro",
  alternativeCodes: ["N-100", "BR100X"],
  fitments: [fitment()],
  ...overrides,
});

/** Runs `work` in a transaction that is always rolled back, so each case starts from the same data. */
function inRolledBackTransaction(work: () => void) {
  const client = db().$client;
  client.exec("begin immediate");
  try {
    work();
  } finally {
    client.exec("rollback");
  }
}

const count = (table: string) =>
  (db().$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("catalogue writer", () => {
  it("creates a part with its category, codes, one vehicle per year and a fitment each", () => {
    inRolledBackTransaction(() => {
      const before = { vehicles: count("vehicles"), fitments: count("part_vehicles") };
      const counts = createCatalogueWriter(noSkips).write([item()]);
      expect(counts).toMatchObject({
        createdParts: 1,
        createdCategories: 1,
        createdAlternativeCodes: 2,
        createdVehicles: 3,
        createdCompatibilities: 3,
        skippedParts: 0,
      });
      expect(count("vehicles") - before.vehicles).toBe(3);
      expect(count("part_vehicles") - before.fitments).toBe(3);
      const part = db()
        .$client.prepare(
          "select p.*, c.name as category from parts p join categories c on c.id = p.category_id where code_norm = 'WR100'",
        )
        .get() as Record<string, unknown>;
      expect(part).toMatchObject({
        code: "WR-100",
        manufacturer: "Cobreq",
        category: "Freios Importados",
        mercado_livre_link: "https://lista.mercadolivre.com.br/WR-100",
      });
      const fitments = db()
        .$client.prepare(
          "select v.year, pv.position, pv.year_from, pv.year_to, pv.source from part_vehicles pv join vehicles v on v.id = pv.vehicle_id where pv.part_id = ? order by v.year",
        )
        .all(part.id);
      expect(fitments).toEqual(
        [2010, 2011, 2012].map((year) => ({
          year,
          position: "Dianteiro",
          year_from: 2010,
          year_to: 2012,
          source: "import",
        })),
      );
    });
  });

  it("creates nothing and changes nothing when the same items come again", () => {
    inRolledBackTransaction(() => {
      const writer = createCatalogueWriter(noSkips);
      writer.write([item(), item({ code: "WR-200", fitments: [fitment({ model: "Polo" })] })]);
      const again = createCatalogueWriter(noSkips).write([
        item(),
        item({ code: "WR-200", fitments: [fitment({ model: "Polo" })] }),
      ]);
      expect(again).toEqual({
        ...noCounts(),
        skippedParts: 2,
        skippedVehicles: 6,
        skippedCompatibilities: 6,
      });
    });
  });

  it("matches existing rows regardless of case, accents and code punctuation", () => {
    inRolledBackTransaction(() => {
      const category = createCategory("Suspensão Dianteira");
      const part = createPart({
        code: "AMORT-55",
        name: "Amortecedor",
        manufacturer: "Cofap",
        categoryId: category.id,
      });
      const vehicle = createVehicle({
        brand: "Fiat",
        model: "Uno",
        year: 2015,
        version: "Vivace 1.0",
        engine: "1.0 Fire",
      });
      fit(part.id, vehicle.id);
      db()
        .$client.prepare(
          "update part_vehicles set position = 'Dianteiro', year_from = 2015, year_to = 2015 where part_id = ?",
        )
        .run(part.id);
      db()
        .$client.prepare("insert into brands (name) values ('Fiat') on conflict do nothing")
        .run();
      const counts = createCatalogueWriter(noSkips).write([
        {
          code: "amort 55",
          name: "Amortecedor",
          manufacturer: "COFAP",
          category: "suspensao dianteira",
          description: null,
          alternativeCodes: [],
          fitments: [
            fitment({
              brand: "FIAT",
              model: "Uno",
              version: "VIVACE 1.0",
              engine: "1.0 fire",
              yearStart: 2015,
              yearEnd: 2015,
              fuel: null,
              position: "Dianteiro",
            }),
          ],
        },
      ]);
      expect(counts.createdParts).toBe(0);
      expect(counts.createdVehicles).toBe(0);
      expect(counts.createdCategories).toBe(0);
      expect(counts.createdCompatibilities).toBe(0);
      expect(counts.skippedCompatibilities).toBe(1);
    });
  });

  it("updates existing rows only when the matching skip flag is off", () => {
    inRolledBackTransaction(() => {
      createCatalogueWriter(noSkips).write([item()]);
      const changed = item({
        name: "Pastilha de freio cerâmica",
        alternativeCodes: ["N-100", "NEW-1"],
        fitments: [fitment({ fuel: "Gasolina", notes: "Sem ABS" })],
      });
      const skipping = createCatalogueWriter({
        skipExistingParts: true,
        skipExistingVehicles: true,
        skipExistingCompatibilities: true,
      }).write([changed]);
      expect(skipping).toMatchObject({
        skippedParts: 1,
        skippedVehicles: 3,
        skippedCompatibilities: 3,
        updatedParts: 0,
        updatedVehicles: 0,
        updatedCompatibilities: 0,
      });
      const updating = createCatalogueWriter(noSkips).write([changed]);
      expect(updating).toMatchObject({
        updatedParts: 1,
        updatedVehicles: 3,
        updatedCompatibilities: 3,
        createdAlternativeCodes: 1,
      });
      const row = db().$client.prepare("select name from parts where code_norm = 'WR100'").get();
      expect(row).toEqual({ name: "Pastilha de freio cerâmica" });
    });
  });

  const spillDirectory = mkdtempSync(path.join(os.tmpdir(), "encaixa-plan-"));
  afterAll(() => rmSync(spillDirectory, { recursive: true, force: true }));

  it("plans exactly what it applies, batch after batch, without writing, its state in memory or in a file", () => {
    const word = fc.constantFrom("A", "B", "C");
    const fitmentArb = fc.record({
      brand: fc.constantFrom("Volkswagen", "volkswagen", "Fiat"),
      model: fc.constantFrom("Gol", "Uno"),
      yearStart: fc.integer({ min: 2000, max: 2003 }),
      span: fc.integer({ min: 0, max: 2 }),
      version: fc.constantFrom("1.0", "1.6"),
      engine: fc.constantFrom(null, "8V"),
      fuel: fc.constantFrom(null, "Flex", "Gasolina"),
      position: fc.constantFrom(null, "Dianteiro"),
      notes: fc.constantFrom(null, "Sem ar"),
    });
    const itemArb = fc.record({
      code: fc.tuple(word, fc.integer({ min: 1, max: 4 })).map(([w, n]) => `${w}-${n}`),
      name: fc.constantFrom("Filtro", "Vela"),
      manufacturer: fc.constantFrom("Bosch", "BOSCH", "NGK"),
      category: fc.constantFrom("Filtros", "filtros", "Ignição"),
      description: fc.constantFrom(null, "x"),
      alternativeCodes: fc.array(
        fc.tuple(word, fc.integer({ min: 1, max: 4 })).map(([w, n]) => `${w}${n}`),
        { maxLength: 3 },
      ),
      fitments: fc.array(fitmentArb, { maxLength: 3 }),
    });
    const batchesArb = fc.array(fc.array(itemArb, { maxLength: 4 }), {
      minLength: 1,
      maxLength: 4,
    });
    const flagsArb = fc.record({
      skipExistingParts: fc.boolean(),
      skipExistingVehicles: fc.boolean(),
      skipExistingCompatibilities: fc.boolean(),
    });
    type RawItem = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;
    const toItems = (batch: RawItem[]): CatalogueItemInput[] =>
      batch.map((raw) => ({
        ...raw,
        fitments: raw.fitments.map(({ span, ...f }) => ({ ...f, yearEnd: f.yearStart + span })),
      }));

    fc.assert(
      fc.property(batchesArb, flagsArb, (batches, flags) => {
        inRolledBackTransaction(() => {
          const rowsBefore = count("parts") + count("vehicles") + count("part_vehicles");
          const planner = createCatalogueWriter(flags, "plan");
          const planned = batches
            .map((batch) => planner.write(toItems(batch)))
            .reduce(addCounts, noCounts());
          // The same plan with its state in a temporary file: from the start, and mid-way.
          for (const memoryBytes of [0, 3000]) {
            const spilling = createCatalogueWriter(flags, "plan", db(), {
              spillDirectory,
              memoryBytes,
            });
            const spilled = batches
              .map((batch) => spilling.write(toItems(batch)))
              .reduce(addCounts, noCounts());
            spilling.close();
            expect(spilled).toEqual(planned);
            expect(readdirSync(spillDirectory)).toEqual([]);
          }
          expect(count("parts") + count("vehicles") + count("part_vehicles")).toBe(rowsBefore);
          const applier = createCatalogueWriter(flags, "apply");
          const applied = batches
            .map((batch) => applier.write(toItems(batch)))
            .reduce(addCounts, noCounts());
          expect(planned).toEqual(applied);
        });
      }),
      { numRuns: 150, seed: 20261123 },
    );
  });
});
