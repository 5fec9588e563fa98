import { db } from "~/utils/db.server";
import { normalizeCode } from "./codes";

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
    description: client.prepare<[string, number]>(
      `select ${partColumns} from (
         select rowid, bm25(parts_fts, 10.0, 2.0, 1.0) as score from parts_fts
         where parts_fts match ? order by score limit ?
       ) f join parts p on p.id = f.rowid left join categories c on c.id = p.category_id
       order by f.score`,
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

/**
 * The ranking ladder for a code: exact own → exact alternative; only when neither exists, the
 * codes that start with it.
 */
export function searchByCode(query: string, limit = SEARCH_LIMIT): PartHit[] {
  const exact = exactCodeMatches(query, limit);
  return exact.length > 0 ? exact : prefixCodeMatches(query, limit);
}

function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * A pt-BR singular stem, good enough for catalogue words: "pastilhas" → "pastilha",
 * "suspensões" → "suspensao", "pedais" → "pedal", "motores" → "motor", "jogos" → "jogo".
 * The index drops accents, so stems are accent-free too.
 */
export function singularStem(word: string): string {
  const w = stripAccents(word.toLowerCase());
  if (w.length <= 3) return w;
  if (w.endsWith("oes") || w.endsWith("aes")) return `${w.slice(0, -3)}ao`;
  if (w.endsWith("ais")) return `${w.slice(0, -3)}al`;
  if (w.endsWith("eis") && w.length > 4) return `${w.slice(0, -3)}el`;
  if (w.endsWith("ois")) return `${w.slice(0, -3)}ol`;
  if (/(r|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("ns")) return `${w.slice(0, -2)}m`;
  if (w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** Words of a description query turned into an FTS5 expression: every word, as a prefix of its stem. */
export function ftsQuery(query: string): string | null {
  const words = stripAccents(query.toLowerCase())
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  const terms = words.map((w) => {
    const stem = singularStem(w);
    return stem.length >= 2 ? `"${stem}"*` : `"${stem}"`;
  });
  return terms.join(" ");
}

/** Description search over name, description and manufacturer, accent- and plural-insensitive, ranked. */
export function searchByDescription(query: string, limit = SEARCH_LIMIT): PartHit[] {
  const expression = ftsQuery(query);
  if (!expression) return [];
  const rows = prepared().description.all(expression, limit) as Row[];
  return rows.map((row) => ({ ...row, viaCode: null, match: "description" as const }));
}
