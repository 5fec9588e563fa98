import { db } from "~/utils/db.server";
import type { PartHit } from "./codes.server";
import {
  DESCRIPTION_PER_PAGE,
  type Correction,
  type DescriptionHit,
  type DescriptionPage,
  type FacetValue,
  type Paging,
  type SearchFacets,
  type SearchFilters,
  type Suggestion,
  type UnderstoodQuery,
  type UnderstoodVehicle,
} from "./description.types";
import { synonymMeanings } from "./synonyms.server";
import { readVehicle, vehicleDictionary, vehicleLabel } from "./vehicle-words.server";
import { isCataloguePrefix, isCatalogueWord, nearestCatalogueWord } from "./vocabulary.server";
import { indexPieces, queryTokens, STOPWORDS, wordForms } from "./words";

/**
 * A description search as a mechanic types it (issue #25, ADR 0032): the query is split into part
 * words and vehicle words; vehicle words become a fitment filter, part words are matched in the
 * descriptions index with synonyms, plurals and typos forgiven; parts are ranked name over
 * category over description, paged, and narrowed by the filters of the URL.
 */

/** At most this many words of a query are searched; the rest would only slow the index. */
const MAX_PART_WORDS = 8;
/** Matches read to count, rank and facet; past it the total is counted and facets use the best. */
const MATCH_CAP = 5_000;
/** Parts whose vehicles are counted for the vehicle facets. */
const VEHICLE_FACET_PARTS = 1_000;
/** bm25 weights of the index's columns: name, category, description, manufacturer. */
const RANK = "bm25(parts_fts, 10.0, 4.0, 1.0, 2.0)";

/** One typed word and what the index may hold for it: alternatives, each a phrase of index words. */
type PartWord = { typed: string; alternatives: string[][]; prefix: boolean };

type Plan = {
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
export function understandQuery(query: string): Plan {
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

/** The fitment conditions of a vehicle (understood or chosen) and a position, as SQL. */
type VehicleScope = {
  brand: string | null;
  models: string[];
  year: number | null;
  engine: string | null;
  fuel: string | null;
  position: string | null;
};

function scopeOf(vehicle: UnderstoodVehicle | null, filters: SearchFilters): VehicleScope | null {
  const scope: VehicleScope = {
    brand: filters.brand ?? vehicle?.brand ?? null,
    models: filters.model ? [filters.model] : (vehicle?.models ?? []),
    year: filters.year ?? vehicle?.year ?? null,
    engine: vehicle?.engine ?? null,
    fuel: vehicle?.fuel ?? null,
    position: filters.position ?? null,
  };
  const any =
    scope.brand !== null ||
    scope.models.length > 0 ||
    scope.year !== null ||
    scope.engine !== null ||
    scope.position !== null;
  return any ? scope : null;
}

/** `p.id in (parts fitting the scope)`, with its parameters. */
function fittingParts(scope: VehicleScope): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (scope.models.length > 0) {
    where.push("v.model in (select value from json_each(?))");
    params.push(JSON.stringify(scope.models));
  }
  if (scope.brand !== null) {
    where.push("v.brand = ?");
    params.push(scope.brand);
  }
  if (scope.engine !== null) {
    where.push("v.engine like ?");
    params.push(`${scope.engine.replace(" ", "%")}%`);
  }
  if (scope.fuel !== null) {
    where.push("v.fuel = ?");
    params.push(scope.fuel);
  }
  if (scope.position !== null) {
    where.push("pv.position = ?");
    params.push(scope.position);
  }
  const base = `select pv.part_id from vehicles v join part_vehicles pv on pv.vehicle_id = v.id`;
  const common = where.length > 0 ? ` and ${where.join(" and ")}` : "";
  if (scope.year === null) {
    return { sql: `${base} where 1 = 1${common}`, params };
  }
  // The vehicle of that year, or a fitment whose year range covers it: two index-friendly halves.
  return {
    sql: `${base} where v.year = ?${common}
          union
          ${base} where pv.year_from <= ? and pv.year_to >= ?${common}`,
    params: [scope.year, ...params, scope.year, scope.year, ...params],
  };
}

type Match = { id: number; categoryId: number | null; manufacturer: string };

/** Every part matching the words, the scope and the filters, best first (at most MATCH_CAP). */
function matchingParts(
  expression: string | null,
  scope: VehicleScope | null,
  filters: SearchFilters,
  limit = MATCH_CAP + 1,
): Match[] {
  if (expression === null && scope === null) return [];
  const where: string[] = [];
  const params: unknown[] = [];
  if (expression !== null) {
    where.push("parts_fts match ?");
    params.push(expression);
  }
  if (filters.categoryId !== undefined) {
    where.push("p.category_id = ?");
    params.push(filters.categoryId);
  }
  if (filters.manufacturer !== undefined) {
    where.push("p.manufacturer = ?");
    params.push(filters.manufacturer);
  }
  if (scope !== null) {
    const fitting = fittingParts(scope);
    where.push(`p.id in (${fitting.sql})`);
    params.push(...fitting.params);
  }
  const sql =
    expression !== null
      ? `select p.id, p.category_id as categoryId, p.manufacturer
         from parts_fts f join parts p on p.id = f.rowid
         where ${where.join(" and ")}
         order by ${RANK}, length(p.name), p.name, p.id limit ?`
      : `select p.id, p.category_id as categoryId, p.manufacturer
         from parts p left join categories c on c.id = p.category_id
         where ${where.join(" and ")}
         order by coalesce(c.name, 'zzz'), p.name, p.id limit ?`;
  return db()
    .$client.prepare(sql)
    .all(...params, limit) as Match[];
}

function countParts(
  expression: string | null,
  scope: VehicleScope | null,
  filters: SearchFilters,
): number {
  const found = matchingParts(expression, scope, filters);
  if (found.length <= MATCH_CAP) return found.length;
  // Past the cap, the exact figure: the same conditions without ranking.
  const where: string[] = [];
  const params: unknown[] = [];
  if (expression !== null) {
    where.push("parts_fts match ?");
    params.push(expression);
  }
  if (filters.categoryId !== undefined) {
    where.push("p.category_id = ?");
    params.push(filters.categoryId);
  }
  if (filters.manufacturer !== undefined) {
    where.push("p.manufacturer = ?");
    params.push(filters.manufacturer);
  }
  if (scope !== null) {
    const fitting = fittingParts(scope);
    where.push(`p.id in (${fitting.sql})`);
    params.push(...fitting.params);
  }
  const from = expression !== null ? "parts_fts f join parts p on p.id = f.rowid" : "parts p";
  return (
    db()
      .$client.prepare(`select count(*) as n from ${from} where ${where.join(" and ")}`)
      .get(...params) as { n: number }
  ).n;
}

const hitColumns = `p.id, p.code, p.name, p.description, p.manufacturer, p.category_id as categoryId,
  c.name as categoryName, p.mercado_livre_link as mercadoLivreLink, p.image_url as imageUrl`;

function hitsFor(ids: number[], fits: boolean): DescriptionHit[] {
  if (ids.length === 0) return [];
  const rows = db()
    .$client.prepare(
      `select ${hitColumns} from parts p left join categories c on c.id = p.category_id
       where p.id in (select value from json_each(?))`,
    )
    .all(JSON.stringify(ids)) as Omit<PartHit, "match" | "viaCode">[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, match: "description" as const, viaCode: null, fitsVehicle: fits }] : [];
  });
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

function countBy<V extends string | number>(
  values: Iterable<V | null>,
  label: (value: V) => string = String,
): FacetValue<V>[] {
  const counts = new Map<V, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, label: label(value), count }))
    .sort((a, b) => b.count - a.count || collator.compare(a.label, b.label));
}

function facetsOf(matches: Match[], scope: VehicleScope | null): SearchFacets {
  const client = db().$client;
  const categoryNames = new Map(
    (client.prepare("select id, name from categories").all() as { id: number; name: string }[]).map(
      (c) => [c.id, c.name],
    ),
  );
  const ids = JSON.stringify(matches.slice(0, VEHICLE_FACET_PARTS).map((m) => m.id));
  const fitments = client
    .prepare(
      `select distinct pv.part_id as partId, v.brand, v.model, v.year, pv.position
       from part_vehicles pv join vehicles v on v.id = pv.vehicle_id
       where pv.part_id in (select value from json_each(?))`,
    )
    .all(ids) as {
    partId: number;
    brand: string;
    model: string;
    year: number;
    position: string | null;
  }[];
  const inScope = fitments.filter(
    (f) =>
      scope === null ||
      ((scope.brand === null || f.brand === scope.brand) &&
        (scope.models.length === 0 || scope.models.includes(f.model))),
  );
  const perPart = <V extends string | number>(pick: (f: (typeof fitments)[number]) => V | null) => {
    const seen = new Set<string>();
    const values: (V | null)[] = [];
    for (const fitment of inScope) {
      const value = pick(fitment);
      const key = `${fitment.partId}\u0000${value}`;
      if (value === null || seen.has(key)) continue;
      seen.add(key);
      values.push(value);
    }
    return values;
  };
  const years = countBy(perPart((f) => f.year)).sort((a, b) => b.value - a.value);
  return {
    categories: countBy(
      matches.map((m) => m.categoryId),
      (id) => categoryNames.get(id) ?? String(id),
    ),
    manufacturers: countBy(matches.map((m) => m.manufacturer)),
    brands: countBy(perPart((f) => f.brand)),
    models: countBy(perPart((f) => f.model)),
    years: scope?.models.length ? years : [],
    positions: countBy(perPart((f) => f.position)),
  };
}

const EMPTY_FACETS: SearchFacets = {
  categories: [],
  manufacturers: [],
  brands: [],
  models: [],
  years: [],
  positions: [],
};

/** Parts named like the words come first and alone; descriptions are searched only when no name matches. */
const NAME_COLUMNS = "{name category manufacturer}";

function tieredMatches(
  words: readonly PartWord[],
  scope: VehicleScope | null,
  filters: SearchFilters,
): { expression: string | null; matches: Match[] } {
  const anywhere = matchExpression(words);
  if (anywhere === null) return { expression: null, matches: matchingParts(null, scope, filters) };
  const named = `${NAME_COLUMNS} : (${anywhere})`;
  const matches = matchingParts(named, scope, filters);
  if (matches.length > 0) return { expression: named, matches };
  return { expression: anywhere, matches: matchingParts(anywhere, scope, filters) };
}

function countFor(words: readonly PartWord[], scope: VehicleScope | null, filters: SearchFilters) {
  const { expression, matches } = tieredMatches(words, scope, filters);
  return matches.length > MATCH_CAP ? countParts(expression, scope, filters) : matches.length;
}

/** The nearest answers to a search that found nothing, each with how many parts it finds. */
function suggestionsFor(plan: Plan, filters: SearchFilters): Suggestion[] {
  const suggestions: Suggestion[] = [];
  const tried = new Set<string>([plan.tokens.join(" ")]);
  const offer = (kind: Suggestion["kind"], tokens: string[]) => {
    const query = tokens.join(" ").trim();
    if (query === "" || tried.has(query)) return;
    tried.add(query);
    const next = understandQuery(query);
    const total = countFor(next.words, scopeOf(next.understood.vehicle, filters), filters);
    if (total > 0) suggestions.push({ kind, query, total });
  };
  for (const guess of plan.farGuesses) {
    offer(
      "spelling",
      plan.tokens.map((token) => (token === guess.from ? guess.to : token)),
    );
  }
  if (plan.yearToken !== null) {
    offer(
      "without_year",
      plan.tokens.filter((_, index) => index !== plan.yearToken),
    );
  }
  if (plan.engineTokens.length > 0) {
    offer(
      "without_engine",
      plan.tokens.filter((_, index) => !plan.engineTokens.includes(index)),
    );
  }
  if (plan.understood.vehicle) {
    offer(
      "without_vehicle",
      plan.tokens.filter((_, index) => !plan.vehicleTokens.has(index)),
    );
  }
  if (plan.words.length >= 2) {
    for (const word of plan.words) {
      offer(
        "fewer_words",
        plan.tokens.filter((token) => token !== word.typed),
      );
      if (suggestions.some((s) => s.kind === "fewer_words")) break;
    }
  }
  return suggestions;
}

/**
 * A description search: the understood query, a page of parts (fitting the understood vehicle,
 * ranked), the true total, the narrowing choices and, when nothing is found, the nearest answers.
 */
export function searchDescription(
  query: string,
  filters: SearchFilters = {},
  paging: Paging = { page: 1, perPage: DESCRIPTION_PER_PAGE },
): DescriptionPage {
  const plan = understandQuery(query);
  const scope = scopeOf(plan.understood.vehicle, filters);
  const perPage = Math.max(1, paging.perPage);
  const { expression, matches: found } = tieredMatches(plan.words, scope, filters);
  let matches = found;
  const total =
    matches.length > MATCH_CAP ? countParts(expression, scope, filters) : matches.length;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, paging.page), pages);
  const offset = (page - 1) * perPage;
  if (offset + perPage > MATCH_CAP && matches.length > MATCH_CAP)
    matches = matchingParts(expression, scope, filters, offset + perPage);
  const shown = matches.slice(offset, offset + perPage).map((m) => m.id);
  return {
    understood: plan.understood,
    hits: hitsFor(shown, scope !== null && (scope.models.length > 0 || scope.brand !== null)),
    total,
    page,
    perPage,
    pages,
    facets: total > 0 ? facetsOf(matches.slice(0, MATCH_CAP), scope) : EMPTY_FACETS,
    suggestions: total === 0 ? suggestionsFor(plan, filters) : [],
  };
}
