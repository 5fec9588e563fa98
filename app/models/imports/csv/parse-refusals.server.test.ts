import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chunksOf,
  errors,
  fileError,
  HEADER,
  line,
  readAll,
  rows,
} from "../../../../tests/support/csv-reading";
import { CSV_COLUMNS } from "./format";
import { CatalogueCsvFileError } from "./head.server";
import { readCatalogueCsv } from "./parse.server";
import type { CsvRecordResult } from "./rows.server";

describe("readCatalogueCsv", () => {
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
      // 17 columns and 13 blank ones (a spreadsheet's trailing empty columns) are read.
      expect(rows(await readAll(`${HEADER}${blanks(13)}\n${line()}${blanks(13)}\n`))).toHaveLength(
        1,
      );
      const wide = await fileError(`${HEADER}${blanks(14)}\n${line()}\n`);
      expect(wide).toMatchObject({ problem: "header", line: 1 });
      expect(wide.message).toBe("Linha 1: o arquivo tem 31 colunas; o formato tem 17.");
      // Quoted separators are not columns: 18 columns, the last an unknown name.
      const quoted = await fileError(`${HEADER},"${blanks(20)}"\n`);
      expect(quoted.message).toMatch(/^Cabeçalho inválido \(linha 1\): coluna desconhecida/);
    });

    it("refuses a header line over 64 KB, counting the columns of a line of any length", async () => {
      const long = await fileError(`${HEADER},"${"x".repeat(70_000)}"\n${line()}\n`);
      expect(long.message).toBe(
        "Linha 1: registro com mais de 64 KB; confira se alguma aspa ficou sem fechar.",
      );
      const million = await fileError(Buffer.from(`${",".repeat(999_999)}\n`), {});
      expect(million.message).toBe("Linha 1: o arquivo tem 1.000.000 colunas; o formato tem 17.");
      // Such a line with no end, fed in small chunks, after a BOM.
      const chunked = readCatalogueCsv(chunksOf(`\uFEFF${"a;".repeat(500_000)}`, 4096));
      await expect(chunked.next()).rejects.toThrow(
        "Linha 1: o arquivo tem 500.001 colunas; o formato tem 17.",
      );
    }, 20_000);

    it("refuses a data line over 30 fields at its 31st, naming the line it starts on", async () => {
      const content = `${HEADER}\n${line()}\n\n${line({ description: '"a\nb"' })}\n${"x,".repeat(1_000_000)}\n${line()}\n`;
      const error = await fileError(content);
      expect(error).toMatchObject({ problem: "malformed", line: 6 });
      expect(error.message).toBe("Linha 6: a linha tem mais de 30 colunas; o formato tem 17.");
      // Fields joined across quoted line breaks are one record, and counted as one.
      const chained = `${HEADER}\n${`${blanks(10)}"\n"`.repeat(10)}\n`;
      expect((await fileError(chained)).message).toBe(
        "Linha 2: a linha tem mais de 30 colunas; o formato tem 17.",
      );
      // 18 to 30 fields stay a bad line among good ones.
      expect(errors(await readAll(`${HEADER}\n${line()}${blanks(13)}\n${line()}\n`))).toEqual([
        "Linha 2: a linha tem 30 colunas, mas o cabeçalho tem 17",
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
          fc.integer({ min: CSV_COLUMNS.length, max: 60 }),
          fc.integer({ min: 1, max: 80 }),
          fc.constantFrom(",", ";"),
          fc.constantFrom("\n", "\r\n"),
          fc.boolean(),
          fc.integer({ min: 1, max: 64 }),
          async (headerColumns, fields, separator, newline, quoted, chunkSize) => {
            const header = [
              ...CSV_COLUMNS,
              ...Array(headerColumns - CSV_COLUMNS.length).fill(""),
            ].join(separator);
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
                `Linha 1: o arquivo tem ${headerColumns} colunas; o formato tem 17.`,
              );
            } else if (fields > 30) {
              expect(refusal?.message).toBe(
                "Linha 2: a linha tem mais de 30 colunas; o formato tem 17.",
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
});
