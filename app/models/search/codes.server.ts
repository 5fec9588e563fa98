import { db } from "~/utils/db.server";
import { normalizeCode } from "~/utils/codes";

export const SEARCH_LIMIT = 20;

export type MatchKind =
  "code" | "alternative" | "code_prefix" | "alternative_prefix" | "description";

export type PartHit = {
  id: number;
  code: string;
  name: string;
  description: string | null;
  manufacturer: string;
  categoryId: number | null;
  categoryName: string | null;
  mercadoLivreLink: string | null;
  imageUrl: string | null;
  match: MatchKind;
  /** The alternative code that led to the part, when it was found through one. */
  viaCode: string | null;
};

const partColumns = `p.id, p.code, p.name, p.description, p.manufacturer, p.category_id as categoryId,
  c.name as categoryName, p.mercado_livre_link as mercadoLivreLink, p.image_url as imageUrl`;

type Row = Omit<PartHit, "match" | "viaCode"> & { viaCode?: string | null };

function statements() {
  const client = db().$client;
  return {
    exactOwn: client.prepare<[string, number]>(
      `select ${partColumns} from parts p left join categories c on c.id = p.category_id
       where p.code_norm = ? order by p.manufacturer, p.id limit ?`,
    ),
    exactAlternative: client.prepare<[string, number]>(
      `select ${partColumns}, a.alternative_code as viaCode
       from part_alternative_codes a join parts p on p.id = a.part_id
       left join categories c on c.id = p.category_id
       where a.alternative_code_norm = ? order by p.manufacturer, p.id limit ?`,
    ),
    prefixOwn: client.prepare<[string, string, number]>(
      `select ${partColumns} from parts p left join categories c on c.id = p.category_id
       where p.code_norm >= ? and p.code_norm < ? order by p.code_norm, p.id limit ?`,
    ),
    prefixAlternative: client.prepare<[string, string, number]>(
      `select ${partColumns}, a.alternative_code as viaCode
       from part_alternative_codes a join parts p on p.id = a.part_id
       left join categories c on c.id = p.category_id
       where a.alternative_code_norm >= ? and a.alternative_code_norm < ?
       order by a.alternative_code_norm, p.id limit ?`,
    ),
    byId: client.prepare<[number]>(
      `select ${partColumns} from parts p left join categories c on c.id = p.category_id where p.id = ?`,
    ),
  };
}

let cached: { database: unknown; statements: ReturnType<typeof statements> } | undefined;
function prepared() {
  const database = db();
  if (cached?.database !== database) cached = { database, statements: statements() };
  return cached.statements;
}

/** The upper bound of a prefix range: every normalised code that starts with `prefix` sorts below it. */
function prefixEnd(prefix: string): string {
  return prefix + "\uffff";
}

function pushUnique(
  into: PartHit[],
  seen: Set<number>,
  rows: Row[],
  match: MatchKind,
  limit: number,
) {
  for (const row of rows) {
    if (into.length >= limit) return;
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    into.push({ ...row, viaCode: row.viaCode ?? null, match });
  }
}

/** Exact hits only: the part's own code first, then parts that list it as an alternative code. */
export function exactCodeMatches(query: string, limit = SEARCH_LIMIT): PartHit[] {
  const norm = normalizeCode(query);
  if (!norm) return [];
  const s = prepared();
  const hits: PartHit[] = [];
  const seen = new Set<number>();
  pushUnique(hits, seen, s.exactOwn.all(norm, limit) as Row[], "code", limit);
  pushUnique(hits, seen, s.exactAlternative.all(norm, limit) as Row[], "alternative", limit);
  return hits;
}

/** The parts whose own code this is (one code may exist at several manufacturers), by manufacturer. */
export function ownCodeMatches(query: string, limit = SEARCH_LIMIT): PartHit[] {
  const norm = normalizeCode(query);
  if (!norm) return [];
  const rows = prepared().exactOwn.all(norm, limit) as Row[];
  return rows.map((row) => ({ ...row, viaCode: null, match: "code" }));
}

/** Codes that start with the query: own codes first, then alternative codes. No typo tolerance. */
export function prefixCodeMatches(query: string, limit = SEARCH_LIMIT): PartHit[] {
  const norm = normalizeCode(query);
  if (norm.length < 2) return [];
  const s = prepared();
  const hits: PartHit[] = [];
  const seen = new Set<number>();
  pushUnique(
    hits,
    seen,
    s.prefixOwn.all(norm, prefixEnd(norm), limit) as Row[],
    "code_prefix",
    limit,
  );
  pushUnique(
    hits,
    seen,
    s.prefixAlternative.all(norm, prefixEnd(norm), limit) as Row[],
    "alternative_prefix",
    limit,
  );
  return hits;
}

/** One part by id in the search engine's shape (match "code", no alternative code), or undefined. */
export function findPartHit(id: number): PartHit | undefined {
  const row = prepared().byId.get(id) as Row | undefined;
  return row && { ...row, match: "code", viaCode: null };
}

/**
 * The ranking ladder for a code: exact own → exact alternative; only when neither exists, the
 * codes that start with it.
 */
export function searchByCode(query: string, limit = SEARCH_LIMIT): PartHit[] {
  const exact = exactCodeMatches(query, limit);
  return exact.length > 0 ? exact : prefixCodeMatches(query, limit);
}
