import { createReadStream, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_COLUMNS, safeCell, type CsvColumn } from "./format";
import {
  CatalogueCsvFileError,
  groupCsvRows,
  readCatalogueCsv,
  type CsvRecordResult,
  type ParsedCsvRow,
  type ReadCatalogueCsvOptions,
} from "./parse.server";

const HEADER = CSV_COLUMNS.join(",");

/** Feeds `content` in chunks of `chunkSize` bytes (all at once by default), as a file would. */
async function* chunksOf(content: string | Buffer, chunkSize?: number) {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8");
  const size = chunkSize ?? Math.max(bytes.length, 1);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function readAll(
  content: string | Buffer,
  options: ReadCatalogueCsvOptions & { chunkSize?: number } = {},
): Promise<CsvRecordResult[]> {
  const results: CsvRecordResult[] = [];
  for await (const result of readCatalogueCsv(chunksOf(content, options.chunkSize), options)) {
    results.push(result);
  }
  return results;
}

async function fileError(content: string | Buffer, options: ReadCatalogueCsvOptions = {}) {
  try {
    await readAll(content, options);
  } catch (error) {
    if (error instanceof CatalogueCsvFileError) return error;
    throw error;
  }
  throw new Error("the file was accepted");
}

const rows = (results: CsvRecordResult[]) =>
  results.map((result) => {
    if ("error" in result) throw new Error(result.error);
    return result.row;
  });
const errors = (results: CsvRecordResult[]) =>
  results.map((result) => ("error" in result ? result.error : null));

/** A valid data row; `cells` replaces some columns. */
function line(cells: Partial<Record<CsvColumn, string>> = {}, separator = ","): string {
  const values: Record<CsvColumn, string> = {
    code: "PF-100",
    name: "Pastilha de freio",
    manufacturer: "Cobreq",
    category: "Freios",
    description: "",
    alternative_codes: "",
    brand: "Volkswagen",
    model: "Gol",
    year_start: "2010",
    year_end: "2014",
    version: "1.0 MPI",
    engine: "EA111",
    fuel: "Flex",
    notes: "",
    ...cells,
  };
  return CSV_COLUMNS.map((column) => values[column]).join(separator);
}

const NO_VEHICLE = {
  brand: "",
  model: "",
  year_start: "",
  year_end: "",
  version: "",
  engine: "",
  fuel: "",
  notes: "",
};

describe("readCatalogueCsv", () => {
  it("reads a comma-separated file into typed, trimmed rows", async () => {
    const results = await readAll(
      [
        HEADER,
        line({ name: "  Pastilha de freio dianteira ", alternative_codes: " N-1 | N-2 ||" }),
        line({ year_end: "", engine: "", fuel: "", notes: "só ABS" }),
        line({ ...NO_VEHICLE, code: "PF-200", description: "Jogo com 4" }),
      ].join("\n"),
    );
    expect(results.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(rows(results)).toEqual([
      {
        code: "PF-100",
        name: "Pastilha de freio dianteira",
        manufacturer: "Cobreq",
        category: "Freios",
        description: null,
        alternativeCodes: ["N-1", "N-2"],
        fitment: {
          brand: "Volkswagen",
          model: "Gol",
          yearStart: 2010,
          yearEnd: 2014,
          version: "1.0 MPI",
          engine: "EA111",
          fuel: "Flex",
          position: null,
          notes: null,
        },
      },
      {
        code: "PF-100",
        name: "Pastilha de freio",
        manufacturer: "Cobreq",
        category: "Freios",
        description: null,
        alternativeCodes: [],
        fitment: {
          brand: "Volkswagen",
          model: "Gol",
          yearStart: 2010,
          yearEnd: 2010,
          version: "1.0 MPI",
          engine: null,
          fuel: null,
          position: null,
          notes: "só ABS",
        },
      },
      {
        code: "PF-200",
        name: "Pastilha de freio",
        manufacturer: "Cobreq",
        category: "Freios",
        description: "Jogo com 4",
        alternativeCodes: [],
        fitment: null,
      },
    ]);
  });

  it("reads Excel's pt-BR export: semicolons, a BOM, CRLF and decimal commas", async () => {
    const content = `\uFEFF${CSV_COLUMNS.join(";")}\r\n${line({ version: "1,6 16V", description: "Óleo 5W30, sintético" }, ";")}\r\n`;
    const results = await readAll(content);
    expect(results).toHaveLength(1);
    const [row] = rows(results);
    expect(row!.code).toBe("PF-100");
    expect(row!.description).toBe("Óleo 5W30, sintético");
    expect(row!.fitment?.version).toBe("1,6 16V");
    expect(results[0]!.line).toBe(2);
  });

  it("takes the header's columns in any order, any case, trimmed or quoted", async () => {
    const columns = [...CSV_COLUMNS].reverse();
    const header = columns.map((column, i) =>
      i % 2 ? ` ${column.toUpperCase()} ` : `"${column}"`,
    );
    const values = line({ notes: "nota" }).split(",").reverse();
    const [row] = rows(await readAll(`${header.join(";")}\n${values.join(";")}\n`));
    expect(row!.code).toBe("PF-100");
    expect(row!.fitment?.brand).toBe("Volkswagen");
    expect(row!.fitment?.notes).toBe("nota");
  });

  it("ignores columns whose header is blank (trailing separators from spreadsheets)", async () => {
    const content = `${HEADER},,\n${line()},,\n${line({ code: "PF-101" })},x,\n`;
    expect(rows(await readAll(content)).map((row) => row.code)).toEqual(["PF-100", "PF-101"]);
  });

  it("keeps quoted separators, quotes and line breaks, and numbers lines where records start", async () => {
    const tricky = 'Lona "premium"; 2 peças,\ncom rebite\r\ne cola';
    const quoted = `"${tricky.replaceAll('"', '""')}"`;
    const content = [
      HEADER,
      line({ description: quoted }),
      "",
      line({ code: "PF-101", notes: '"linha 1\nlinha 2\nlinha 3"' }),
      "",
      "",
      line({ code: "PF-102", name: '"Disco, ventilado"' }),
      line({ code: "PF-103", name: 'Aro 15"' }),
    ].join("\r\n");
    const results = await readAll(content);
    expect(results.map((r) => r.line)).toEqual([2, 6, 11, 12]);
    const [first, second, third, fourth] = rows(results);
    expect(first!.description).toBe(tricky);
    expect(second!.fitment?.notes).toBe("linha 1\nlinha 2\nlinha 3");
    expect(third!.name).toBe("Disco, ventilado");
    expect(fourth!.name).toBe('Aro 15"');
  });

  it("passes over blank records without counting them", async () => {
    const content = `${HEADER}\n${line()}\n   \n,,,,,,,,,,,,,\n\n${line({ code: "PF-101" })}\n`;
    const results = await readAll(content);
    expect(results.map((r) => r.line)).toEqual([2, 6]);
  });

  it("gives the same results whatever the chunk boundaries, even inside a character", async () => {
    const content = `\uFEFF${CSV_COLUMNS.join(";")}\r\n${line({ name: "Válvula ção 😀", description: '"a;b\r\nc"' }, ";")}\r\n${line({ code: "X-1", year_start: "19x0" }, ";")}\r\n`;
    const whole = await readAll(content);
    expect(errors(whole)).toEqual([null, expect.stringContaining("Linha 4 (year_start)")]);
    for (const chunkSize of [1, 2, 3, 7, 64]) {
      expect(await readAll(content, { chunkSize })).toEqual(whole);
    }
  });

  it("reads a file stream, and closes it when the reader stops early", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "catalogue-csv-"));
    const file = path.join(dir, "catalogo.csv");
    const data = Array.from({ length: 5000 }, (_, i) => line({ code: `PF-${i}` }));
    writeFileSync(file, [HEADER, ...data].join("\n"));

    let count = 0;
    for await (const result of readCatalogueCsv(createReadStream(file))) {
      expect("row" in result).toBe(true);
      count++;
    }
    expect(count).toBe(5000);

    const stream = createReadStream(file, { highWaterMark: 1024 });
    for await (const result of readCatalogueCsv(stream)) {
      expect(result.line).toBe(2);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.destroyed).toBe(true);

    const badHeader = path.join(dir, "sem-cabecalho.csv");
    writeFileSync(badHeader, `codigo,nome\n${data.join("\n")}`);
    const refused = createReadStream(badHeader, { highWaterMark: 1024 });
    await expect(readCatalogueCsv(refused).next()).rejects.toBeInstanceOf(CatalogueCsvFileError);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(refused.destroyed).toBe(true);
  });

  describe("refuses a line, with its number and column", () => {
    const cases: [Partial<Record<CsvColumn, string>>, string][] = [
      [{ code: "" }, "Linha 2 (code): preencha o código"],
      [{ name: " " }, "Linha 2 (name): preencha o nome"],
      [{ manufacturer: "" }, "Linha 2 (manufacturer): preencha o fabricante"],
      [{ category: "" }, "Linha 2 (category): preencha a categoria"],
      [{ code: "A".repeat(101) }, "Linha 2 (code): código com 101 caracteres (máximo 100)"],
      [{ name: "N".repeat(201) }, "Linha 2 (name): nome com 201 caracteres (máximo 200)"],
      [
        { manufacturer: "M".repeat(101) },
        "Linha 2 (manufacturer): fabricante com 101 caracteres (máximo 100)",
      ],
      [
        { category: "C".repeat(101) },
        "Linha 2 (category): categoria com 101 caracteres (máximo 100)",
      ],
      [
        { description: "D".repeat(2001) },
        "Linha 2 (description): descrição com 2001 caracteres (máximo 2000)",
      ],
      [{ code: "--./" }, 'Linha 2 (code): código "--./" sem letras nem números'],
      [
        { alternative_codes: `OK-1|${"B".repeat(101)}` },
        `Linha 2 (alternative_codes): código alternativo "${"B".repeat(30)}…" com 101 caracteres (máximo 100)`,
      ],
      [
        { alternative_codes: "OK-1| -- " },
        'Linha 2 (alternative_codes): código alternativo "--" sem letras nem números',
      ],
      [
        { brand: "" },
        "Linha 2 (brand): preencha a marca ou deixe vazias todas as colunas do veículo",
      ],
      [
        { ...NO_VEHICLE, fuel: "Flex" },
        "Linha 2 (brand): preencha a marca ou deixe vazias todas as colunas do veículo",
      ],
      [
        { model: "" },
        "Linha 2 (model): preencha o modelo ou deixe vazias todas as colunas do veículo",
      ],
      [
        { year_start: "" },
        "Linha 2 (year_start): preencha o ano inicial ou deixe vazias todas as colunas do veículo",
      ],
      [
        { version: "" },
        "Linha 2 (version): preencha a versão ou deixe vazias todas as colunas do veículo",
      ],
      [
        { year_start: "20x1" },
        'Linha 2 (year_start): ano inicial inválido ("20x1"); use um ano de 1900 a 2100',
      ],
      [
        { year_start: "2010.5" },
        'Linha 2 (year_start): ano inicial inválido ("2010.5"); use um ano de 1900 a 2100',
      ],
      [
        { year_start: "1899" },
        'Linha 2 (year_start): ano inicial inválido ("1899"); use um ano de 1900 a 2100',
      ],
      [
        { year_end: "2101" },
        'Linha 2 (year_end): ano final inválido ("2101"); use um ano de 1900 a 2100',
      ],
      [{ year_end: "2009" }, "Linha 2 (year_end): ano final (2009) anterior ao ano inicial (2010)"],
      [
        { year_start: "1950", year_end: "2011" },
        "Linha 2 (year_end): intervalo de 1950 a 2011 passa de 60 anos",
      ],
      [{ brand: "B".repeat(101) }, "Linha 2 (brand): marca com 101 caracteres (máximo 100)"],
      [{ model: "M".repeat(121) }, "Linha 2 (model): modelo com 121 caracteres (máximo 120)"],
      [{ version: "V".repeat(121) }, "Linha 2 (version): versão com 121 caracteres (máximo 120)"],
      [{ engine: "E".repeat(121) }, "Linha 2 (engine): motor com 121 caracteres (máximo 120)"],
      [{ fuel: "F".repeat(121) }, "Linha 2 (fuel): combustível com 121 caracteres (máximo 120)"],
      [{ notes: "N".repeat(501) }, "Linha 2 (notes): observações com 501 caracteres (máximo 500)"],
    ];

    it.each(cases)("%j", async (cells, message) => {
      expect(await readAll(`${HEADER}\n${line(cells)}\n`)).toEqual([{ line: 2, error: message }]);
    });

    it("accepts the limits themselves", async () => {
      const results = await readAll(
        `${HEADER}\n${line({
          code: "A".repeat(100),
          name: "N".repeat(200),
          description: "D".repeat(2000),
          notes: "N".repeat(500),
          alternative_codes: "B".repeat(100),
          year_start: "1900",
          year_end: "1960",
        })}\n${line({ year_start: "2100", year_end: "" })}\n`,
      );
      expect(errors(results)).toEqual([null, null]);
    });

    it("names the line a record starts on, after quoted line breaks", async () => {
      const content = `${HEADER}\n${line({ description: '"a\nb\nc"' })}\n\n${line({ description: '"x\ny"', year_start: "abc" })}\n`;
      expect(errors(await readAll(content))).toEqual([
        null,
        'Linha 6 (year_start): ano inicial inválido ("abc"); use um ano de 1900 a 2100',
      ]);
    });

    it("refuses a line whose column count differs from the header's, and goes on", async () => {
      const content = `${HEADER}\n${line()},extra\nPF-1,Nome\n${line({ code: "PF-2" })}\n`;
      expect(errors(await readAll(content))).toEqual([
        "Linha 2: a linha tem 15 colunas, mas o cabeçalho tem 14",
        "Linha 3: a linha tem 2 colunas, mas o cabeçalho tem 14",
        null,
      ]);
    });
  });

  describe("refuses the whole file", () => {
    const columns = CSV_COLUMNS.join(", ");

    it.each([
      ["an empty file", ""],
      ["a BOM alone", "\uFEFF"],
      ["blank lines", "\n \r\n"],
    ])("%s", async (_, content) => {
      const error = await fileError(content);
      expect(error.problem).toBe("header");
      expect(error.message).toBe("O arquivo CSV está vazio.");
    });

    it("when line 1 is not the header", async () => {
      const error = await fileError(`\n${HEADER}\n${line()}\n`);
      expect(error.problem).toBe("header");
      expect(error.message).toBe(`A linha 1 deve ser o cabeçalho, com as colunas: ${columns}.`);
    });

    it("when the header has no comma or semicolon", async () => {
      const error = await fileError(`${CSV_COLUMNS.join("\t")}\n`);
      expect(error.problem).toBe("header");
      expect(error.message).toBe(
        "Não foi possível identificar o separador no cabeçalho: use vírgula (,) ou ponto e vírgula (;).",
      );
    });

    it("when columns are missing, unknown or repeated", async () => {
      const missing = CSV_COLUMNS.filter((c) => c !== "year_end" && c !== "fuel");
      expect((await fileError(`${missing.join(",")},anos\n`)).message).toBe(
        `Cabeçalho inválido (linha 1): faltam as colunas year_end, fuel; coluna desconhecida: "anos". As colunas devem ser: ${columns}.`,
      );
      expect((await fileError(`${CSV_COLUMNS.slice(1).join(",")}\n`)).message).toBe(
        `Cabeçalho inválido (linha 1): falta a coluna code. As colunas devem ser: ${columns}.`,
      );
      expect((await fileError(`${HEADER},Code,x,y\n`)).message).toBe(
        `Cabeçalho inválido (linha 1): colunas desconhecidas: "x", "y"; coluna repetida: code. As colunas devem ser: ${columns}.`,
      );
    });

    it("when it is bigger than maxBytes, saying the limit in MB", async () => {
      const body = `${HEADER}\n${`${line()}\n`.repeat(20_000)}`;
      const maxBytes = 1024 * 1024;
      expect(Buffer.byteLength(body)).toBeGreaterThan(maxBytes);
      const error = await fileError(body, { maxBytes });
      expect(error.problem).toBe("too_large");
      expect(error.message).toBe("O arquivo passa do limite de 1 MB.");
      expect((await fileError(body, { maxBytes: 512 * 1024 })).message).toBe(
        "O arquivo passa do limite de 0,5 MB.",
      );
      const exact = Buffer.byteLength(body);
      expect(await readAll(body, { maxBytes: exact, chunkSize: 4096 })).toHaveLength(20_000);
      expect((await fileError(body, { maxBytes: exact - 1 })).problem).toBe("too_large");
    });

    it("when it is not UTF-8 (a Windows-1252 export), naming the line and column", async () => {
      const latin1 = Buffer.from(`${HEADER}\n${line()}\n${line({ name: "Cabeçote" })}\n`, "latin1");
      const error = await fileError(latin1);
      expect(error.problem).toBe("encoding");
      expect(error.line).toBe(3);
      expect(error.message).toBe(
        'Linha 3 (name): o texto não está em UTF-8. Salve o arquivo como "CSV UTF-8" e envie de novo.',
      );
    });

    it("when it is UTF-16", async () => {
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(HEADER, "utf16le")]);
      const error = await fileError(utf16);
      expect(error.problem).toBe("encoding");
      expect(error.message).toBe(
        'O arquivo não está em UTF-8. Salve-o como "CSV UTF-8" e envie de novo.',
      );
    });

    it("when a quote never closes, naming the line it opens on", async () => {
      const content = `${HEADER}\n${line()}\n\n${line({ description: '"sem fim' })}\n${line()}\n`;
      const error = await fileError(content);
      expect(error.problem).toBe("malformed");
      expect(error.line).toBe(4);
      expect(error.message).toBe("Linha 4: aspas abertas que não se fecham até o fim do arquivo.");
    });
  });

  describe("bounds every line before holding it (ADR 0030)", () => {
    const blanks = (n: number) => ",".repeat(n);

    it("refuses a header wider than the format and its slack, saying how many columns it has", async () => {
      // 14 columns and 16 blank ones (a spreadsheet's trailing empty columns) are read.
      expect(rows(await readAll(`${HEADER}${blanks(16)}\n${line()}${blanks(16)}\n`))).toHaveLength(
        1,
      );
      const wide = await fileError(`${HEADER}${blanks(17)}\n${line()}\n`);
      expect(wide).toMatchObject({ problem: "header", line: 1 });
      expect(wide.message).toBe("Linha 1: o arquivo tem 31 colunas; o formato tem 14.");
      // Quoted separators are not columns: 15 columns, the last an unknown name.
      const quoted = await fileError(`${HEADER},"${blanks(20)}"\n`);
      expect(quoted.message).toMatch(/^Cabeçalho inválido \(linha 1\): coluna desconhecida/);
    });

    it("refuses a header line over 64 KB, counting the columns of a line of any length", async () => {
      const long = await fileError(`${HEADER},"${"x".repeat(70_000)}"\n${line()}\n`);
      expect(long.message).toBe(
        "Linha 1: registro com mais de 64 KB; confira se alguma aspa ficou sem fechar.",
      );
      const million = await fileError(Buffer.from(`${",".repeat(999_999)}\n`), {});
      expect(million.message).toBe("Linha 1: o arquivo tem 1.000.000 colunas; o formato tem 14.");
      // Such a line with no end, fed in small chunks, after a BOM.
      const chunked = readCatalogueCsv(chunksOf(`\uFEFF${"a;".repeat(500_000)}`, 4096));
      await expect(chunked.next()).rejects.toThrow(
        "Linha 1: o arquivo tem 500.001 colunas; o formato tem 14.",
      );
    }, 20_000);

    it("refuses a data line over 30 fields at its 31st, naming the line it starts on", async () => {
      const content = `${HEADER}\n${line()}\n\n${line({ description: '"a\nb"' })}\n${"x,".repeat(1_000_000)}\n${line()}\n`;
      const error = await fileError(content);
      expect(error).toMatchObject({ problem: "malformed", line: 6 });
      expect(error.message).toBe("Linha 6: a linha tem mais de 30 colunas; o formato tem 14.");
      // Fields joined across quoted line breaks are one record, and counted as one.
      const chained = `${HEADER}\n${`${blanks(10)}"\n"`.repeat(10)}\n`;
      expect((await fileError(chained)).message).toBe(
        "Linha 2: a linha tem mais de 30 colunas; o formato tem 14.",
      );
      // 15 to 30 fields stay a bad line among good ones.
      expect(errors(await readAll(`${HEADER}\n${line()}${blanks(16)}\n${line()}\n`))).toEqual([
        "Linha 2: a linha tem 30 colunas, mas o cabeçalho tem 14",
        null,
      ]);
    });

    it("refuses a data record over 64 KB, in one field or across several", async () => {
      const oneField = await fileError(`${HEADER}\n${line({ description: "d".repeat(65_537) })}\n`);
      expect(oneField.message).toBe(
        "Linha 2: registro com mais de 64 KB; confira se alguma aspa ficou sem fechar.",
      );
      const split = `${HEADER}\n${line({ description: "d".repeat(40_000), notes: "n".repeat(30_000) })}\n`;
      expect((await fileError(split)).message).toBe(
        "Linha 2: registro com mais de 64 KB; confira se alguma aspa ficou sem fechar.",
      );
      // The longest valid row, in 4-byte characters, is well inside the bound.
      const widest = line({
        name: "😀".repeat(100),
        description: "😀".repeat(1000),
        notes: "😀".repeat(250),
      });
      expect(rows(await readAll(`${HEADER}\n${widest}\n`))).toHaveLength(1);
    });

    it("any header width and any line width: refused exactly past the bounds, in any chunking (property)", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 14, max: 60 }),
          fc.integer({ min: 1, max: 80 }),
          fc.constantFrom(",", ";"),
          fc.constantFrom("\n", "\r\n"),
          fc.boolean(),
          fc.integer({ min: 1, max: 64 }),
          async (headerColumns, fields, separator, newline, quoted, chunkSize) => {
            const header = [...CSV_COLUMNS, ...Array(headerColumns - 14).fill("")].join(separator);
            const cell = (i: number) => (quoted ? `"c${i}${separator}x"` : `c${i}`);
            const data = Array.from({ length: fields }, (_, i) => cell(i)).join(separator);
            const content = `${header}${newline}${data}${newline}`;
            let refusal: CatalogueCsvFileError | undefined;
            let results: CsvRecordResult[] = [];
            try {
              results = await readAll(content, { chunkSize });
            } catch (error) {
              if (!(error instanceof CatalogueCsvFileError)) throw error;
              refusal = error;
            }
            if (headerColumns > 30) {
              expect(refusal?.message).toBe(
                `Linha 1: o arquivo tem ${headerColumns} colunas; o formato tem 14.`,
              );
            } else if (fields > 30) {
              expect(refusal?.message).toBe(
                "Linha 2: a linha tem mais de 30 colunas; o formato tem 14.",
              );
            } else {
              expect(refusal).toBeUndefined();
              expect(results).toHaveLength(1);
            }
          },
        ),
        { numRuns: 200 },
      );
    });
  });

  describe("skipRows", () => {
    const content = [
      HEADER,
      line({ code: "R-1" }),
      line({ code: "R-2", year_start: "x" }),
      "",
      ",,,,,,,,,,,,,",
      line({ code: "R-3", description: '"duas\nlinhas"' }),
      line({ code: "R-4" }),
    ].join("\n");

    it("skips that many data records (bad ones count, blank ones do not), keeping line numbers", async () => {
      const all = await readAll(content);
      expect(all.map((r) => r.line)).toEqual([2, 3, 6, 8]);
      for (let skip = 0; skip <= 5; skip++) {
        expect(await readAll(content, { skipRows: skip })).toEqual(all.slice(skip));
      }
    });
  });
});

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
  const text = (options: { max: number; without?: string[] }) =>
    prefixed(
      fc
        .array(fc.constantFrom(...characters.filter((c) => !options.without?.includes(c))), {
          minLength: 1,
          maxLength: options.max,
        })
        .map((chars) => chars.join("").trim())
        .filter(Boolean),
      [...formulaStarts, "\t", "\r", "\t=1+1", "\r=1"],
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
      version: text({ max: 10 }),
      engine: optionalText(10),
      fuel: optionalText(10),
      notes: optionalText(20),
    })
    .map(({ span, ...vehicle }) => ({
      ...vehicle,
      yearEnd: Math.min(vehicle.yearStart + span, 2100),
      position: null,
    }));
  const parsedRow: fc.Arbitrary<ParsedCsvRow> = fc.record({
    code,
    name: text({ max: 15 }),
    manufacturer: text({ max: 10 }),
    category: text({ max: 10 }),
    description: optionalText(30),
    alternativeCodes: fc.array(code, { maxLength: 3 }),
    fitment: fc.option(fitment, { nil: null }),
  });

  it("rows written as the export writes cells, with either separator, any column order, with or without a BOM, read back equal", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(parsedRow, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(",", ";"),
        fc.constantFrom("\n", "\r\n"),
        fc.boolean(),
        fc.shuffledSubarray([...CSV_COLUMNS], {
          minLength: CSV_COLUMNS.length,
          maxLength: CSV_COLUMNS.length,
        }),
        fc.array(fc.boolean(), { minLength: CSV_COLUMNS.length, maxLength: CSV_COLUMNS.length }),
        fc.integer({ min: 1, max: 50 }),
        async (generated, delimiter, recordDelimiter, bom, order, upperCase, chunkSize) => {
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
            notes: row.fitment?.notes ?? null,
          });
          const header = order.map((column, i) => (upperCase[i] ? column.toUpperCase() : column));
          const body = generated.map((row) => {
            const values = cells(row);
            return order.map((column) => {
              const value = values[column];
              return value === null ? null : safeCell(String(value));
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
