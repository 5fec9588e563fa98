import { stripAccents } from "~/utils/codes";

/**
 * The words of a description query, the way the index sees them: lower case, no accents. Pure
 * functions shared by the query understanding, the vocabulary and the FTS expression.
 */

/** Words that carry no meaning in a part description and would only slow the index down. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  "a",
  "o",
  "as",
  "os",
  "e",
  "de",
  "da",
  "do",
  "das",
  "dos",
  "d",
  "em",
  "na",
  "no",
  "nas",
  "nos",
  "p",
  "para",
  "pra",
  "pro",
  "com",
  "c",
  "um",
  "uma",
  "por",
  "ate",
  "ao",
  "aos",
]);

/** Folded as the index folds: lower case, accents off. */
export function foldWord(text: string): string {
  return stripAccents(text).toLocaleLowerCase("pt-BR");
}

/**
 * The query's tokens, in order: letters and digits, keeping "1.6", "t-cross" and "l200" whole
 * (a model or an engine is read from them) — the FTS expression splits them again.
 */
export function queryTokens(query: string): string[] {
  return foldWord(query).match(/[a-z0-9]+(?:[.\-/][a-z0-9]+)*/g) ?? [];
}

/** The pieces the index stores for a token: "t-cross" → t, cross; "1.6" → 1, 6. */
export function indexPieces(token: string): string[] {
  return token.split(/[^a-z0-9]+/).filter(Boolean);
}

/** Letters and digits only: "T-Cross", "t cross" and "tcross" share one key. */
export function compactKey(text: string): string {
  return foldWord(text).replace(/[^a-z0-9]/g, "");
}

/**
 * A pt-BR singular stem, good enough for catalogue words: "pastilhas" → "pastilha",
 * "suspensões" → "suspensao", "pedais" → "pedal", "motores" → "motor", "jogos" → "jogo".
 */
export function singularStem(word: string): string {
  const w = foldWord(word);
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("oes") || w.endsWith("aes")) return `${w.slice(0, -3)}ao`;
  if (w.endsWith("ais")) return `${w.slice(0, -3)}al`;
  if (w.endsWith("eis") && w.length > 4) return `${w.slice(0, -3)}el`;
  if (w.endsWith("ois")) return `${w.slice(0, -3)}ol`;
  if (/(r|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("ns")) return `${w.slice(0, -2)}m`;
  if (w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** The plural forms of a pt-BR singular stem, so "pastilha" also matches "pastilhas". */
export function pluralForms(stem: string): string[] {
  if (/\d/.test(stem)) return [];
  if (stem.endsWith("ao"))
    return [`${stem.slice(0, -2)}oes`, `${stem.slice(0, -2)}aes`, `${stem}s`];
  if (stem.endsWith("al")) return [`${stem.slice(0, -2)}ais`];
  if (stem.endsWith("el")) return [`${stem.slice(0, -2)}eis`];
  if (stem.endsWith("ol")) return [`${stem.slice(0, -2)}ois`];
  if (/[rzs]$/.test(stem)) return [`${stem}es`];
  if (stem.endsWith("m")) return [`${stem.slice(0, -1)}ns`];
  return [`${stem}s`];
}

/** A word and its singular and plural forms: what the index may hold for it. */
export function wordForms(word: string): string[] {
  const stem = singularStem(word);
  return [...new Set([word, stem, ...pluralForms(stem)])];
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions: "pastilah" is one
 * edit from "pastilha"). Stops early and answers `max + 1` once the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many typos a word of this length may carry and still be corrected. */
export function typoAllowance(word: string): number {
  if (word.length < 4) return 0;
  if (word.length < 8) return 1;
  return 2;
}

/** A whole number that reads as a model year: 4 digits 1950–2049. */
export function fourDigitYear(token: string): number | null {
  if (!/^\d{4}$/.test(token)) return null;
  const year = Number(token);
  return year >= 1950 && year <= 2049 ? year : null;
}

/** "15" → 2015, "98" → 1998: only a candidate; the catalogue's years decide. */
export function twoDigitYear(token: string): number | null {
  if (!/^\d{2}$/.test(token)) return null;
  const n = Number(token);
  return n <= 49 ? 2000 + n : 1900 + n;
}

/** "1.0", "1.6", "2.0": an engine displacement. */
export function isDisplacement(token: string): boolean {
  return /^\d\.\d$/.test(token);
}

/** "8v", "16v": an engine's valves. */
export function isValves(token: string): boolean {
  return /^\d{1,2}v$/.test(token);
}
