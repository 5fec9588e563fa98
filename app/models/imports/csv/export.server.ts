import { stringify } from "csv-stringify/sync";
import { cachedStatement } from "~/utils/db.server";
import { CSV_COLUMNS, csvRecord, joinAlternativeCodes, UTF8_BOM, type CsvCell } from "./format";

/** Parts read per query: their rows are all the memory the export holds at a time. */
const PARTS_PER_PAGE = 500;

type PartRow = {
  id: number;
  code: string;
  name: string;
  manufacturer: string;
  description: string | null;
  category: string | null;
};
type AlternativeCodeRow = { partId: number; code: string };

/** A fitment as the file writes it: the vehicle's own fields and the link's notes. */
export type ExportedFitment = {
  brand: string;
  model: string;
  year: number;
  version: string;
  engine: string | null;
  fuel: string | null;
  notes: string | null;
};
type FitmentRow = { partId: number } & ExportedFitment;

const PARTS_AFTER = `
  select p.id, p.code, p.name, p.manufacturer, p.description, c.name as category
  from parts p left join categories c on c.id = p.category_id
  where p.id > ? order by p.id limit ?`;
const ALTERNATIVE_CODES_BETWEEN = `
  select part_id as partId, alternative_code as code
  from part_alternative_codes where part_id between ? and ? order by part_id, id`;
const FITMENTS_BETWEEN = `
  select pv.part_id as partId, v.brand, v.model, v.year, v.version, v.engine, v.fuel, pv.notes
  from part_vehicles pv join vehicles v on v.id = pv.vehicle_id
  where pv.part_id between ? and ?
  order by pv.part_id, v.brand, v.model, v.year, v.version, pv.id`;

/**
 * CRLF between records, as RFC 4180 and Excel write them; line breaks inside fields stay as
 * stored, always inside quotes (csv-stringify quotes only a CRLF), so no spreadsheet ends a row
 * at a lone CR or LF.
 */
const CSV_OPTIONS = {
  delimiter: ",",
  record_delimiter: "windows",
  quoted_match: /[\r\n]/,
} as const;

function groupByPart<T extends { partId: number }>(rows: T[]): Map<number, T[]> {
  const byPart = new Map<number, T[]>();
  for (const row of rows) {
    const list = byPart.get(row.partId);
    if (list) list.push(row);
    else byPart.set(row.partId, [row]);
  }
  return byPart;
}

function partRecords(part: PartRow, alternativeCodes: string[], fitments: FitmentRow[]) {
  const partCells = {
    code: part.code,
    name: part.name,
    manufacturer: part.manufacturer,
    category: part.category,
    description: part.description,
    alternative_codes: joinAlternativeCodes(alternativeCodes),
  };
  if (fitments.length === 0) {
    return [
      csvRecord({
        ...partCells,
        brand: null,
        model: null,
        year_start: null,
        year_end: null,
        version: null,
        engine: null,
        fuel: null,
        notes: null,
      }),
    ];
  }
  return fitments.map((fitment) =>
    csvRecord({
      ...partCells,
      brand: fitment.brand,
      model: fitment.model,
      year_start: fitment.year,
      year_end: fitment.year,
      version: fitment.version,
      engine: fitment.engine,
      fuel: fitment.fuel,
      notes: fitment.notes,
    }),
  );
}

/**
 * The whole catalogue as CSV text, in the import's columns: a BOM and the header first, then one
 * row per fitment (a part without fitment gets one row with the vehicle columns empty). Parts are
 * read in keyset pages by id, each with its own short queries, so memory stays flat however big
 * the catalogue is and the connection is free for other requests between chunks; a part written
 * meanwhile shows up if its id is past the current page.
 */
export async function* catalogueCsvChunks(): AsyncGenerator<string> {
  // Excel reads a CSV file as UTF-8 only when it starts with a BOM.
  yield UTF8_BOM + stringify([[...CSV_COLUMNS]], CSV_OPTIONS);
  let afterId = 0;
  for (;;) {
    const parts = cachedStatement(PARTS_AFTER).all(afterId, PARTS_PER_PAGE) as PartRow[];
    if (parts.length === 0) return;
    const firstId = parts[0]!.id;
    const lastId = parts[parts.length - 1]!.id;
    const alternativeCodes = groupByPart(
      cachedStatement(ALTERNATIVE_CODES_BETWEEN).all(firstId, lastId) as AlternativeCodeRow[],
    );
    const fitments = groupByPart(
      cachedStatement(FITMENTS_BETWEEN).all(firstId, lastId) as FitmentRow[],
    );
    const records: CsvCell[][] = parts.flatMap((part) =>
      partRecords(
        part,
        (alternativeCodes.get(part.id) ?? []).map((row) => row.code),
        fitments.get(part.id) ?? [],
      ),
    );
    yield stringify(records, CSV_OPTIONS);
    afterId = lastId;
    if (parts.length < PARTS_PER_PAGE) return;
  }
}
