import { createReadStream, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  errors,
  HEADER,
  line,
  NO_VEHICLE,
  readAll,
  rows,
} from "../../../../tests/support/csv-reading";
import { CSV_COLUMNS, type CsvColumn } from "./format";
import { CatalogueCsvFileError } from "./head.server";
import { readCatalogueCsv } from "./parse.server";

describe("readCatalogueCsv", () => {
  it("reads the position, the fitment's own years and an empty version; a header without the optional columns still reads", async () => {
    const [withColumns] = rows(
      await readAll(
        `${HEADER}\n${line({ position: " dianteiro ", version: "", fitment_year_start: "2008", fitment_year_end: "" })}\n`,
      ),
    );
    expect(withColumns!.fitment).toMatchObject({
      position: "dianteiro",
      version: "",
      yearStart: 2010,
      yearEnd: 2014,
      fitmentYearFrom: 2008,
      fitmentYearTo: 2008,
    });
    const optional = ["position", "fitment_year_start", "fitment_year_end"];
    const columns = CSV_COLUMNS.filter((column) => !optional.includes(column));
    const values = line().split(",");
    const old = `${columns.join(",")}\n${columns.map((c) => values[CSV_COLUMNS.indexOf(c)]).join(",")}\n`;
    expect(rows(await readAll(old))[0]!.fitment).toMatchObject({
      position: null,
      fitmentYearFrom: 2010,
      fitmentYearTo: 2014,
    });
  });

  it("takes the spreadsheet's ' off only in a ;-separated file", async () => {
    const cells = { code: "'-100", notes: "'=1+1" };
    const [semicolon] = rows(await readAll(`${CSV_COLUMNS.join(";")}\n${line(cells, ";")}\n`));
    expect([semicolon!.code, semicolon!.fitment?.notes]).toEqual(["-100", "=1+1"]);
    const [comma] = rows(await readAll(`${HEADER}\n${line(cells)}\n`));
    expect([comma!.code, comma!.fitment?.notes]).toEqual(["'-100", "'=1+1"]);
  });

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
          fitmentYearFrom: 2010,
          fitmentYearTo: 2014,
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
          fitmentYearFrom: 2010,
          fitmentYearTo: 2010,
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
        { fitment_year_end: "2015" },
        "Linha 2 (fitment_year_start): preencha o ano inicial da aplicação junto com o ano final",
      ],
      [
        { fitment_year_start: "2009", fitment_year_end: "2008" },
        "Linha 2 (fitment_year_end): ano final (2008) anterior ao ano inicial (2009)",
      ],
      [
        { fitment_year_start: "19x0" },
        'Linha 2 (fitment_year_start): ano inicial da aplicação inválido ("19x0"); use um ano de 1900 a 2100',
      ],
      [{ position: "P".repeat(61) }, "Linha 2 (position): posição com 61 caracteres (máximo 60)"],
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
        "Linha 2: a linha tem 18 colunas, mas o cabeçalho tem 17",
        "Linha 3: a linha tem 2 colunas, mas o cabeçalho tem 17",
        null,
      ]);
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
