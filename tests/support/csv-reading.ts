import { CSV_COLUMNS, type CsvColumn } from "~/models/imports/csv/format";
import { CatalogueCsvFileError } from "~/models/imports/csv/head.server";
import { readCatalogueCsv, type ReadCatalogueCsvOptions } from "~/models/imports/csv/parse.server";
import type { CsvRecordResult } from "~/models/imports/csv/rows.server";

/** What the tests of the catalogue CSV reader share: files fed in chunks, read whole, and rows. */

export const HEADER = CSV_COLUMNS.join(",");

/** Feeds `content` in chunks of `chunkSize` bytes (all at once by default), as a file would. */
export async function* chunksOf(content: string | Buffer, chunkSize?: number) {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8");
  const size = chunkSize ?? Math.max(bytes.length, 1);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

export async function readAll(
  content: string | Buffer,
  options: ReadCatalogueCsvOptions & { chunkSize?: number } = {},
): Promise<CsvRecordResult[]> {
  const results: CsvRecordResult[] = [];
  for await (const result of readCatalogueCsv(chunksOf(content, options.chunkSize), options)) {
    results.push(result);
  }
  return results;
}

export async function fileError(content: string | Buffer, options: ReadCatalogueCsvOptions = {}) {
  try {
    await readAll(content, options);
  } catch (error) {
    if (error instanceof CatalogueCsvFileError) return error;
    throw error;
  }
  throw new Error("the file was accepted");
}

export const rows = (results: CsvRecordResult[]) =>
  results.map((result) => {
    if ("error" in result) throw new Error(result.error);
    return result.row;
  });
export const errors = (results: CsvRecordResult[]) =>
  results.map((result) => ("error" in result ? result.error : null));

/** A valid data row; `cells` replaces some columns. */
export function line(cells: Partial<Record<CsvColumn, string>> = {}, separator = ","): string {
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
    position: "",
    notes: "",
    fitment_year_start: "",
    fitment_year_end: "",
    ...cells,
  };
  return CSV_COLUMNS.map((column) => values[column]).join(separator);
}

export const NO_VEHICLE = {
  brand: "",
  model: "",
  year_start: "",
  year_end: "",
  version: "",
  engine: "",
  fuel: "",
  position: "",
  notes: "",
  fitment_year_start: "",
  fitment_year_end: "",
};
