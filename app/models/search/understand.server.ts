import type { Correction, UnderstoodQuery } from "./description.types";
import { synonymMeanings } from "./synonyms.server";
import {
  readVehicle,
  vehicleDictionary,
  vehicleLabel,
  type VehicleDictionary,
} from "./vehicle-words.server";
import { isCataloguePrefix, isCatalogueWord, nearestCatalogueWord } from "./vocabulary.server";
import { compactKey, indexPieces, queryTokens, STOPWORDS, wordForms } from "./words";

/**
 * How a description query is read (ADR 0032): which words name the vehicle, and for each part word
 * what the catalogue may hold for it — its plural, its synonyms, its correct spelling.
 */

/** At most this many words of a query are searched; the rest would only slow the index. */
const MAX_PART_WORDS = 8;
/** At most this many tokens of a query are read at all. */
const MAX_TOKENS = 24;

/** One typed word and what the index may hold for it: alternatives, each a phrase of index words. */
export type PartWord = {
  typed: string;
  alternatives: string[][];
  prefix: boolean;
  /** Where the catalogue holds it: in part names (or categories, makers), only in descriptions, or nowhere. */
  strength: "name" | "description" | "unknown";
};

export type QueryPlan = {
  understood: UnderstoodQuery;
  words: PartWord[];
  /** The query's tokens and which of them named the vehicle, to build the suggestions. */
  tokens: string[];
  vehicleTokens: Set<number>;
  yearToken: number | null;
  engineTokens: number[];
  /** Every part word was unknown ("zorro gol"): nothing is found, the vehicle alone is offered. */
  onlyIgnored: boolean;
  /** Words the vocabulary could not correct within a typo allowance, with a farther guess. */
  farGuesses: Correction[];
};

const quote = (word: string) => `"${word.replace(/"/g, "")}"`;

/** Reads a query: its vehicle, and its part words with their synonyms and corrections. */
export function understandQuery(query: string): QueryPlan {
  const synonyms = synonymMeanings();
  const dictionary = vehicleDictionary();
  // Bounded after the split too: "a/b/c/…" must not make 60 words for the typo loops to try.
  const tokens = splitJoinedWords(queryTokens(query).slice(0, MAX_TOKENS), dictionary).slice(
    0,
    MAX_TOKENS,
  );
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
  const reading = readVehicle(tokens, dictionary, {
    brandAlias: (token) => synonyms.get(token)?.[0],
    isPartWord: (token) => known(token, true) || synonyms.has(token),
    nearPartWord: (token) => nearestCatalogueWord(token) !== null,
  });

  const corrections: Correction[] = [...reading.corrections];
  const farGuesses: Correction[] = [];
  const words: PartWord[] = [];
  const leftovers = tokens
    .map((token, index) => ({ token, index }))
    .filter(({ index, token }) => !reading.used.has(index) && !STOPWORDS.has(token));
  const ignored: string[] = [];
  for (const { token } of leftovers.slice(0, MAX_PART_WORDS)) {
    const word = partWord(token, {
      synonyms,
      isNameWord: (t) => known(t, true),
      isPartWord,
      corrections,
      farGuesses,
    });
    // A word the catalogue does not hold ("preciso", "pro", "turbo") would only empty the answer.
    if (word.strength === "unknown") ignored.push(token);
    else words.push(word);
  }

  // Beside a word of part names, a word found only in descriptions ("nova", "aplicacao") adds
  // nothing but misses: it is left out, and said so.
  if (words.some((word) => word.strength === "name")) {
    for (const word of words.filter((w) => w.strength === "description")) ignored.push(word.typed);
    words.splice(0, words.length, ...words.filter((w) => w.strength === "name"));
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
      ignoredWords: ignored,
    },
    words,
    tokens,
    vehicleTokens: reading.used,
    yearToken,
    engineTokens: reading.engineIndexes,
    farGuesses,
    onlyIgnored: words.length === 0 && ignored.length > 0,
  };
}

/**
 * "pastilha/gol" and "pastilha-gol" are two words; "t-cross", "s-10", "hr-v" (models), "1.6" and
 * "2010-2013" (years) stay whole.
 */
function splitJoinedWords(tokens: string[], dictionary: VehicleDictionary): string[] {
  return tokens.flatMap((token) => {
    if (!/[-/]/.test(token)) return [token];
    const key = compactKey(token);
    if (dictionary.modelsByKey.has(key) || dictionary.brands.has(key)) return [token];
    if (/^\d{2}(\d{2})?[-/]\d{2}(\d{2})?$/.test(token)) return [token];
    return token.split(/[-/]+/).filter(Boolean);
  });
}

function shownWord(word: PartWord): string {
  return word.alternatives[0]?.join(" ") ?? word.typed;
}

function partWord(
  token: string,
  context: {
    synonyms: ReadonlyMap<string, string[]>;
    isNameWord: (token: string) => boolean;
    isPartWord: (token: string) => boolean;
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
    const alternatives = context.isNameWord(token) ? [...own, ...expanded] : [...expanded, ...own];
    return { typed: token, alternatives: dedupe(alternatives), prefix: false, strength: "name" };
  }
  const checkable = pieces.length === 1 ? token : pieces.join("");
  if (context.isNameWord(checkable) || (pieces.length > 1 && pieces.every(context.isNameWord)))
    return { typed: token, alternatives: own, prefix: false, strength: "name" };
  if (pieces.length > 1 || /\d/.test(token)) {
    const strength = context.isPartWord(checkable) ? "description" : "unknown";
    return { typed: token, alternatives: own, prefix: false, strength };
  }
  const corrected = nearestCatalogueWord(token);
  if (corrected) {
    context.corrections.push({ from: token, to: corrected });
    const alternatives = wordForms(corrected).map((f) => [f]);
    return { typed: token, alternatives, prefix: false, strength: "name" };
  }
  // People stop typing mid-word ("amortec"): a word cut short matches the words it starts.
  if (token.length >= 3 && isCataloguePrefix(token))
    return { typed: token, alternatives: [[token]], prefix: true, strength: "name" };
  if (context.isPartWord(token))
    return { typed: token, alternatives: own, prefix: false, strength: "description" };
  const guess = nearestCatalogueWord(token, 1);
  if (guess) context.farGuesses.push({ from: token, to: guess });
  return { typed: token, alternatives: own, prefix: false, strength: "unknown" };
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
