import type { Correction, UnderstoodQuery } from "./description.types";
import { synonymMeanings } from "./synonyms.server";
import { readVehicle, vehicleDictionary, vehicleLabel } from "./vehicle-words.server";
import { isCataloguePrefix, isCatalogueWord, nearestCatalogueWord } from "./vocabulary.server";
import { indexPieces, queryTokens, STOPWORDS, wordForms } from "./words";

/**
 * How a description query is read (ADR 0032): which words name the vehicle, and for each part word
 * what the catalogue may hold for it — its plural, its synonyms, its correct spelling.
 */

/** At most this many words of a query are searched; the rest would only slow the index. */
const MAX_PART_WORDS = 8;

/** One typed word and what the index may hold for it: alternatives, each a phrase of index words. */
export type PartWord = { typed: string; alternatives: string[][]; prefix: boolean };

export type QueryPlan = {
  understood: UnderstoodQuery;
  words: PartWord[];
  /** The query's tokens and which of them named the vehicle, to build the suggestions. */
  tokens: string[];
  vehicleTokens: Set<number>;
  yearToken: number | null;
  engineTokens: number[];
  /** Words the vocabulary could not correct within a typo allowance, with a farther guess. */
  farGuesses: Correction[];
};

const quote = (word: string) => `"${word.replace(/"/g, "")}"`;

/** Reads a query: its vehicle, and its part words with their synonyms and corrections. */
export function understandQuery(query: string): QueryPlan {
  const tokens = queryTokens(query).slice(0, 24);
  const synonyms = synonymMeanings();
  const cache = new Map<string, boolean>();
  const known = (token: string, names: boolean) => {
    const key = `${names ? "n" : "a"}${token}`;
    let answer = cache.get(key);
    if (answer === undefined) {
      answer = isCatalogueWord(token, { names });
      cache.set(key, answer);
    }
    return answer;
  };
  const isPartWord = (token: string) => known(token, false);
  const reading = readVehicle(tokens, vehicleDictionary(), {
    brandAlias: (token) => synonyms.get(token)?.[0],
    isPartWord: (token) => known(token, true),
  });

  const corrections: Correction[] = [...reading.corrections];
  const farGuesses: Correction[] = [];
  const words: PartWord[] = [];
  const leftovers = tokens
    .map((token, index) => ({ token, index }))
    .filter(({ index, token }) => !reading.used.has(index) && !STOPWORDS.has(token));
  for (const [position, { token }] of leftovers.slice(0, MAX_PART_WORDS).entries()) {
    const isLast = position === Math.min(leftovers.length, MAX_PART_WORDS) - 1;
    words.push(partWord(token, { synonyms, isPartWord, isLast, corrections, farGuesses }));
  }

  const vehicle = reading.vehicle;
  const yearToken = reading.yearIndex;
  return {
    understood: {
      query,
      partWords: words.map((w) => shownWord(w)),
      vehicle,
      vehicleLabel: vehicle ? vehicleLabel(vehicle) : null,
      corrections,
    },
    words,
    tokens,
    vehicleTokens: reading.used,
    yearToken,
    engineTokens: reading.engineIndexes,
    farGuesses,
  };
}

function shownWord(word: PartWord): string {
  return word.alternatives[0]?.join(" ") ?? word.typed;
}

function partWord(
  token: string,
  context: {
    synonyms: ReadonlyMap<string, string[]>;
    isPartWord: (token: string) => boolean;
    isLast: boolean;
    corrections: Correction[];
    farGuesses: Correction[];
  },
): PartWord {
  const pieces = indexPieces(token);
  const own = pieces.length === 1 ? wordForms(token).map((form) => [form]) : [pieces];
  const meanings = synonymClosure(token, context.synonyms);
  if (meanings.length > 0) {
    const spelled = meanings.map((meaning) => indexPieces(meaning));
    const expanded = spelled.flatMap((phrase) =>
      phrase.length === 1 ? wordForms(phrase[0]!).map((form) => [form]) : [phrase],
    );
    // The catalogue's word leads: it is what the page says was searched.
    const alternatives = context.isPartWord(token) ? [...own, ...expanded] : [...expanded, ...own];
    return { typed: token, alternatives: dedupe(alternatives), prefix: false };
  }
  if (pieces.length > 1 || /\d/.test(token) || context.isPartWord(token))
    return { typed: token, alternatives: own, prefix: false };
  const corrected = nearestCatalogueWord(token);
  if (corrected) {
    context.corrections.push({ from: token, to: corrected });
    return { typed: token, alternatives: wordForms(corrected).map((f) => [f]), prefix: false };
  }
  // People stop typing mid-word ("amortec"): a word cut short matches the words it starts.
  if (token.length >= 3 && isCataloguePrefix(token))
    return { typed: token, alternatives: [[token]], prefix: true };
  const guess = nearestCatalogueWord(token, 1);
  if (guess) context.farGuesses.push({ from: token, to: guess });
  return { typed: token, alternatives: own, prefix: false };
}

/** A word's meanings and theirs ("esq" → esquerdo → esquerda): two steps, never back to the word. */
function synonymClosure(token: string, synonyms: ReadonlyMap<string, string[]>): string[] {
  const first = synonyms.get(token) ?? [];
  const second = first.flatMap((meaning) => synonyms.get(meaning) ?? []);
  return [...new Set([...first, ...second])].filter((meaning) => meaning !== token);
}

function dedupe(phrases: string[][]): string[][] {
  const seen = new Set<string>();
  return phrases.filter((phrase) => {
    const key = phrase.join(" ");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The FTS5 expression of the part words: every word must match, any of its alternatives. */
export function matchExpression(words: readonly PartWord[]): string | null {
  if (words.length === 0) return null;
  return words
    .map((word) => {
      const alternatives = word.alternatives.map((phrase) =>
        phrase.length === 1 ? quote(phrase[0]!) : quote(phrase.join(" ")),
      );
      if (word.prefix) alternatives.push(`${quote(word.typed)}*`);
      return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(" OR ")})`;
    })
    .join(" AND ");
}
