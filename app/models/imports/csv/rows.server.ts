import * as messages from "~/messages";
import { normalizeCode } from "~/utils/codes";
import type {
  CatalogueFitmentInput,
  CatalogueItemInput,
  CataloguePartInput,
} from "../catalogue/items";
import {
  CSV_COLUMNS,
  MAX_LENGTH,
  partKey,
  REQUIRED_PART_COLUMNS,
  REQUIRED_VEHICLE_COLUMNS,
  splitAlternativeCodes,
  textCell,
  VEHICLE_COLUMNS,
  YEAR_MAX,
  YEAR_MIN,
  YEAR_SPAN_MAX,
  type CsvColumn,
} from "./format";

/**
 * One record of a catalogue CSV file as a row, or the reason it cannot be imported; and the rows
 * of a batch grouped into catalogue items.
 */

const m = messages.catalogueCsv;

/** One valid CSV row, trimmed and typed; `fitment` is null for a row with no vehicle. */
export type ParsedCsvRow = CataloguePartInput & { fitment: CatalogueFitmentInput | null };

/** A data record of the file, by the line it starts on: a row, or why it cannot be imported. */
export type CsvRecordResult = { line: number; row: ParsedCsvRow } | { line: number; error: string };

/**
 * The record's cells, under the header's columns (null: a column with a blank name, ignored; a
 * column the header lacks reads as empty). `textPrefixes`: the cells may carry the spreadsheet
 * variant's `'` (a `;` file, ADR 0053).
 */
export function csvRecordResult(
  line: number,
  cells: string[],
  header: (CsvColumn | null)[],
  textPrefixes = false,
): CsvRecordResult {
  if (cells.length !== header.length) {
    return { line, error: m.columnCount(line, cells.length, header.length) };
  }
  const fields = Object.fromEntries(CSV_COLUMNS.map((column) => [column, ""])) as Record<
    CsvColumn,
    string
  >;
  header.forEach((column, index) => {
    const cell = cells[index]!.trim();
    // Trimmed first, so the export's `'\t=…` comes back as `\t=…`, never as a formula.
    if (column) fields[column] = textPrefixes ? textCell(cell) : cell;
  });
  const row = rowFromFields(fields);
  return "reason" in row
    ? { line, error: m.rowError(line, row.column, row.reason) }
    : { line, row };
}

type RowProblem = { column: CsvColumn; reason: string };

const problem = (column: CsvColumn, reason: string): RowProblem => ({ column, reason });

function lengthProblem(
  fields: Record<CsvColumn, string>,
  column: Exclude<keyof typeof MAX_LENGTH, "alternative_codes">,
): RowProblem | null {
  const value = fields[column];
  const max = MAX_LENGTH[column];
  return value.length > max
    ? problem(column, m.tooLong(m.labels[column], value.length, max))
    : null;
}

/** The row, or its first problem: one reason per line keeps the report readable. */
function rowFromFields(fields: Record<CsvColumn, string>): ParsedCsvRow | RowProblem {
  for (const column of REQUIRED_PART_COLUMNS) {
    if (!fields[column]) return problem(column, m.required[column]);
  }
  for (const column of ["code", "name", "manufacturer", "category", "description"] as const) {
    const tooLong = lengthProblem(fields, column);
    if (tooLong) return tooLong;
  }
  if (!normalizeCode(fields.code)) {
    return problem("code", m.codeWithoutLettersOrDigits(fields.code));
  }
  const alternativeCodes = splitAlternativeCodes(fields.alternative_codes);
  for (const code of alternativeCodes) {
    if (code.length > MAX_LENGTH.alternative_codes) {
      return problem(
        "alternative_codes",
        m.alternativeCodeTooLong(code, MAX_LENGTH.alternative_codes),
      );
    }
    if (!normalizeCode(code)) {
      return problem("alternative_codes", m.alternativeCodeWithoutLettersOrDigits(code));
    }
  }
  const fitment = fitmentFromFields(fields);
  if (fitment && "reason" in fitment) return fitment;
  return {
    code: fields.code,
    name: fields.name,
    manufacturer: fields.manufacturer,
    category: fields.category,
    description: fields.description || null,
    alternativeCodes,
    fitment,
  };
}

function fitmentFromFields(
  fields: Record<CsvColumn, string>,
): CatalogueFitmentInput | RowProblem | null {
  if (VEHICLE_COLUMNS.every((column) => !fields[column])) return null;
  for (const column of REQUIRED_VEHICLE_COLUMNS) {
    if (!fields[column]) return problem(column, m.vehicleRequired[column]);
  }
  for (const column of [
    "brand",
    "model",
    "version",
    "engine",
    "fuel",
    "position",
    "notes",
  ] as const) {
    const tooLong = lengthProblem(fields, column);
    if (tooLong) return tooLong;
  }
  const yearStart = parseYear(fields.year_start);
  if (yearStart === null) return yearProblem(fields, "year_start");
  const yearEnd = fields.year_end ? parseYear(fields.year_end) : yearStart;
  if (yearEnd === null) return yearProblem(fields, "year_end");
  if (yearEnd < yearStart) return problem("year_end", m.yearEndBeforeStart(yearStart, yearEnd));
  if (yearEnd - yearStart > YEAR_SPAN_MAX) {
    return problem("year_end", m.yearSpanTooLong(yearStart, yearEnd, YEAR_SPAN_MAX));
  }
  const fitmentYears = fitmentYearsFromFields(fields, yearStart, yearEnd);
  if ("reason" in fitmentYears) return fitmentYears;
  return {
    brand: fields.brand,
    model: fields.model,
    yearStart,
    yearEnd,
    ...fitmentYears,
    version: fields.version,
    engine: fields.engine || null,
    fuel: fields.fuel || null,
    position: fields.position || null,
    notes: fields.notes || null,
  };
}

/** The fitment's own years: fitment_year_start/_end when given, else the row's vehicle years. */
function fitmentYearsFromFields(
  fields: Record<CsvColumn, string>,
  yearStart: number,
  yearEnd: number,
): { fitmentYearFrom: number; fitmentYearTo: number } | RowProblem {
  if (!fields.fitment_year_start && !fields.fitment_year_end) {
    return { fitmentYearFrom: yearStart, fitmentYearTo: yearEnd };
  }
  if (!fields.fitment_year_start) {
    return problem("fitment_year_start", m.fitmentYearStartRequired);
  }
  const from = parseYear(fields.fitment_year_start);
  if (from === null) return yearProblem(fields, "fitment_year_start");
  const to = fields.fitment_year_end ? parseYear(fields.fitment_year_end) : from;
  if (to === null) return yearProblem(fields, "fitment_year_end");
  if (to < from) return problem("fitment_year_end", m.yearEndBeforeStart(from, to));
  if (to - from > YEAR_SPAN_MAX) {
    return problem("fitment_year_end", m.yearSpanTooLong(from, to, YEAR_SPAN_MAX));
  }
  return { fitmentYearFrom: from, fitmentYearTo: to };
}

function parseYear(text: string): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : null;
}

function yearProblem(
  fields: Record<CsvColumn, string>,
  column: "year_start" | "year_end" | "fitment_year_start" | "fitment_year_end",
): RowProblem {
  return problem(column, m.invalidYear(m.labels[column], fields[column], YEAR_MIN, YEAR_MAX));
}

/**
 * The rows of one batch as catalogue items: rows of the same part (normalised code and
 * manufacturer) become one item, in the order parts first appear, with the part fields of its
 * first row, every row's fitment, and the union of the alternative codes — one per normalised
 * code, never the part's own code.
 */
export function groupCsvRows(rows: ParsedCsvRow[]): CatalogueItemInput[] {
  const items = new Map<string, { item: CatalogueItemInput; codes: Set<string> }>();
  for (const row of rows) {
    const key = partKey(row.code, row.manufacturer);
    let part = items.get(key);
    if (!part) {
      part = {
        item: {
          code: row.code,
          name: row.name,
          manufacturer: row.manufacturer,
          category: row.category,
          description: row.description,
          alternativeCodes: [],
          fitments: [],
        },
        codes: new Set([normalizeCode(row.code)]),
      };
      items.set(key, part);
    }
    for (const code of row.alternativeCodes) {
      const normalized = normalizeCode(code);
      if (part.codes.has(normalized)) continue;
      part.codes.add(normalized);
      part.item.alternativeCodes.push(code);
    }
    if (row.fitment) part.item.fitments.push(row.fitment);
  }
  return [...items.values()].map(({ item }) => item);
}
