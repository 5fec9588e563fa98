import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readAll, rows } from "../../../../tests/support/csv-reading";
import { CSV_COLUMNS, safeCell, type CsvColumn } from "./format";
import { groupCsvRows, type ParsedCsvRow } from "./rows.server";

describe("groupCsvRows", () => {
  const row = (overrides: Partial<ParsedCsvRow> = {}): ParsedCsvRow => ({
    code: "PF-100",
    name: "Pastilha",
    manufacturer: "Cobreq",
    category: "Freios",
    description: null,
    alternativeCodes: [],
    fitment: null,
    ...overrides,
  });
  const fitment = (model: string) => ({
    brand: "Fiat",
    model,
    yearStart: 2010,
    yearEnd: 2012,
    version: "1.0",
    engine: null,
    fuel: null,
    position: null,
    notes: null,
  });

  it("merges rows of one part: first row's fields, every fitment, the union of codes", () => {
    const items = groupCsvRows([
      row({ alternativeCodes: ["N-1", "pf100", "X 9"], fitment: fitment("Uno") }),
      row({ code: "OUTRA", manufacturer: "Bosch" }),
      row({
        code: "pf 100",
        manufacturer: "  COBREQ ",
        name: "Outro nome",
        description: "ignorada",
        alternativeCodes: ["n1", "Y-2", "PF.100"],
        fitment: fitment("Palio"),
      }),
      row({ manufacturer: "cobreq", fitment: null }),
      row({ code: "OUTRA", manufacturer: "Bosch", fitment: fitment("Mobi") }),
    ]);
    expect(items).toEqual([
      {
        code: "PF-100",
        name: "Pastilha",
        manufacturer: "Cobreq",
        category: "Freios",
        description: null,
        alternativeCodes: ["N-1", "X 9", "Y-2"],
        fitments: [fitment("Uno"), fitment("Palio")],
      },
      {
        code: "OUTRA",
        name: "Pastilha",
        manufacturer: "Bosch",
        category: "Freios",
        description: null,
        alternativeCodes: [],
        fitments: [fitment("Mobi")],
      },
    ]);
  });

  it("keeps apart the same code from different manufacturers", () => {
    const items = groupCsvRows([row(), row({ manufacturer: "Fras-le" })]);
    expect(items.map((item) => item.manufacturer)).toEqual(["Cobreq", "Fras-le"]);
    expect(items.every((item) => item.fitments.length === 0)).toBe(true);
  });

  it("returns nothing for no rows", () => {
    expect(groupCsvRows([])).toEqual([]);
  });
});

describe("round trip through csv-stringify", () => {
  const characters = [
    ..."aZk09çãÉõ",
    " ",
    ",",
    ";",
    '"',
    "'",
    "\n",
    "\r\n",
    "\t",
    "-",
    ".",
    "/",
    "😀",
    "|",
  ];
  /**
   * What a spreadsheet would run as a formula, and what the import takes a `'` off: the export
   * writes such a cell with a `'` in front and the import gives the value back exactly. A value
   * may start with a tab or CR only so (the import trims every other cell).
   */
  const formulaStarts = ["=", "+", "-", "@", "'", "'=", "''", "'-1", "=HYPERLINK(", "@SUM("];
  const prefixed = (value: fc.Arbitrary<string>, starts: string[]) =>
    fc
      .tuple(fc.oneof(fc.constant(""), fc.constantFrom(...starts)), value)
      .map(([start, rest]) => `${start}${rest}`);
  /**
   * Rows as a file of one variant holds them (ADR 0053): a `;` file's cells may start with a tab
   * or CR behind the export's `'`; a `,` file's values are as stored, trimmed as the import trims.
   */
  const parsedRowOf = (spreadsheet: boolean): fc.Arbitrary<ParsedCsvRow> => {
    const text = (options: { max: number; without?: string[] }) =>
      prefixed(
        fc
          .array(fc.constantFrom(...characters.filter((c) => !options.without?.includes(c))), {
            minLength: 1,
            maxLength: options.max,
          })
          .map((chars) => chars.join("").trim())
          .filter(Boolean),
        spreadsheet ? [...formulaStarts, "\t", "\r", "\t=1+1", "\r=1"] : formulaStarts,
      );
    const optionalText = (max: number) => fc.option(text({ max }), { nil: null });
    const code = prefixed(
      fc
        .tuple(fc.constantFrom(..."AB7ç"), fc.option(text({ max: 8, without: ["|"] }), { nil: "" }))
        .map(([first, rest]) => `${first}${rest}`.trim()),
      formulaStarts,
    );
    const fitment = fc
      .record({
        brand: text({ max: 10 }),
        model: text({ max: 10 }),
        yearStart: fc.integer({ min: 1900, max: 2100 }),
        span: fc.integer({ min: 0, max: 60 }),
        own: fc.option(
          fc.tuple(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 0, max: 60 })),
        ),
        version: fc.oneof(text({ max: 10 }), fc.constant("")),
        engine: optionalText(10),
        fuel: optionalText(10),
        position: optionalText(10),
        notes: optionalText(20),
      })
      .map(({ span, own, ...vehicle }) => {
        const yearEnd = Math.min(vehicle.yearStart + span, 2100);
        return {
          ...vehicle,
          yearEnd,
          fitmentYearFrom: own ? own[0] : vehicle.yearStart,
          fitmentYearTo: own ? Math.min(own[0] + own[1], 2100) : yearEnd,
        };
      });
    return fc.record({
      code,
      name: text({ max: 15 }),
      manufacturer: text({ max: 10 }),
      category: text({ max: 10 }),
      description: optionalText(30),
      alternativeCodes: fc.array(code, { maxLength: 3 }),
      fitment: fc.option(fitment, { nil: null }),
    });
  };
  const fileRows = fc.oneof(
    fc.tuple(fc.constant(","), fc.array(parsedRowOf(false), { minLength: 1, maxLength: 8 })),
    fc.tuple(fc.constant(";"), fc.array(parsedRowOf(true), { minLength: 1, maxLength: 8 })),
  );

  it("rows written as the export writes cells, in either variant, any column order, with or without a BOM, read back equal", async () => {
    await fc.assert(
      fc.asyncProperty(
        fileRows,
        fc.constantFrom("\n", "\r\n"),
        fc.boolean(),
        fc.shuffledSubarray([...CSV_COLUMNS], {
          minLength: CSV_COLUMNS.length,
          maxLength: CSV_COLUMNS.length,
        }),
        fc.array(fc.boolean(), { minLength: CSV_COLUMNS.length, maxLength: CSV_COLUMNS.length }),
        fc.integer({ min: 1, max: 50 }),
        async ([delimiter, generated], recordDelimiter, bom, order, upperCase, chunkSize) => {
          const cells = (row: ParsedCsvRow): Record<CsvColumn, string | number | null> => ({
            code: row.code,
            name: row.name,
            manufacturer: row.manufacturer,
            category: row.category,
            description: row.description,
            alternative_codes: row.alternativeCodes.join("|"),
            brand: row.fitment?.brand ?? null,
            model: row.fitment?.model ?? null,
            year_start: row.fitment?.yearStart ?? null,
            year_end: row.fitment?.yearEnd ?? null,
            version: row.fitment?.version ?? null,
            engine: row.fitment?.engine ?? null,
            fuel: row.fitment?.fuel ?? null,
            position: row.fitment?.position ?? null,
            notes: row.fitment?.notes ?? null,
            fitment_year_start: row.fitment?.fitmentYearFrom ?? null,
            fitment_year_end: row.fitment?.fitmentYearTo ?? null,
          });
          const header = order.map((column, i) => (upperCase[i] ? column.toUpperCase() : column));
          const body = generated.map((row) => {
            const values = cells(row);
            return order.map((column) => {
              const value = values[column];
              if (value === null) return null;
              return delimiter === ";" ? safeCell(String(value)) : String(value);
            });
          });
          const csv =
            (bom ? "\uFEFF" : "") +
            stringify([header, ...body], { delimiter, record_delimiter: recordDelimiter });
          const results = await readAll(csv, { chunkSize });
          expect(rows(results)).toEqual(generated);
        },
      ),
      { numRuns: 150 },
    );
  });
});
