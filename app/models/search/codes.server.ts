import { db } from "~/utils/db.server";
import { normalizeCode, stripAccents } from "~/utils/codes";

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
    description: client.prepare<[string, number]>(
      `select ${partColumns} from (
         select rowid from parts_fts where parts_fts match ? limit ?
       ) f join parts p on p.id = f.rowid left join categories c on c.id = p.category_id`,
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

/** Words that carry no meaning in a part description and would only slow the index down. */
const STOPWORDS = new Set(["a", "o", "as", "os", "e", "de", "da", "do", "das", "dos", "em", "na", "no", "nas", "nos", "p", "para", "pra", "com", "c", "um", "uma", "por"]);

/** The plural forms of a pt-BR singular stem, so "pastilha" also matches "pastilhas". */
export function pluralForms(stem: string): string[] {
  if (stem.endsWith("ao")) return [`${stem.slice(0, -2)}oes`, `${stem.slice(0, -2)}aes`, `${stem}s`];
  if (stem.endsWith("al")) return [`${stem.slice(0, -2)}ais`];
  if (stem.endsWith("el")) return [`${stem.slice(0, -2)}eis`];
  if (stem.endsWith("ol")) return [`${stem.slice(0, -2)}ois`];
  if (/[rzs]$/.test(stem)) return [`${stem}es`];
  if (stem.endsWith("m")) return [`${stem.slice(0, -1)}ns`];
  return [`${stem}s`];
}

const quote = (term: string) => `"${term}"`;

/**
 * Words of a description query turned into an FTS5 expression. Every word matches its singular or
 * plural form exactly; the last one also as a prefix, since people stop typing mid-word. Exact
 * terms keep the index lookups cheap on a million parts (a prefix scans every term it covers).
 */
export function ftsQuery(query: string): string | null {
  const words = stripAccents(query.toLowerCase())
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  const meaningful = words.filter((w) => !STOPWORDS.has(w));
  const chosen = (meaningful.length > 0 ? meaningful : words).slice(0, 8);
  if (chosen.length === 0) return null;
  const terms = chosen.map((word, index) => {
    const stem = singularStem(word);
    const forms = new Set([stem, word, ...pluralForms(stem)].map(quote));
    if (index === chosen.length - 1 && stem.length >= 3) forms.add(`${quote(stem)}*`);
    return forms.size === 1 ? [...forms][0]! : `(${[...forms].join(" OR ")})`;
  });
  return terms.join(" AND ");
}

/** Description search over name, description and manufacturer, accent- and plural-insensitive. */
export function searchByDescription(query: string, limit = SEARCH_LIMIT): PartHit[] {
  const expression = ftsQuery(query);
  if (!expression) return [];
  const statement = prepared().description;
  // Parts named like the query first; then those that mention it in the description or maker.
  const byName = statement.all(`{name} : (${expression})`, limit) as Row[];
  const hits: PartHit[] = [];
  const seen = new Set<number>();
  pushUnique(hits, seen, byName, "description", limit);
  if (hits.length < limit) pushUnique(hits, seen, statement.all(expression, limit * 2) as Row[], "description", limit);
  return hits;
}
