/**
 * The catalogue CSV format, shared by the parser and the exporter: one row per fitment, these
 * columns (in any order when read), alternative codes joined by `|`, and a row with every vehicle
 * column empty for a part that fits nothing. A row links the vehicles of each year from
 * year_start to year_end; the fitment's own years (what the catalogue says it covers) are those
 * too unless fitment_year_start/fitment_year_end say otherwise (ADR 0053).
 */

import { foldName, normalizeCode } from "~/utils/codes";

/** All empty: the row is a part without fitment. */
export const VEHICLE_COLUMNS = [
  "brand",
  "model",
  "year_start",
  "year_end",
  "version",
  "engine",
  "fuel",
  "position",
  "notes",
  "fitment_year_start",
  "fitment_year_end",
] as const;

/** The part's columns, then its vehicle's. */
export const CSV_COLUMNS = [
  "code",
  "name",
  "manufacturer",
  "category",
  "description",
  "alternative_codes",
  ...VEHICLE_COLUMNS,
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];

/**
 * Columns added after the format's first version: a file without them (written before, or by
 * hand) still imports, and reads them as empty.
 */
export const OPTIONAL_COLUMNS: readonly CsvColumn[] = [
  "position",
  "fitment_year_start",
  "fitment_year_end",
];

export const REQUIRED_PART_COLUMNS = ["code", "name", "manufacturer", "category"] as const;
/** A vehicle's version may be empty: the catalogue keeps vehicles without one. */
export const REQUIRED_VEHICLE_COLUMNS = ["brand", "model", "year_start"] as const;

/**
 * Longest accepted value per column, in characters: the part form's limits (app/schemas/catalogue/part.ts)
 * and the vehicle form's (app/schemas/catalogue/catalogue.ts), repeated here because those modules bring
 * Conform along, which models may not import.
 */
export const MAX_LENGTH = {
  code: 100,
  name: 200,
  manufacturer: 100,
  category: 100,
  description: 2000,
  alternative_codes: 100,
  brand: 100,
  model: 120,
  version: 120,
  engine: 120,
  fuel: 120,
  position: 60,
  notes: 500,
} as const satisfies Partial<Record<CsvColumn, number>>;

export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;
export const YEAR_SPAN_MAX = 60;

/**
 * How wide a line may be before it is parsed at all (ADR 0030): the format's columns and some
 * blank ones (a spreadsheet's trailing empty columns), and 64 KB — a valid row is a few KB, and
 * these bounds keep what one line costs in memory small whatever the file holds. 30 columns as
 * before the format's optional columns came (ADR 0053): 13 blank ones to spare.
 */
export const CSV_MAX_COLUMNS = 30;
export const CSV_MAX_LINE_BYTES = 64 * 1024;

export const ALTERNATIVE_CODES_SEPARATOR = "|";
export const UTF8_BOM = "\uFEFF";

/** A header cell as a column name: "  Year_Start " is `year_start`. */
export function headerColumnName(cell: string): string {
  return cell.trim().toLowerCase();
}

export function isCsvColumn(name: string): name is CsvColumn {
  return (CSV_COLUMNS as readonly string[]).includes(name);
}

/** "A-1 | B-2||" → ["A-1", "B-2"]. */
export function splitAlternativeCodes(cell: string): string[] {
  return cell
    .split(ALTERNATIVE_CODES_SEPARATOR)
    .map((code) => code.trim())
    .filter(Boolean);
}

export function joinAlternativeCodes(codes: readonly string[]): string {
  return codes.join(ALTERNATIVE_CODES_SEPARATOR);
}

/**
 * Which part a row belongs to: its normalised code and its manufacturer without regard to case,
 * accents or spacing — the same matching the catalogue writer uses, so a batch never holds two
 * items the writer would take for one part.
 */
export function partKey(code: string, manufacturer: string): string {
  return `${normalizeCode(code)}\u0000${foldName(manufacturer)}`;
}

export type CsvCell = string | number | null;

/**
 * What a spreadsheet reads as a formula when a cell starts with it (OWASP's CSV injection list):
 * `=`, `+`, `-`, `@`, tab and carriage return.
 */
const FORMULA_STARTS = new Set(["=", "+", "-", "@", "\t", "\r"]);
/** The prefix that makes a spreadsheet read a cell as text. */
const TEXT_PREFIX = "'";

/** Whether the import takes a leading `'` off this cell: `'` then a formula start or another `'`. */
function hasTextPrefix(cell: string): boolean {
  return cell[0] === TEXT_PREFIX && (cell[1] === TEXT_PREFIX || FORMULA_STARTS.has(cell[1] ?? ""));
}

/**
 * A cell as the spreadsheet variant writes it: one that a spreadsheet would run as a formula gets
 * a leading `'`, and so does one the import would otherwise take a `'` off, so
 * `textCell(safeCell(v)) === v` for every v (`-123` goes out as `'-123` and comes back as `-123`).
 */
export function safeCell(value: string): string {
  return FORMULA_STARTS.has(value[0] ?? "") || hasTextPrefix(value) ? TEXT_PREFIX + value : value;
}

/** A read cell without the export's `'` (only when a formula start or a `'` follows it). */
export function textCell(cell: string): string {
  return hasTextPrefix(cell) ? cell.slice(1) : cell;
}

/**
 * The two files the export writes (ADR 0053): "standard" for programs (`,`, values as stored) and
 * "excel" for a spreadsheet in pt-BR (`;`, a BOM, formula starts neutralised by a `'`).
 */
export type CsvVariant = "standard" | "excel";

export const CSV_DELIMITERS: Record<CsvVariant, "," | ";"> = { standard: ",", excel: ";" };

/**
 * Whether a file's cells carry the spreadsheet variant's `'`: a `;` file is the spreadsheet's
 * (ours, or one Excel in pt-BR saved), so the import takes the `'` off only there; a `,` file's
 * values are read as they are.
 */
export function hasTextPrefixes(delimiter: string): boolean {
  return delimiter === CSV_DELIMITERS.excel;
}

/** One output row in the columns' order; the spreadsheet variant's cells are safe to open. */
export function csvRecord(values: Record<CsvColumn, CsvCell>, variant: CsvVariant): CsvCell[] {
  return CSV_COLUMNS.map((column) => {
    const value = values[column];
    if (value === null) return null;
    return variant === "excel" ? safeCell(String(value)) : String(value);
  });
}
