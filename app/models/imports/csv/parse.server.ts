import { isUtf8 } from "node:buffer";
import { pipeline, Readable } from "node:stream";
import { CsvError, parse, type InfoRecord, type Options, type Parser } from "csv-parse";
import * as messages from "~/messages";
import { normalizeCode } from "~/utils/codes";
import type { CatalogueFitmentInput, CatalogueItemInput } from "../catalogue/items";
import {
  CSV_COLUMNS,
  CSV_MAX_COLUMNS,
  CSV_MAX_LINE_BYTES,
  headerColumnName,
  isCsvColumn,
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

const m = messages.catalogueCsv;

/** One valid CSV row, trimmed and typed; `fitment` is null for a row with no vehicle. */
export type ParsedCsvRow = {
  code: string;
  name: string;
  manufacturer: string;
  category: string;
  description: string | null;
  alternativeCodes: string[];
  fitment: CatalogueFitmentInput | null;
};

/** A data record of the file, by the line it starts on: a row, or why it cannot be imported. */
export type CsvRecordResult = { line: number; row: ParsedCsvRow } | { line: number; error: string };

/**
 * Why a whole file is refused: its header (missing, without separator, wrong columns), its size,
 * an encoding other than UTF-8, or a record that never ends (an unclosed quote).
 */
export type CsvFileProblem = "header" | "too_large" | "encoding" | "malformed";

export class CatalogueCsvFileError extends Error {
  constructor(
    readonly problem: CsvFileProblem,
    message: string,
    /** The line at fault, when there is one. */
    readonly line?: number,
  ) {
    super(message);
    this.name = "CatalogueCsvFileError";
  }
}

export type ReadCatalogueCsvOptions = {
  /** Data records to pass over before yielding: where an interrupted import resumes. */
  skipRows?: number;
  maxBytes?: number;
  /** Stop once the header is read and checked: no record is yielded. */
  headerOnly?: boolean;
};

/**
 * How far the header line is looked for: past it (and the BOM), the line is longer than
 * CSV_MAX_LINE_BYTES and refused.
 */
const HEADER_PROBE_BYTES = CSV_MAX_LINE_BYTES + 4;

const UTF8_BOM_BYTES = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BLANK_BYTES = [0x20, 0x09, LF, CR];
const utf8Decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Reads a catalogue CSV file as it streams in: the header first (the whole file is refused with
 * a CatalogueCsvFileError when it is wrong), then one result per data record. Entirely blank
 * records are passed over and not counted.
 */
export async function* readCatalogueCsv(
  input: AsyncIterable<Buffer | string> | NodeJS.ReadableStream,
  options: ReadCatalogueCsvOptions = {},
): AsyncGenerator<CsvRecordResult> {
  const chunks = byteChunks(input, options.maxBytes);
  let parser: Parser | undefined;
  try {
    const head = await readHead(chunks);
    const delimiter = headerDelimiter(head.bytes, head.ended);
    // Before any parsing: a header wider or longer than the format allows is refused here, its
    // columns counted as the line streams past, so a line of a million columns costs nothing.
    await checkHeaderLine(head, chunks, delimiter);
    const lines = recordLines();
    // With `encoding: null` the fields are bytes; csv-parse's types assume text and records.
    const locateRecord = (record: Uint8Array[], info: InfoRecord): LocatedRecord => ({
      line: lines.start(record, info.empty_lines),
      record,
    });
    parser = parse({
      delimiter,
      // Fields stay bytes, so text that is not UTF-8 is caught instead of decoded into "�".
      encoding: null,
      bom: false,
      skip_empty_lines: true,
      // Record lengths and trimming are checked here, with messages that name the line.
      relax_column_count: true,
      // A stray quote inside an unquoted field is kept as text: `Aro 15"` is a common value.
      relax_quotes: true,
      // With `encoding: null` this bounds each field; `boundRecords` bounds the whole record.
      max_record_size: CSV_MAX_LINE_BYTES,
      // Runs as each record is parsed, before a later error can discard what is still buffered.
      on_record: locateRecord as unknown as Options["on_record"],
    });
    boundRecords(parser);
    // The parser's iterator reports any failure of the source, the size limit included.
    pipeline(Readable.from(replay(withoutBom(head.bytes), chunks)), parser, () => {});
    yield* records(parser, lines, options.skipRows ?? 0, options.headerOnly ?? false);
  } finally {
    if (parser) parser.destroy();
    else await chunks.return(undefined);
  }
}

async function* byteChunks(
  input: AsyncIterable<Buffer | string> | NodeJS.ReadableStream,
  maxBytes: number | undefined,
): AsyncGenerator<Buffer, void, undefined> {
  let total = 0;
  for await (const chunk of input) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    total += bytes.length;
    if (maxBytes !== undefined && total > maxBytes) {
      throw new CatalogueCsvFileError("too_large", m.tooLarge(maxBytes));
    }
    yield bytes;
  }
}

/**
 * The start of the file, up to the end of its first line that holds something (or the probe
 * limit, or the end of the file): enough to find the separator, or to tell an empty file from
 * one whose first line is blank.
 */
async function readHead(chunks: AsyncIterator<Buffer>): Promise<{ bytes: Buffer; ended: boolean }> {
  const read: Buffer[] = [];
  for (;;) {
    const next = await chunks.next();
    if (next.done) return { bytes: Buffer.concat(read), ended: true };
    read.push(next.value);
    const bytes = Buffer.concat(read);
    const text = withoutBom(bytes);
    const lineEnd = text.findIndex((byte) => byte === LF || byte === CR);
    const hasContent = text.some((byte) => !BLANK_BYTES.includes(byte));
    if (bytes.length >= HEADER_PROBE_BYTES || (lineEnd >= 0 && hasContent)) {
      return { bytes, ended: false };
    }
  }
}

async function* replay(head: Buffer, rest: AsyncGenerator<Buffer, void, undefined>) {
  try {
    yield head;
    yield* rest;
  } finally {
    await rest.return(undefined);
  }
}

function withoutBom(bytes: Buffer): Buffer {
  return bytes.subarray(0, 3).equals(UTF8_BOM_BYTES) ? bytes.subarray(3) : bytes;
}

/** `,` or `;`, whichever the header line uses. */
function headerDelimiter(head: Buffer, ended: boolean): string {
  if (UTF16_BOMS.some((bom) => head.subarray(0, 2).equals(bom))) {
    throw new CatalogueCsvFileError("encoding", m.notUtf8File);
  }
  const bytes = withoutBom(head);
  const end = lineEndAt(bytes);
  const firstLine = bytes.subarray(0, end >= 0 ? end : bytes.length);
  // A line cut by the probe may end inside a character; it is refused as too long anyway.
  const cut = end < 0 && !ended;
  if (!cut && !isUtf8(firstLine)) throw new CatalogueCsvFileError("encoding", m.notUtf8(1), 1);
  if (!firstLine.toString("utf8").trim()) {
    if (ended && !bytes.toString("utf8").trim()) {
      throw new CatalogueCsvFileError("header", m.emptyFile);
    }
    throw new CatalogueCsvFileError("header", m.headerMissing([...CSV_COLUMNS]), 1);
  }
  const header = firstLine.toString("utf8");
  const semicolons = header.split(";").length - 1;
  const commas = header.split(",").length - 1;
  if (semicolons === commas) throw new CatalogueCsvFileError("header", m.separatorUnknown, 1);
  return semicolons > commas ? ";" : ",";
}

function lineEndAt(bytes: Uint8Array): number {
  const ends = [bytes.indexOf(LF), bytes.indexOf(CR)].filter((at) => at >= 0);
  return ends.length ? Math.min(...ends) : -1;
}

/**
 * Counts the columns of a line fed in pieces, keeping none of it: separators outside quotes, a
 * quote opening or closing a quoted stretch (`""` inside one closes and reopens it).
 */
function columnCounter(delimiter: string) {
  const separator = delimiter.charCodeAt(0);
  let quoted = false;
  let columns = 1;
  return {
    feed(bytes: Uint8Array) {
      for (let at = 0; at < bytes.length; at++) {
        const byte = bytes[at];
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === separator && !quoted) columns++;
      }
    },
    get columns() {
      return columns;
    },
  };
}

/**
 * Refuses a header line wider than CSV_MAX_COLUMNS (saying how many columns it has) or longer
 * than CSV_MAX_LINE_BYTES. A line longer than the head read so far is read to its end here, one
 * chunk at a time, only to count its columns.
 */
async function checkHeaderLine(
  head: { bytes: Buffer; ended: boolean },
  chunks: AsyncIterator<Buffer>,
  delimiter: string,
): Promise<void> {
  const bytes = withoutBom(head.bytes);
  const counter = columnCounter(delimiter);
  let end = lineEndAt(bytes);
  let length = end >= 0 ? end : bytes.length;
  counter.feed(bytes.subarray(0, length));
  if (end < 0 && !head.ended) {
    while (end < 0) {
      const next = await chunks.next();
      if (next.done) break;
      end = lineEndAt(next.value);
      const piece = end >= 0 ? next.value.subarray(0, end) : next.value;
      counter.feed(piece);
      length += piece.length;
    }
  }
  if (counter.columns > CSV_MAX_COLUMNS) {
    throw new CatalogueCsvFileError(
      "header",
      m.tooManyColumns(1, counter.columns, CSV_COLUMNS.length),
      1,
    );
  }
  if (length > CSV_MAX_LINE_BYTES) {
    throw new CatalogueCsvFileError("malformed", m.recordTooLarge(1, CSV_MAX_LINE_BYTES), 1);
  }
}

/** A record that grew past a bound while it was parsed; `blankLines` locates it. */
class RecordBoundError extends Error {
  constructor(
    readonly bound: "columns" | "bytes",
    readonly blankLines: number,
  ) {
    super(bound);
  }
}

/** The part of csv-parse 7's parser that `boundRecords` hooks into (lib/api/index.js). */
type ParserCore = {
  __onField(): unknown;
  state: { record: unknown[]; field: { length: number } };
  info: { empty_lines: number };
};

/**
 * Stops the parser at a record's CSV_MAX_COLUMNS + 1st field, or once its fields pass
 * CSV_MAX_LINE_BYTES, before the record is held whole: a line of a million empty fields costs
 * 31 of them. csv-parse has no such option and its public per-field hook (`cast`) makes parsing
 * seven times slower, so this wraps the step that ends a field (`__onField`, whose returned error
 * stops the parser as its own do). Throws if csv-parse no longer has that step (ADR 0030).
 */
function boundRecords(parser: Parser): void {
  const core = (parser as unknown as { api?: ParserCore }).api;
  if (typeof core?.__onField !== "function" || !Array.isArray(core.state?.record)) {
    throw new Error(m.parserChanged);
  }
  const endField = core.__onField;
  let bytes = 0;
  core.__onField = function (this: ParserCore) {
    const index = this.state.record.length;
    if (index === 0) bytes = 0;
    bytes += this.state.field.length;
    if (index >= CSV_MAX_COLUMNS) return new RecordBoundError("columns", this.info.empty_lines);
    if (bytes > CSV_MAX_LINE_BYTES) return new RecordBoundError("bytes", this.info.empty_lines);
    return endField.call(this);
  };
}

type LocatedRecord = { line: number; record: Uint8Array[] };

/**
 * The line each record starts on (the header is line 1). csv-parse's own count is where a record
 * ends, and counts a quoted CRLF twice, so the start is worked out from the previous record, the
 * line breaks inside its fields and the blank lines the parser skipped (its `empty_lines` info).
 */
function recordLines() {
  let nextLine = 1;
  let blankLinesSeen = 0;
  const startAt = (blankLines: number) => nextLine + blankLines - blankLinesSeen;
  return {
    start(record: Uint8Array[], blankLines: number): number {
      const line = startAt(blankLines);
      blankLinesSeen = blankLines;
      nextLine = line + lineBreaks(record) + 1;
      return line;
    },
    /** Where the record being parsed when an error occurred starts (`blankLines`: the parser's count then). */
    ofError(blankLines: unknown): number {
      return startAt(typeof blankLines === "number" ? blankLines : blankLinesSeen);
    },
  };
}

/** Line breaks kept inside quoted fields; CRLF is one. */
function lineBreaks(record: Uint8Array[]): number {
  let count = 0;
  record.forEach((cell, index) => {
    // A last field ending in CR is a CRLF record end in a file whose first line ended in LF.
    const end =
      index === record.length - 1 && cell[cell.length - 1] === CR ? cell.length - 1 : cell.length;
    for (let at = 0; at < end; at++) {
      if (cell[at] === LF || (cell[at] === CR && cell[at + 1] !== LF)) count++;
    }
  });
  return count;
}

/** Which column each field of a record holds; null for a column with a blank name (ignored). */
type HeaderColumns = (CsvColumn | null)[];

async function* records(
  parser: Parser,
  lines: ReturnType<typeof recordLines>,
  skipRows: number,
  headerOnly: boolean,
): AsyncGenerator<CsvRecordResult> {
  let header: HeaderColumns | undefined;
  let skipped = 0;
  try {
    for await (const { line, record } of parser as AsyncIterable<LocatedRecord>) {
      const cells = record.map((bytes, index) => decodeCell(bytes, line, header?.[index]));
      if (!header) {
        header = headerColumns(cells);
        if (headerOnly) return;
        continue;
      }
      if (cells.every((cell) => !cell.trim())) continue;
      if (skipped < skipRows) {
        skipped++;
        continue;
      }
      yield recordResult(line, cells, header);
    }
  } catch (error) {
    if (error instanceof CsvError) throw parserFileError(error, lines.ofError(error.empty_lines));
    if (error instanceof RecordBoundError) {
      const line = lines.ofError(error.blankLines);
      throw new CatalogueCsvFileError(
        "malformed",
        error.bound === "columns"
          ? m.lineTooManyColumns(line, CSV_MAX_COLUMNS, CSV_COLUMNS.length)
          : m.recordTooLarge(line, CSV_MAX_LINE_BYTES),
        line,
      );
    }
    throw error;
  }
}

function parserFileError(error: CsvError, line: number): CatalogueCsvFileError {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return new CatalogueCsvFileError("malformed", m.unclosedQuote(line), line);
    case "CSV_MAX_RECORD_SIZE":
      return new CatalogueCsvFileError(
        "malformed",
        m.recordTooLarge(line, CSV_MAX_LINE_BYTES),
        line,
      );
    default:
      return new CatalogueCsvFileError("malformed", m.unreadable(line), line);
  }
}

function decodeCell(bytes: Uint8Array, line: number, column: CsvColumn | null | undefined) {
  if (!isUtf8(bytes)) {
    throw new CatalogueCsvFileError("encoding", m.notUtf8(line, column ?? undefined), line);
  }
  return utf8Decoder.decode(bytes);
}

function headerColumns(cells: string[]): HeaderColumns {
  const names = cells.map(headerColumnName);
  const missing = CSV_COLUMNS.filter((column) => !names.includes(column));
  const unknown = cells
    .map((cell) => cell.trim())
    .filter((cell, i) => cell && !isCsvColumn(names[i]!));
  const repeated = CSV_COLUMNS.filter(
    (column) => names.filter((name) => name === column).length > 1,
  );
  if (missing.length || unknown.length || repeated.length) {
    throw new CatalogueCsvFileError(
      "header",
      m.headerInvalid({ missing, unknown, repeated }, [...CSV_COLUMNS]),
      1,
    );
  }
  return names.map((name) => (isCsvColumn(name) ? name : null));
}

function recordResult(line: number, cells: string[], header: HeaderColumns): CsvRecordResult {
  if (cells.length !== header.length) {
    return { line, error: m.columnCount(line, cells.length, header.length) };
  }
  const fields = {} as Record<CsvColumn, string>;
  header.forEach((column, index) => {
    // Trimmed first, so the export's `'\t=…` comes back as `\t=…`, never as a formula.
    if (column) fields[column] = textCell(cells[index]!.trim());
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
  for (const column of ["brand", "model", "version", "engine", "fuel", "notes"] as const) {
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
  return {
    brand: fields.brand,
    model: fields.model,
    yearStart,
    yearEnd,
    version: fields.version,
    engine: fields.engine || null,
    fuel: fields.fuel || null,
    position: null,
    notes: fields.notes || null,
  };
}

function parseYear(text: string): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : null;
}

function yearProblem(
  fields: Record<CsvColumn, string>,
  column: "year_start" | "year_end",
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
