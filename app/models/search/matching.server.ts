import { db } from "~/utils/db.server";
import type { SearchFilters, UnderstoodVehicle } from "./description.types";
import { matchExpression, type PartWord } from "./understand.server";
import { vehicleDictionary } from "./vehicle-words.server";
import { compactKey, foldWord } from "./words";

/**
 * Which parts answer a description query, best first (ADR 0032). A part matches when every part
 * word is in its name, category or manufacturer — or, only when no part matches so, somewhere in
 * its description too. Vehicle words narrow to the parts fitting that vehicle, never as text.
 *
 * The descriptions index holds each part's fitting brands and models as keys (parts.fitment_keys),
 * so the words and the vehicle intersect inside the index, however big the catalogue.
 */

/**
 * The fitment conditions of a vehicle (understood or chosen) and a position; with a range of years
 * asked ("2010 a 2013"), any of its years fits.
 */
export type VehicleScope = UnderstoodVehicle & { position: string | null };

export function scopeOf(
  vehicle: UnderstoodVehicle | null,
  filters: SearchFilters,
): VehicleScope | null {
  const scope: VehicleScope = {
    brand: filters.brand ?? vehicle?.brand ?? null,
    models: filters.model ? [filters.model] : (vehicle?.models ?? []),
    year: filters.year ?? vehicle?.year ?? null,
    yearTo: filters.year === undefined ? (vehicle?.yearTo ?? null) : null,
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

/** Whether a scope names a vehicle (and not only a position): its parts are shown as fitting. */
export function namesVehicle(scope: VehicleScope | null): boolean {
  return scope !== null && (scope.models.length > 0 || scope.brand !== null || scope.year !== null);
}

/** Candidates read from the index before ranking; past it the total is a lower bound. */
export const CANDIDATE_CAP = 250;

/** "m" + brand + model, one word as parts.fitment_keys holds it (migration 0010). */
export function modelKey(brand: string, model: string): string {
  return `m${compactKey(brand)}${compactKey(model)}`;
}

export function brandKey(brand: string): string {
  return `b${compactKey(brand)}`;
}

/**
 * The fitment keys a scope stands for: its models (else its brand), each with the year when one
 * is asked ("mvolkswagengoly2015"), or the year alone ("y2015"). Null when it names none of them.
 */
function scopeKeys(scope: VehicleScope): string[] | null {
  const years: string[] = [];
  if (scope.year !== null)
    for (let y = scope.year; y <= (scope.yearTo ?? scope.year); y++) years.push(`y${y}`);
  const withYears = (key: string) => (years.length > 0 ? years.map((y) => `${key}${y}`) : [key]);
  if (scope.models.length > 0) {
    const pairs = vehicleDictionary().models.filter(
      (m) => scope.models.includes(m.model) && (scope.brand === null || m.brand === scope.brand),
    );
    // A model the catalogue does not know (a stale URL) matches nothing.
    if (pairs.length === 0) return ["mnenhum"];
    return pairs.flatMap((m) => withYears(modelKey(m.brand, m.model)));
  }
  if (scope.brand !== null) return withYears(brandKey(scope.brand));
  return years.length > 0 ? years : null;
}

/**
 * What the fitment keys cannot say, checked per candidate on its own fitments: the engine, the
 * fuel and the position, on a fitment of the vehicle (and year) asked.
 */
function fitmentCheck(scope: VehicleScope): { sql: string; params: unknown[] } | null {
  if (scope.engine === null && scope.fuel === null && scope.position === null) return null;
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
  if (scope.year !== null) {
    const last = scope.yearTo ?? scope.year;
    where.push(
      "(v.year between ? and ? or (pv.year_from is not null and pv.year_to is not null and pv.year_from <= ? and pv.year_to >= ?))",
    );
    params.push(scope.year, last, last, scope.year);
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
  return {
    sql: `exists (select 1 from part_vehicles pv join vehicles v on v.id = pv.vehicle_id
           where pv.part_id = p.id and ${where.join(" and ")})`,
    params,
  };
}

/** A part as the matcher reads it. */
export type Candidate = {
  id: number;
  name: string;
  category: string | null;
  categoryId: number | null;
  manufacturer: string;
  description?: string | null;
};

const candidateColumns = `p.id, p.name, c.name as category, p.category_id as categoryId, p.manufacturer`;

function partFilters(filters: SearchFilters): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.categoryId !== undefined) {
    where.push("p.category_id = ?");
    params.push(filters.categoryId);
  }
  if (filters.manufacturer !== undefined) {
    where.push("p.manufacturer = ?");
    params.push(filters.manufacturer);
  }
  return { where, params };
}

/** The words of a text as the descriptions index splits them. */
function textWords(text: string | null | undefined): string[] {
  return text
    ? foldWord(text)
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
    : [];
}

function holdsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let k = 0; k < phrase.length; k++) if (words[i + k] !== phrase[k]) continue outer;
    return true;
  }
  return false;
}

/** Name over category over manufacturer over description (issue #25 part 3). */
const FIELD_WEIGHTS = { name: 8, category: 4, manufacturer: 2, description: 1 } as const;
type Field = keyof typeof FIELD_WEIGHTS;

function wordWeight(word: PartWord, fields: Partial<Record<Field, string[]>>): number {
  let best = 0;
  for (const [field, words] of Object.entries(fields) as [Field, string[]][]) {
    const weight = FIELD_WEIGHTS[field];
    if (weight <= best) continue;
    const found =
      word.alternatives.some((phrase) => holdsPhrase(words, phrase)) ||
      (word.prefix && words.some((w) => w.startsWith(word.typed)));
    if (found) best = weight;
  }
  return best;
}

/** How well a part answers the words (0: it does not); `withDescription` also reads its description. */
function score(words: readonly PartWord[], part: Candidate, withDescription: boolean): number {
  const fields: Partial<Record<Field, string[]>> = {
    name: textWords(part.name),
    category: textWords(part.category),
    manufacturer: textWords(part.manufacturer),
  };
  if (withDescription) fields.description = textWords(part.description);
  let total = 0;
  for (const word of words) {
    const weight = wordWeight(word, fields);
    if (weight === 0) return 0;
    total += weight;
  }
  return total;
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** Best first: score, then the shorter name (the closer to the words), then name and id. */
function ranked(scored: { part: Candidate; score: number }[]): Candidate[] {
  return scored
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.part.name.length - b.part.name.length ||
        collator.compare(a.part.name, b.part.name) ||
        a.part.id - b.part.id,
    )
    .map((entry) => entry.part);
}

/** Parts without part words (only a vehicle): by category, then name. */
function byCategory(parts: Candidate[]): Candidate[] {
  return parts.sort(
    (a, b) =>
      collator.compare(a.category ?? "\uffff", b.category ?? "\uffff") ||
      collator.compare(a.name, b.name) ||
      a.id - b.id,
  );
}

export type Matches = { parts: Candidate[]; total: number; totalIsLowerBound: boolean };

const NAMED = "{name category manufacturer}";

/**
 * Every part answering the words within the scope and filters, best first: the descriptions index
 * intersects the words with the fitment keys of the vehicle, the year and the rest are checked on
 * the candidates' own fitments, and the candidates are ranked here.
 */
export function findMatches(
  words: readonly PartWord[],
  scope: VehicleScope | null,
  filters: SearchFilters,
): Matches {
  const expression = matchExpression(words);
  if (expression === null && scope === null)
    return { parts: [], total: 0, totalIsLowerBound: false };
  const client = db().$client;
  const where: string[] = [];
  const params: unknown[] = [];
  const own = partFilters(filters);
  where.push(...own.where);
  params.push(...own.params);
  const check = scope ? fitmentCheck(scope) : null;
  if (check) {
    where.push(check.sql);
    params.push(...check.params);
  }
  const keys = scope ? scopeKeys(scope) : null;
  const vehicleTerm = keys ? `fitment_keys : (${keys.map((k) => `"${k}"`).join(" OR ")})` : null;
  const conditions = where.map((w) => ` and ${w}`).join("");

  const read = (text: string | null): Candidate[] => {
    const match = [text, vehicleTerm].filter(Boolean).join(" AND ");
    if (match === "") {
      return client
        .prepare(
          `select ${candidateColumns} from parts p left join categories c on c.id = p.category_id
           where 1 = 1${conditions} order by p.id limit ?`,
        )
        .all(...params, CANDIDATE_CAP + 1) as Candidate[];
    }
    return client
      .prepare(
        `select ${candidateColumns} from parts_fts f join parts p on p.id = f.rowid
         left join categories c on c.id = p.category_id
         where parts_fts match ?${conditions} limit ?`,
      )
      .all(match, ...params, CANDIDATE_CAP + 1) as Candidate[];
  };

  if (expression === null) return capped(byCategory(read(null)));
  // Words in part names decide; words found only in descriptions ("aplicação", "nova") are then
  // left out, and searched in descriptions only when the query has no name word at all.
  const nameWords = words.filter((word) => word.strength === "name");
  if (nameWords.length > 0) {
    const named = read(`${NAMED} : (${matchExpression(nameWords)})`);
    return capped(ranked(scoredAll(nameWords, named, false)));
  }
  const described = read(`{name category description manufacturer} : (${expression})`);
  return capped(ranked(scoredAll(words, withDescriptions(described), true)));
}

/** The index matched every candidate already: scoring orders them and drops none. */
function scoredAll(words: readonly PartWord[], parts: Candidate[], withDescription: boolean) {
  return parts.map((part) => ({ part, score: Math.max(1, score(words, part, withDescription)) }));
}

function withDescriptions(parts: Candidate[]): Candidate[] {
  if (parts.length === 0) return parts;
  const descriptions = new Map(
    (
      db()
        .$client.prepare(
          "select id, description from parts where id in (select value from json_each(?))",
        )
        .all(JSON.stringify(parts.map((p) => p.id))) as { id: number; description: string | null }[]
    ).map((row) => [row.id, row.description]),
  );
  return parts.map((part) => ({ ...part, description: descriptions.get(part.id) ?? null }));
}

function capped(parts: Candidate[]): Matches {
  const over = parts.length > CANDIDATE_CAP;
  return {
    parts: over ? parts.slice(0, CANDIDATE_CAP) : parts,
    total: over ? CANDIDATE_CAP : parts.length,
    totalIsLowerBound: over,
  };
}
