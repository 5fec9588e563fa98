import { stringify } from "csv-stringify/sync";
import { cachedStatement } from "~/utils/db.server";
import {
  CSV_COLUMNS,
  CSV_DELIMITERS,
  csvRecord,
  joinAlternativeCodes,
  UTF8_BOM,
  type CsvCell,
  type CsvVariant,
} from "./format";

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

/** A part–vehicle link as the export reads it: the vehicle's own fields and the link's. */
export type ExportedFitment = {
  brand: string;
  model: string;
  year: number;
  version: string;
  engine: string | null;
  fuel: string | null;
  position: string | null;
  notes: string | null;
  yearFrom: number | null;
  yearTo: number | null;
};
type FitmentRow = { partId: number } & ExportedFitment;

const PARTS_AFTER = `
  select p.id, p.code, p.name, p.manufacturer, p.description, c.name as category
  from parts p left join categories c on c.id = p.category_id
  where p.id > ? order by p.id limit ?`;
const ALTERNATIVE_CODES_BETWEEN = `
  select part_id as partId, alternative_code as code
  from part_alternative_codes where part_id between ? and ? order by part_id, id`;
// Ordered so that the links one row can carry (same vehicle but its year, same link fields)
// come together, by year.
const FITMENTS_BETWEEN = `
  select pv.part_id as partId, v.brand, v.model, v.year, v.version, v.engine, v.fuel,
    pv.position, pv.notes, pv.year_from as yearFrom, pv.year_to as yearTo
  from part_vehicles pv join vehicles v on v.id = pv.vehicle_id
  where pv.part_id between ? and ?
  order by pv.part_id, v.brand, v.model, v.version, v.engine, v.fuel, pv.position, pv.notes,
    pv.year_from, pv.year_to, v.year, pv.id`;

/**
 * CRLF between records, as RFC 4180 and Excel write them; line breaks inside fields stay as
 * stored, always inside quotes (csv-stringify quotes only a CRLF), so no spreadsheet ends a row
 * at a lone CR or LF.
 */
const csvOptions = (variant: CsvVariant) =>
  ({
    delimiter: CSV_DELIMITERS[variant],
    record_delimiter: "windows",
    quoted_match: /[\r\n]/,
  }) as const;

function groupByPart<T extends { partId: number }>(rows: T[]): Map<number, T[]> {
  const byPart = new Map<number, T[]>();
  for (const row of rows) {
    const list = byPart.get(row.partId);
    if (list) list.push(row);
    else byPart.set(row.partId, [row]);
  }
  return byPart;
}

/** Whether two links differ only by their vehicle's year. */
function sameButYear(a: ExportedFitment, b: ExportedFitment): boolean {
  return (
    a.brand === b.brand &&
    a.model === b.model &&
    a.version === b.version &&
    a.engine === b.engine &&
    a.fuel === b.fuel &&
    a.position === b.position &&
    a.notes === b.notes &&
    a.yearFrom === b.yearFrom &&
    a.yearTo === b.yearTo
  );
}

/** One file row: the links of consecutive years it stands for, and their shared fields. */
type FitmentRun = { fitment: ExportedFitment; yearStart: number; yearEnd: number };

/**
 * The part's links as file rows (ADR 0053): links alike but for consecutive vehicle years become
 * one row, as the import splits a row back into one link per year. A link without years of its
 * own (made on a screen) stays a row of its own year, which the import reads as the same.
 */
function fitmentRuns(fitments: readonly ExportedFitment[]): FitmentRun[] {
  const runs: FitmentRun[] = [];
  for (const fitment of fitments) {
    const last = runs[runs.length - 1];
    if (
      last &&
      fitment.yearFrom !== null &&
      fitment.yearTo !== null &&
      fitment.year === last.yearEnd + 1 &&
      sameButYear(last.fitment, fitment)
    ) {
      last.yearEnd = fitment.year;
    } else {
      runs.push({ fitment, yearStart: fitment.year, yearEnd: fitment.year });
    }
  }
  return runs;
}

function runCells(run: FitmentRun) {
  const { fitment, yearStart, yearEnd } = run;
  // The fitment's own years are written only where they are not the row's vehicle years.
  const ownYears =
    fitment.yearFrom === null || (fitment.yearFrom === yearStart && fitment.yearTo === yearEnd)
      ? { fitment_year_start: null, fitment_year_end: null }
      : { fitment_year_start: fitment.yearFrom, fitment_year_end: fitment.yearTo };
  return {
    brand: fitment.brand,
    model: fitment.model,
    year_start: yearStart,
    year_end: yearEnd,
    version: fitment.version,
    engine: fitment.engine,
    fuel: fitment.fuel,
    position: fitment.position,
    notes: fitment.notes,
    ...ownYears,
  };
}

const NO_VEHICLE = {
  brand: null,
  model: null,
  year_start: null,
  year_end: null,
  version: null,
  engine: null,
  fuel: null,
  position: null,
  notes: null,
  fitment_year_start: null,
  fitment_year_end: null,
} as const;

function partRecords(
  part: PartRow,
  alternativeCodes: string[],
  fitments: FitmentRow[],
  variant: CsvVariant,
) {
  const partCells = {
    code: part.code,
    name: part.name,
    manufacturer: part.manufacturer,
    category: part.category,
    description: part.description,
    alternative_codes: joinAlternativeCodes(alternativeCodes),
  };
  if (fitments.length === 0) return [csvRecord({ ...partCells, ...NO_VEHICLE }, variant)];
  return fitmentRuns(fitments).map((run) => csvRecord({ ...partCells, ...runCells(run) }, variant));
}

/**
 * The whole catalogue as CSV text, in the import's columns, so importing it gives the same
 * catalogue back (ADR 0053): the header first (after a BOM in the spreadsheet variant), then one
 * row per run of a part's links (a part without fitment gets one row with the vehicle columns
 * empty). Parts are read in keyset pages by id, each with its own short queries, so memory stays
 * flat however big the catalogue is and the connection is free for other requests between
 * chunks; a part written meanwhile shows up if its id is past the current page.
 */
export async function* catalogueCsvChunks(
  variant: CsvVariant = "standard",
): AsyncGenerator<string> {
  const options = csvOptions(variant);
  // Excel reads a CSV file as UTF-8 only when it starts with a BOM; programs do without it.
  const bom = variant === "excel" ? UTF8_BOM : "";
  yield bom + stringify([[...CSV_COLUMNS]], options);
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
        variant,
      ),
    );
    yield stringify(records, options);
    afterId = lastId;
    if (parts.length < PARTS_PER_PAGE) return;
  }
}
