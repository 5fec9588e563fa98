import { db } from "~/utils/db.server";
import { editDistance, typoAllowance, wordForms } from "./words";

/**
 * The catalogue's own words (the FTS5 vocabulary of the descriptions index): whether a typed word is
 * one of them, and the nearest one when it is not ("pastilah" → "pastilha").
 */

/** A vocabulary slice is re-read after this long, so words of new parts become corrections. */
const SLICE_TTL_MS = 10 * 60_000;

type Term = { term: string; doc: number };
type Slice = { terms: Term[]; readAt: number; database: unknown };

/**
 * The vocabulary is read a first letter at a time (fts5vocab counts each word's parts, which on a
 * million parts costs ~1 s for the whole list and ~60 ms for one letter) and only when a word is
 * unknown; typos seldom touch the first two letters, so those two slices hold the candidates.
 */
const slices = new Map<string, Slice>();

function slice(letter: string, now: number): Term[] {
  const database = db();
  const cached = slices.get(letter);
  if (cached && cached.database === database && now - cached.readAt < SLICE_TTL_MS)
    return cached.terms;
  const next = String.fromCharCode(letter.charCodeAt(0) + 1);
  const terms = database.$client
    .prepare(
      `select term, sum(doc) as doc from parts_fts_vocab
       where term >= ? and term < ? and col in ('name', 'category', 'manufacturer')
       group by term`,
    )
    .all(letter, next) as Term[];
  const words = terms.filter((t) => /^[a-z]{3,}$/.test(t.term));
  slices.set(letter, { terms: words, readAt: now, database });
  return words;
}

const quote = (term: string) => `"${term.replace(/"/g, "")}"`;

/**
 * Whether the index holds the word in any of its singular/plural forms; `names` looks only at part
 * and category names and makers (descriptions also name the cars a part fits: "Onix" is no part
 * word). Misspelt words are corrected against those names only.
 */
export function isCatalogueWord(word: string, options: { names?: boolean } = {}): boolean {
  if (!/^[a-z0-9]+$/.test(word)) return false;
  const forms = `(${wordForms(word).map(quote).join(" OR ")})`;
  const expression = options.names ? `{name category manufacturer} : ${forms}` : forms;
  return Boolean(
    db().$client.prepare("select 1 from parts_fts where parts_fts match ? limit 1").get(expression),
  );
}

/** Whether some word of a part's name, category or maker starts with `prefix` (cut short: "amortec"). */
export function isCataloguePrefix(prefix: string): boolean {
  if (!/^[a-z0-9]{3,}$/.test(prefix)) return false;
  return Boolean(
    db()
      .$client.prepare("select 1 from parts_fts where parts_fts match ? limit 1")
      .get(`{name category manufacturer} : ${quote(prefix)}*`),
  );
}

/**
 * The catalogue word nearest to a misspelt one, within `extra` more edits than a word of its length
 * may carry; the most common word wins a tie. Null when none is near enough.
 */
export function nearestCatalogueWord(word: string, extra = 0, now = Date.now()): string | null {
  const allowed = typoAllowance(word) + (typoAllowance(word) > 0 ? extra : 0);
  if (allowed === 0 || !/^[a-z]+$/.test(word)) return null;
  const letters = [...new Set([word[0]!, word[1]!])];
  let best: Term | null = null;
  let bestDistance = allowed + 1;
  for (const letter of letters) {
    for (const candidate of slice(letter, now)) {
      const distance = editDistance(word, candidate.term, allowed);
      if (
        distance < bestDistance ||
        (distance === bestDistance && best !== null && candidate.doc > best.doc)
      ) {
        best = candidate;
        bestDistance = distance;
      }
    }
  }
  return best && bestDistance <= allowed ? best.term : null;
}
