import { writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "~db/seed";
import { chunksOf } from "../../../../tests/support/csv-reading";
import { db } from "~/utils/db.server";
import { csvUploadDirectory, planCsvFile } from "../catalogue/csv-source.server";
import { noCounts } from "../catalogue/write-counts.server";
import { createCatalogueWriter } from "../catalogue/writer.server";
import { catalogueCsvChunks } from "./export.server";
import { type CsvVariant } from "./format";
import { readCatalogueCsv } from "./parse.server";
import { groupCsvRows, type ParsedCsvRow } from "./rows.server";

/**
 * The export's promise (ADR 0053): importing the file it wrote, in dry run, changes nothing — on
 * the demo catalogue, on a hand-made catalogue of awkward values, in both variants.
 */

async function exportFile(variant: CsvVariant): Promise<string> {
  const chunks: string[] = [];
  for await (const chunk of catalogueCsvChunks(variant)) chunks.push(chunk);
  return chunks.join("");
}

async function dryRun(text: string, name: string) {
  const file = path.join(csvUploadDirectory(), name);
  await writeFile(file, text, "utf8");
  const plan = await planCsvFile(file);
  if (!plan.ok) throw new Error(plan.message);
  return plan.value;
}

/** What a plan would change: every count but the skipped ones. */
function changes(counts: ReturnType<typeof noCounts>) {
  const { skippedParts: _p, skippedVehicles: _v, skippedCompatibilities: _c, ...rest } = counts;
  return rest;
}
const NO_CHANGES = changes(noCounts());

const sql = (query: string, ...args: unknown[]) =>
  db()
    .$client.prepare(query)
    .all(...args);

beforeAll(async () => {
  await seedDatabase(db(), {
    adminEmail: "round-trip@encaixa.test",
    adminPassword: "round-trip-1",
    demo: true,
  });
});

describe("export → import on the demo catalogue", () => {
  it.each(["standard", "excel"] as const)(
    "the %s file imports in dry run with zero changes and every fitment skipped",
    async (variant) => {
      const text = await exportFile(variant);
      const report = await dryRun(text, `round-trip-${variant}.csv`);
      expect(report.badRows).toEqual([]);
      expect(changes(report.counts)).toEqual(NO_CHANGES);
      const [{ n: fitments }] = sql("select count(*) as n from part_vehicles") as { n: number }[];
      expect(fitments).toBeGreaterThan(4000);
      expect(report.counts.skippedCompatibilities).toBe(fitments);
      // A row stands for a run of years: far fewer rows than fitments.
      expect(report.rows).toBeLessThan(fitments / 2);
    },
  );

  it("the Excel file starts with a BOM and a ;-separated header; the standard one with neither", async () => {
    const excel = await exportFile("excel");
    const standard = await exportFile("standard");
    expect(excel.startsWith("\uFEFFcode;name;manufacturer;")).toBe(true);
    expect(standard.startsWith("code,name,manufacturer,")).toBe(true);
  });
});

/**
 * A catalogue typed by hand, every awkward value there is, written through the importer: quotes,
 * `;`, `,` and line breaks inside fields, accents, leading zeros, formula starts, many
 * alternative codes, open year ranges (no year_end, no fitment_year_end), a part without
 * fitments, a vehicle without version.
 */
const HARD_CATALOGUE = [
  "code;name;manufacturer;category;description;alternative_codes;brand;model;year_start;year_end;version;engine;fuel;position;notes;fitment_year_start;fitment_year_end",
  `'-0042;"Pastilha ""Cerâmica""; dianteira";Cobreq;Freios;"Linha 1\r\nLinha 2, com vírgula";'=A1|007-B|'+9|@X|N-1108|PD/580;Volkswagen;"Gol; G5";2009;2012;"1.0, ""Trend""";EA111;Flex;dianteiro;"Só com ABS
segunda linha";2008;2013`,
  `'-0042;"Pastilha ""Cerâmica""; dianteira";Cobreq;Freios;"Linha 1\r\nLinha 2, com vírgula";;Volkswagen;"Gol; G5";2014;;1.6 MSI;;;traseiro;;;`,
  `'-0042;"Pastilha ""Cerâmica""; dianteira";Cobreq;Freios;"Linha 1\r\nLinha 2, com vírgula";;Volkswagen;"Gol; G5";2016;2017;1.6 MSI;;;traseiro;;2016;`,
  `00123;Filtro de óleo;Mann-Filter;Filtros;;0001|0002|0003|0004|0005|0006|0007|0008;Fiat;Uno;1998;1998;;Fire 1.0;Gasolina;;;1990;2021`,
  `SEM-1;Peça sem aplicação;Bosch;Elétrica;'@sem veículo;;;;;;;;;;;;`,
  `ÇÃO-9;Junta do cabeçote;Sabó;Motor;Ação, pressão;;Citroën;C3;2021;2021;Exclusive;1.6 16V;Flex;;'=HYPERLINK("x");2021;2080`,
].join("\r\n");

describe("export → import on a hand-made catalogue", () => {
  it("imports the hand-made file, exports it and imports that with zero changes, in both variants", async () => {
    const first = await dryRun(HARD_CATALOGUE, "hard.csv");
    expect(first.badRows).toEqual([]);
    // Write it for real, as an import does.
    const rows: ParsedCsvRow[] = [];
    for await (const result of readCatalogueCsv(chunksOf(HARD_CATALOGUE))) {
      if ("error" in result) throw new Error(result.error);
      rows.push(result.row);
    }
    const writer = createCatalogueWriter(
      { skipExistingParts: false, skipExistingVehicles: false, skipExistingCompatibilities: false },
      "apply",
    );
    db().$client.transaction(() => writer.write(groupCsvRows(rows)))();
    writer.close();
    expect(
      sql("select year_from, year_to, position from part_vehicles where notes like 'Só com%'"),
    ).toEqual([
      { year_from: 2008, year_to: 2013, position: "dianteiro" },
      { year_from: 2008, year_to: 2013, position: "dianteiro" },
      { year_from: 2008, year_to: 2013, position: "dianteiro" },
      { year_from: 2008, year_to: 2013, position: "dianteiro" },
    ]);
    expect(sql("select code from parts where code_norm = '0042'")).toEqual([{ code: "-0042" }]);
    expect(
      sql("select version from vehicles where brand = 'Fiat' and model = 'Uno' and year = 1998"),
    ).toEqual([{ version: "" }]);

    for (const variant of ["standard", "excel"] as const) {
      const report = await dryRun(await exportFile(variant), `hard-${variant}.csv`);
      expect(report.badRows).toEqual([]);
      expect(changes(report.counts)).toEqual(NO_CHANGES);
    }
  });
});

/** Rows parse back to what was exported: random rows written as the export writes them. */
describe("rows → file → rows (property)", () => {
  const text = (max: number) =>
    fc
      .string({ unit: "grapheme-composite", minLength: 1, maxLength: max })
      .map((value) => value.trim())
      .filter((value) => value.length > 0);
  const code = fc
    .stringMatching(/^[-=+@'0-9A-Za-z./ ]{1,20}$/)
    .map((value) => value.trim())
    .filter((value) => /[0-9A-Za-z]/.test(value));
  const year = fc.integer({ min: 1950, max: 2040 });
  const fitment = fc.record({
    brand: text(20),
    model: text(20),
    years: fc.tuple(year, fc.integer({ min: 0, max: 10 })),
    own: fc.option(fc.tuple(year, fc.integer({ min: 0, max: 20 }))),
    version: fc.option(text(20)),
    engine: fc.option(text(20)),
    fuel: fc.option(text(10)),
    position: fc.option(text(10)),
    notes: fc.option(text(40)),
  });
  const row = fc.record({
    code,
    name: text(30),
    manufacturer: text(20),
    category: text(20),
    description: fc.option(text(60)),
    alternativeCodes: fc.array(
      code.filter((c) => !c.includes("|")),
      { maxLength: 4 },
    ),
    fitment: fc.option(fitment),
  });

  it("any rows, either variant: parsing the written file gives the same rows", async () => {
    const { csvRecord, CSV_COLUMNS, CSV_DELIMITERS, UTF8_BOM, joinAlternativeCodes } =
      await import("./format");
    const { stringify } = await import("csv-stringify/sync");
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 8 }),
        fc.constantFrom<CsvVariant>("standard", "excel"),
        async (input, variant) => {
          const expected: ParsedCsvRow[] = input.map((r) => ({
            code: r.code,
            name: r.name,
            manufacturer: r.manufacturer,
            category: r.category,
            description: r.description,
            alternativeCodes: r.alternativeCodes,
            fitment: r.fitment && {
              brand: r.fitment.brand,
              model: r.fitment.model,
              yearStart: r.fitment.years[0],
              yearEnd: r.fitment.years[0] + r.fitment.years[1],
              fitmentYearFrom: r.fitment.own?.[0] ?? r.fitment.years[0],
              fitmentYearTo: r.fitment.own
                ? r.fitment.own[0] + r.fitment.own[1]
                : r.fitment.years[0] + r.fitment.years[1],
              version: r.fitment.version ?? "",
              engine: r.fitment.engine,
              fuel: r.fitment.fuel,
              position: r.fitment.position,
              notes: r.fitment.notes,
            },
          }));
          const records = expected.map((r) =>
            csvRecord(
              {
                code: r.code,
                name: r.name,
                manufacturer: r.manufacturer,
                category: r.category,
                description: r.description,
                alternative_codes: joinAlternativeCodes(r.alternativeCodes),
                brand: r.fitment?.brand ?? null,
                model: r.fitment?.model ?? null,
                year_start: r.fitment?.yearStart ?? null,
                year_end: r.fitment?.yearEnd ?? null,
                version: r.fitment?.version ?? null,
                engine: r.fitment?.engine ?? null,
                fuel: r.fitment?.fuel ?? null,
                position: r.fitment?.position ?? null,
                notes: r.fitment?.notes ?? null,
                fitment_year_start: r.fitment?.fitmentYearFrom ?? null,
                fitment_year_end: r.fitment?.fitmentYearTo ?? null,
              },
              variant,
            ),
          );
          const options = {
            delimiter: CSV_DELIMITERS[variant],
            record_delimiter: "windows",
            quoted_match: /[\r\n]/,
          } as const;
          const file =
            (variant === "excel" ? UTF8_BOM : "") +
            stringify([[...CSV_COLUMNS], ...records], options);
          const back: ParsedCsvRow[] = [];
          for await (const result of readCatalogueCsv(chunksOf(file))) {
            if ("error" in result) return false;
            back.push(result.row);
          }
          expect(back).toEqual(expected);
          return true;
        },
      ),
      { numRuns: 150 },
    );
  });
});
