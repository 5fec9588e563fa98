import { isUtf8 } from "node:buffer";
import { pipeline, Readable } from "node:stream";
import { CsvError, parse, type InfoRecord, type Options, type Parser } from "csv-parse";
import * as messages from "~/messages";
import {
  CSV_COLUMNS,
  CSV_MAX_COLUMNS,
  CSV_MAX_LINE_BYTES,
  hasTextPrefixes,
  headerColumnName,
  isCsvColumn,
  OPTIONAL_COLUMNS,
  type CsvColumn,
} from "./format";
import { CatalogueCsvFileError, csvByteChunks, readCsvHead } from "./head.server";
import { csvRecordResult, type CsvRecordResult } from "./rows.server";

/**
 * Reading a catalogue CSV file as it streams in, with csv-parse: the head checked first
 * (head.server), then one result per data record (rows.server), every record bounded before it
 * is held whole (ADR 0030).
 */

const m = messages.catalogueCsv;

export type ReadCatalogueCsvOptions = {
  /** Data records to pass over before yielding: where an interrupted import resumes. */
  skipRows?: number;
  maxBytes?: number;
  /** Stop once the header is read and checked: no record is yielded. */
  headerOnly?: boolean;
};

const LF = 0x0a;
const CR = 0x0d;
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
  const chunks = csvByteChunks(input, options.maxBytes);
  let parser: Parser | undefined;
  try {
    const { delimiter, bytes } = await readCsvHead(chunks);
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
    pipeline(Readable.from(bytes), parser, () => {});
    yield* records(parser, lines, {
      skipRows: options.skipRows ?? 0,
      headerOnly: options.headerOnly ?? false,
      textPrefixes: hasTextPrefixes(delimiter),
    });
  } finally {
    if (parser) parser.destroy();
    else await chunks.return(undefined);
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
  {
    skipRows,
    headerOnly,
    textPrefixes,
  }: { skipRows: number; headerOnly: boolean; textPrefixes: boolean },
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
      yield csvRecordResult(line, cells, header, textPrefixes);
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
  const missing = CSV_COLUMNS.filter(
    (column) => !names.includes(column) && !OPTIONAL_COLUMNS.includes(column),
  );
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
