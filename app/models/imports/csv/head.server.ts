import { isUtf8 } from "node:buffer";
import * as messages from "~/messages";
import { CSV_COLUMNS, CSV_MAX_COLUMNS, CSV_MAX_LINE_BYTES } from "./format";

/**
 * The head of a catalogue CSV file as its bytes stream in: the size bound, the BOM, the encoding,
 * the separator and the header line's width and length. What is wrong here refuses the whole
 * file, with a CatalogueCsvFileError.
 */

const m = messages.catalogueCsv;

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

/** The file's bytes, refused with `too_large` once they pass `maxBytes`. */
export async function* csvByteChunks(
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
 * Reads the header line off `chunks` and checks it; answers its separator and the file again from
 * its first byte after the BOM (what was read plus the chunks still to come).
 */
export async function readCsvHead(
  chunks: AsyncGenerator<Buffer, void, undefined>,
): Promise<{ delimiter: string; bytes: AsyncGenerator<Buffer, void, undefined> }> {
  const head = await readHead(chunks);
  const delimiter = headerDelimiter(head.bytes, head.ended);
  // Before any parsing: a header wider or longer than the format allows is refused here, its
  // columns counted as the line streams past, so a line of a million columns costs nothing.
  await checkHeaderLine(head, chunks, delimiter);
  return { delimiter, bytes: replay(withoutBom(head.bytes), chunks) };
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
