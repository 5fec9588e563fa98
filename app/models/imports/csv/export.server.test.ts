import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, partAlternativeCodes, parts, partVehicles, vehicles } from "~db/schema";
import { normalizeCode } from "~/utils/codes";
import { db } from "~/utils/db.server";
import type { CatalogueItemInput, CataloguePartInput } from "../catalogue/items";
import { catalogueCsvChunks, type ExportedFitment } from "./export.server";
import { CSV_COLUMNS, safeCell, textCell, type CsvVariant } from "./format";
import { readCatalogueCsv } from "./parse.server";
import { groupCsvRows, type ParsedCsvRow } from "./rows.server";

type PartSeed = CataloguePartInput & { fitments: ExportedFitment[] };

const categoryIds = new Map<string, number>();

function insertPart(seed: PartSeed) {
  let categoryId = categoryIds.get(seed.category);
  if (categoryId === undefined) {
    categoryId = db().insert(categories).values({ name: seed.category }).returning().get().id;
    categoryIds.set(seed.category, categoryId);
  }
  const part = db()
    .insert(parts)
    .values({
      code: seed.code,
      codeNorm: normalizeCode(seed.code),
      name: seed.name,
      manufacturer: seed.manufacturer,
      description: seed.description,
      categoryId,
    })
    .returning()
    .get();
  for (const code of seed.alternativeCodes) {
    db()
      .insert(partAlternativeCodes)
      .values({ partId: part.id, alternativeCode: code, alternativeCodeNorm: normalizeCode(code) })
      .run();
  }
  for (const fitment of seed.fitments) {
    const { notes, position, yearFrom, yearTo, ...vehicle } = fitment;
    const vehicleId = db().insert(vehicles).values(vehicle).returning().get().id;
    db()
      .insert(partVehicles)
      .values({ partId: part.id, vehicleId, notes, position, yearFrom, yearTo })
      .run();
  }
  return part;
}

/**
 * What the import will make of a seeded part whose vehicles are each of their own model (no runs
 * of years): one row per vehicle, its fitment's own years written only when they differ.
 */
function expectedItem(seed: PartSeed): CatalogueItemInput {
  return {
    code: seed.code,
    name: seed.name,
    manufacturer: seed.manufacturer,
    category: seed.category,
    description: seed.description,
    alternativeCodes: seed.alternativeCodes,
    fitments: seed.fitments.map(({ year, yearFrom, yearTo, ...fitment }) => ({
      ...fitment,
      yearStart: year,
      yearEnd: year,
      fitmentYearFrom: yearFrom ?? year,
      fitmentYearTo: yearTo ?? year,
    })),
  };
}

const seeds: PartSeed[] = [
  {
    code: "BR-123.456",
    name: "Pastilha de freio dianteira",
    manufacturer: "Cobreq",
    category: "Freios e Suspensão",
    description: null,
    alternativeCodes: ["N-1108", "PD/580"],
    fitments: [
      {
        brand: "Volkswagen",
        model: "Gol",
        year: 2012,
        version: "1.0 MPI",
        engine: "EA111",
        fuel: "Flex",
        position: "dianteiro",
        notes: "Somente com ABS",
        yearFrom: 2010,
        yearTo: 2014,
      },
      {
        brand: "Volkswagen",
        model: "Voyage",
        year: 2013,
        version: "1.6 MSI",
        engine: null,
        fuel: null,
        position: null,
        notes: null,
        yearFrom: 2013,
        yearTo: 2013,
      },
    ],
  },
  {
    code: "FO-99",
    name: "Filtro de óleo",
    manufacturer: "Mann-Filter",
    category: "Filtros",
    description: 'Rosca 3/4", vedação; anel "O-ring",\ncom válvula\r\nantirretorno',
    alternativeCodes: [],
    fitments: [
      {
        brand: "Fiat",
        model: "Uno; Mille",
        year: 1998,
        version: 'Fire 1.0, "Way"',
        engine: "1.0 8V\nFire",
        fuel: "Gasolina",
        position: "traseiro; esquerdo",
        notes: 'Ver "tabela", pág. 3; usar anel novo',
        yearFrom: null,
        yearTo: null,
      },
    ],
  },
  {
    code: "AMT-7",
    name: "Amortecedor traseiro à gás",
    manufacturer: "Cofap",
    category: "Freios e Suspensão",
    description: "Peça sem aplicação cadastrada",
    alternativeCodes: ["GP-32"],
    fitments: [],
  },
];

async function exportText(
  variant: CsvVariant = "standard",
): Promise<{ chunks: string[]; text: string }> {
  const chunks: string[] = [];
  for await (const chunk of catalogueCsvChunks(variant)) chunks.push(chunk);
  return { chunks, text: chunks.join("") };
}

async function parseBack(text: string): Promise<ParsedCsvRow[]> {
  const rows: ParsedCsvRow[] = [];
  async function* input() {
    yield text;
  }
  for await (const result of readCatalogueCsv(input())) {
    if ("error" in result) throw new Error(result.error);
    rows.push(result.row);
  }
  return rows;
}

beforeAll(() => {
  for (const seed of seeds) insertPart(seed);
});

describe("catalogueCsvChunks", () => {
  it("starts with the comma-separated header; the Excel variant with a BOM and ;", async () => {
    expect((await exportText()).chunks[0]).toBe(`${CSV_COLUMNS.join(",")}\r\n`);
    expect((await exportText("excel")).chunks[0]).toBe(`\uFEFF${CSV_COLUMNS.join(";")}\r\n`);
  });

  it("writes one row per fitment, and one with empty vehicle columns for a part without", async () => {
    const { text } = await exportText();
    const rows = await parseBack(text);
    expect(rows.map((row) => [row.code, row.fitment?.model ?? null])).toEqual([
      ["BR-123.456", "Gol"],
      ["BR-123.456", "Voyage"],
      ["FO-99", "Uno; Mille"],
      ["AMT-7", null],
    ]);
    expect(
      text.endsWith(
        "\r\nAMT-7,Amortecedor traseiro à gás,Cofap,Freios e Suspensão,Peça sem aplicação cadastrada,GP-32,,,,,,,,,,,\r\n",
      ),
    ).toBe(true);
  });

  it("round-trips every field through the CSV parser", async () => {
    const { text } = await exportText();
    expect(groupCsvRows(await parseBack(text))).toEqual(seeds.map(expectedItem));
  });

  it("reads the catalogue in pages, keeping every part once and in id order", async () => {
    const many: PartSeed[] = Array.from({ length: 1203 }, (_, i) => ({
      code: `PG-${i}`,
      name: `Peça ${i}`,
      manufacturer: "Paginada",
      category: "Filtros",
      description: null,
      alternativeCodes: i % 2 ? [`ALT-${i}`] : [],
      fitments:
        i % 3
          ? []
          : [
              {
                brand: "Chevrolet",
                model: "Onix",
                year: 2015 + (i % 5),
                version: "1.4",
                engine: null,
                fuel: "Flex",
                position: null,
                notes: null,
                yearFrom: null,
                yearTo: null,
              },
            ],
    }));
    for (const seed of many) insertPart(seed);

    const { chunks, text } = await exportText();
    // The header, then one chunk per page of 500 parts.
    expect(chunks).toHaveLength(1 + Math.ceil((seeds.length + many.length) / 500));
    expect(groupCsvRows(await parseBack(text))).toEqual([...seeds, ...many].map(expectedItem));
  });
});

describe("cells a spreadsheet would run (CSV injection, ADR 0030)", () => {
  const FORMULA_START = /^[=+\-@\t\r]/;

  it("go out behind a ' in the Excel variant, and come back exactly", async () => {
    const hostile: PartSeed = {
      code: "-123",
      name: "=cmd|' /C calc'!A0",
      manufacturer: "@SUM(1+1)",
      category: "+1+1",
      description: '=HYPERLINK("http://evil.example","clique")',
      alternativeCodes: ["-9", "=X1"],
      fitments: [
        {
          brand: "\t=1+1",
          model: "\r=2+2",
          year: 2010,
          version: "'=já com aspa",
          engine: "''duas aspas",
          fuel: "-",
          position: "=1",
          notes: "'texto com aspa",
          yearFrom: 2010,
          yearTo: 2010,
        },
      ],
    };
    insertPart(hostile);
    const { text } = await exportText("excel");
    // Read as a spreadsheet would: no cell of the file starts like a formula.
    const cells = (
      parse(text.replace(/^\uFEFF/, ""), {
        relax_column_count: true,
        delimiter: ";",
      }) as string[][]
    ).flat();
    expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    const line = text.split("\r\n").find((row) => row.startsWith("'-123;"));
    expect(line).toBe(
      `'-123;'=cmd|' /C calc'!A0;'@SUM(1+1);'+1+1;"'=HYPERLINK(""http://evil.example"",""clique"")";'-9|=X1;'\t=1+1;"'\r=2+2";2010;2010;''=já com aspa;'''duas aspas;'-;'=1;'texto com aspa;;`,
    );
    const back = groupCsvRows(await parseBack(text)).find((item) => item.code === "-123");
    expect(back).toEqual(expectedItem(hostile));
  });

  it("any value: the exported cell never starts like a formula, and the import gives the value back (property)", () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.constantFrom("", "=", "+", "-", "@", "\t", "\r", "'", "''", "'=", "'\t", " "),
          fc.string({ unit: "grapheme-composite" }),
        ),
        ([start, rest]) => {
          const value = `${start}${rest}`;
          const cell = safeCell(value);
          expect(FORMULA_START.test(cell)).toBe(false);
          expect(textCell(cell)).toBe(value);
          // A value nothing would run is written as it is.
          if (!/^(?:[=+\-@\t\r]|'[=+\-@\t\r'])/.test(value)) expect(cell).toBe(value);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
