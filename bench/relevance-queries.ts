// The judged query set of the relevance bench (ADR 0034): description queries built from a
// catalogue's own part names and fitments with a seeded PRNG, and the ground truth they are judged
// by, computed from plain SQL and the part names — never by the search engine under test.
//
// A part is a right answer to a query when its name holds every intended part word (folded: lower
// case, no accents, singular, "dianteira" = "dianteiro") and, when the query names a vehicle, one
// of its fitments is to that model (or a model of its family: "L200 Triton" → "L200 Triton Sport")
// in that year (the vehicle's year, or the year inside the fitment's year_from–year_to), with that
// engine (prefix) and brand when the query names them; and of that manufacturer when it names one.

import { mulberry32 } from "../db/seed-data/catalogue";
import type Database from "better-sqlite3";

export const QUERY_KINDS = [
  "plain",
  "no_accents",
  "plural",
  "typo1",
  "typo2",
  "brand",
  "engine",
  "uppercase",
  "abbreviation",
  "manufacturer",
  "year2",
  "model_words",
  "part_only",
  "brand_abbrev",
  "vehicle_first",
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export const KIND_LABELS: Record<QueryKind, string> = {
  plain: 'part + model + year ("pastilha freio gol 2015")',
  no_accents: 'without accents ("vela ignicao")',
  plural: 'plural ("pastilhas")',
  typo1: 'one typo ("pastilah")',
  typo2: 'two typos in a long word ("amortceedr")',
  brand: 'vehicle brand ("volkswagen polo 2019")',
  engine: 'engine ("hb20 1.0")',
  uppercase: 'upper case ("PASTILHA FREIO GOL")',
  abbreviation: 'shop abbreviation ("amort diant")',
  manufacturer: 'part manufacturer ("filtro oleo fram argo")',
  year2: 'two-digit year ("gol 15")',
  model_words: 'multi-word/alphanumeric model ("l200 triton", "cg 160")',
  part_only: "part words only (no vehicle)",
  brand_abbrev: 'brand abbreviation ("vw gol")',
  vehicle_first: 'vehicle before the part ("gol 2015 pastilha freio")',
};

export type QueryVehicle = {
  brand: string | null;
  model: string;
  year: number | null;
  engine: string | null;
};

export type JudgedQuery = {
  kind: QueryKind;
  query: string;
  /** The part words meant, as the part's name spells them (before any typo, plural, abbreviation). */
  partWords: string[];
  vehicle: QueryVehicle | null;
  manufacturer: string | null;
  /** The part the query was built from: always one right answer. */
  sourcePartId: number;
};

/** The demo seed's own PRNG (mulberry32): one copy for deterministic picks. */
export const seededRandom = mulberry32;

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];
const chance = (random: Random, p: number) => random() < p;

// ---------------------------------------------------------------------------------------------
// Words: folding and stems, for the ground truth.

const STOPWORDS = new Set([
  "de",
  "do",
  "da",
  "dos",
  "das",
  "e",
  "com",
  "sem",
  "para",
  "em",
  "o",
  "a",
]);

export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words of a name as written (lower case, accents kept), without stop words and letters. */
export function contentWords(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !STOPWORDS.has(fold(word)));
}

/**
 * Singular and gender-free stem of a folded word: "amortecedores" → "amortecedor", "ignicoes" →
 * "ignica", "dianteira"/"dianteiro" → "dianteir", "terminais" → "terminal", "coxins" → "coxim".
 */
export function stem(word: string): string {
  let w = fold(word);
  if (w.length > 3) {
    if (w.endsWith("oes") || w.endsWith("aes")) w = `${w.slice(0, -3)}ao`;
    else if (w.endsWith("ais") || w.endsWith("eis") || w.endsWith("ois")) w = `${w.slice(0, -2)}l`;
    else if (w.endsWith("ns")) w = `${w.slice(0, -2)}m`;
    else if (/[rz]es$/.test(w)) w = w.slice(0, -2);
    else if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  }
  if (w.length > 4 && /[ao]$/.test(w)) w = w.slice(0, -1);
  return w;
}

const nameStemsCache = new Map<string, Set<string>>();
export function nameStems(name: string): Set<string> {
  let stems = nameStemsCache.get(name);
  if (!stems) {
    stems = new Set(contentWords(name).map(stem));
    nameStemsCache.set(name, stems);
  }
  return stems;
}

export function nameHoldsWords(name: string, partWords: readonly string[]): boolean {
  const stems = nameStems(name);
  return partWords.every((word) => stems.has(stem(word)));
}

// ---------------------------------------------------------------------------------------------
// Word variations.

const PORTUGUESE_LETTERS = [..."abcdefghijlmnopqrstuvz"];

/** Portuguese plural of a singular word, keeping its accents where the plural keeps them. */
export function pluralOf(word: string): string {
  if (/ão$/.test(word)) return `${word.slice(0, -2)}ões`;
  if (/ao$/.test(word)) return `${word.slice(0, -2)}oes`;
  if (/[aeiouáéíóúâêô]$/.test(word)) return `${word}s`;
  if (/[rz]$/.test(word)) return `${word}es`;
  if (/[aeo]l$/.test(word)) return `${word.slice(0, -1)}is`;
  if (/[íi]vel$/.test(word)) return `${word.slice(0, -3)}veis`;
  if (/m$/.test(word)) return `${word.slice(0, -1)}ns`;
  return word;
}

type Edit = "transpose" | "delete" | "substitute";

/** One edit at a position ≥ 1 (the first letter is kept, as people rarely miss it). */
function applyEdit(word: string, edit: Edit, at: number, random: Random): string {
  if (edit === "transpose")
    return `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
  if (edit === "delete") return `${word.slice(0, at)}${word.slice(at + 1)}`;
  let letter = pick(random, PORTUGUESE_LETTERS);
  while (letter === word[at]) letter = pick(random, PORTUGUESE_LETTERS);
  return `${word.slice(0, at)}${letter}${word.slice(at + 1)}`;
}

/** `count` edits (transposition, deletion, substitution) at positions at least 2 apart. */
export function misspell(word: string, count: 1 | 2, random: Random): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const positions: number[] = [];
    while (positions.length < count) {
      const at = 1 + Math.floor(random() * (word.length - 2));
      if (positions.every((other) => Math.abs(other - at) >= 2)) positions.push(at);
      else if (word.length < 6) break;
    }
    if (positions.length < count) continue;
    // Edit from the end so earlier positions stay valid.
    let result = word;
    for (const at of positions.sort((a, b) => b - a)) {
      const edit = pick(random, ["transpose", "delete", "substitute"] as const);
      if (edit === "transpose" && result[at] === result[at + 1]) continue;
      result = applyEdit(result, edit, at, random);
    }
    if (result !== word) return result;
  }
  return word;
}

// ---------------------------------------------------------------------------------------------
// The catalogue as the generator reads it.

type PartRow = { id: number; name: string; manufacturer: string };
type FitmentRow = {
  brand: string;
  model: string;
  year: number;
  engine: string | null;
  yearFrom: number | null;
  yearTo: number | null;
};

class Catalogue {
  private readonly partById;
  private readonly partAfter;
  private readonly fitmentsOf;
  private readonly vehiclesOfModel;
  private readonly vehiclesOfBrand;
  private readonly fitmentOfVehicle;
  private readonly vehicleById;
  readonly minPartId: number;
  readonly maxPartId: number;
  /** Folded words of every distinct part name: a typo must not land on another real word. */
  readonly vocabulary: Set<string>;
  readonly models: string[];
  readonly brands: string[];
  /** Synonym term → folded meanings, from search_synonyms. */
  readonly synonyms: { term: string; meaning: string }[];

  constructor(client: Database.Database) {
    this.partById = client.prepare<[number], PartRow>(
      "select id, name, manufacturer from parts where id = ?",
    );
    this.partAfter = client.prepare<[number], PartRow>(
      "select id, name, manufacturer from parts where id >= ? order by id limit 1",
    );
    this.fitmentsOf = client.prepare<[number], FitmentRow>(
      `select v.brand, v.model, v.year, v.engine, pv.year_from as yearFrom, pv.year_to as yearTo
       from part_vehicles pv
       join vehicles v on v.id = pv.vehicle_id where pv.part_id = ? order by pv.id limit 200`,
    );
    this.vehiclesOfModel = client.prepare<[string], { id: number }>(
      "select id from vehicles where model = ? order by id",
    );
    this.vehiclesOfBrand = client.prepare<[string], { id: number }>(
      "select id from vehicles where brand = ? order by id",
    );
    this.fitmentOfVehicle = client.prepare<
      [number],
      { partId: number; yearFrom: number | null; yearTo: number | null }
    >(
      `select part_id as partId, year_from as yearFrom, year_to as yearTo from part_vehicles
       where vehicle_id = ? order by id limit 50`,
    );
    this.vehicleById = client.prepare<
      [number],
      { brand: string; model: string; year: number; engine: string | null }
    >("select brand, model, year, engine from vehicles where id = ?");
    const range = client.prepare("select min(id) as lo, max(id) as hi from parts").get() as {
      lo: number;
      hi: number;
    };
    this.minPartId = range.lo;
    this.maxPartId = range.hi;
    this.vocabulary = new Set();
    for (const { name } of client.prepare("select distinct name from parts").all() as {
      name: string;
    }[])
      for (const word of contentWords(name)) this.vocabulary.add(fold(word));
    this.models = (
      client.prepare("select distinct model from vehicles order by model").all() as {
        model: string;
      }[]
    ).map((row) => row.model);
    this.brands = (
      client.prepare("select distinct brand from vehicles order by brand").all() as {
        brand: string;
      }[]
    ).map((row) => row.brand);
    this.synonyms = (
      client.prepare("select term, meaning from search_synonyms order by term, meaning").all() as {
        term: string;
        meaning: string;
      }[]
    ).map(({ term, meaning }) => ({ term: fold(term), meaning: fold(meaning) }));
  }

  randomPart(random: Random): PartRow | undefined {
    const id = this.minPartId + Math.floor(random() * (this.maxPartId - this.minPartId + 1));
    return this.partAfter.get(id);
  }

  part(id: number): PartRow | undefined {
    return this.partById.get(id);
  }

  fitments(partId: number): FitmentRow[] {
    return this.fitmentsOf.all(partId);
  }

  /** A part fitting a vehicle of `model` (or `brand`), and that fitment. */
  randomFitmentOf(
    random: Random,
    by: { model: string } | { brand: string },
  ): { part: PartRow; fitment: FitmentRow } | undefined {
    const vehicles =
      "model" in by ? this.vehiclesOfModel.all(by.model) : this.vehiclesOfBrand.all(by.brand);
    for (let attempt = 0; attempt < 10 && vehicles.length; attempt++) {
      const vehicle = pick(random, vehicles);
      const fitted = this.fitmentOfVehicle.all(vehicle.id);
      if (!fitted.length) continue;
      const { partId, yearFrom, yearTo } = pick(random, fitted);
      const part = this.part(partId);
      const row = this.vehicleById.get(vehicle.id);
      if (part && row) return { part, fitment: { ...row, yearFrom, yearTo } };
    }
    return undefined;
  }

  /**
   * Shorter words a shop types for `word`, from search_synonyms (its meaning has the word's stem):
   * "amort", "diant", "fltr" — not the plural or gender variants, nor words of the catalogue.
   */
  abbreviationsOf(word: string): string[] {
    const wordStem = stem(word);
    const brands = new Set(this.brands.map(fold));
    return this.synonyms
      .filter(
        ({ term, meaning }) =>
          stem(meaning) === wordStem &&
          stem(term) !== wordStem &&
          term.length < fold(word).length &&
          !brands.has(meaning) &&
          !this.vocabulary.has(term),
      )
      .map(({ term }) => term);
  }

  /** Brand abbreviations in search_synonyms ("vw" → Volkswagen), by the brand as stored. */
  brandAbbreviations(): Map<string, string[]> {
    const byFolded = new Map(this.brands.map((brand) => [fold(brand), brand]));
    const result = new Map<string, string[]>();
    for (const { term, meaning } of this.synonyms) {
      const brand = byFolded.get(meaning);
      if (!brand || fold(brand) === term) continue;
      result.set(brand, [...(result.get(brand) ?? []), term]);
    }
    return result;
  }
}

// ---------------------------------------------------------------------------------------------
// Generation.

/** Models a mechanic types as more than one plain word: spaces, digits, hyphens. */
export function isCompoundModel(model: string): boolean {
  return /[\s\d-]/.test(model);
}

/** "2008", "3008": a model that reads as a year is named with a year beside it, or not at all. */
function yearLike(model: string): boolean {
  return /^(19|20)\d\d$/.test(model);
}

/** The name's first `count` content words with the little words between them ("filtro de óleo"). */
function namePrefix(name: string, count: number): string[] | undefined {
  const tokens = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (tokens.some((token) => token.length === 1)) return undefined;
  const typed: string[] = [];
  let content = 0;
  for (const token of tokens) {
    if (content === count) break;
    typed.push(token);
    if (!STOPWORDS.has(fold(token))) content++;
  }
  return typed.length > count ? typed : undefined;
}

function chooseWords(name: string, random: Random): string[] {
  const words = contentWords(name).filter((word) => !/^\d+$/.test(word));
  if (words.length <= 1) return words;
  const count = words.length >= 3 && chance(random, 0.3) ? 3 : 2;
  return words.slice(0, count);
}

/** How the model is typed: mostly lower case, sometimes as stored. */
function typedModel(model: string, random: Random): string {
  return chance(random, 0.7) ? model.toLowerCase() : model;
}

type Draft = {
  words: string[];
  vehicleWords: string[];
  vehicle: QueryVehicle | null;
  manufacturer: string | null;
  /** The typed words, before joining (may differ from `words`). */
  typed: string[];
};

const ENGINE_DISPLACEMENT = /^\d\.\d$/;

/** Builds one query of `kind`, or undefined when this draw does not suit the kind. */
function draft(
  kind: QueryKind,
  catalogue: Catalogue,
  random: Random,
  turn: number,
): { draft: Draft; sourcePartId: number } | undefined {
  let part: PartRow | undefined;
  let fitment: FitmentRow | undefined;
  if (kind === "model_words") {
    const models = catalogue.models.filter(isCompoundModel);
    if (!models.length) return undefined;
    const found = catalogue.randomFitmentOf(random, { model: models[turn % models.length] });
    if (!found) return undefined;
    ({ part, fitment } = found);
  } else if (kind === "brand_abbrev") {
    const abbreviations = [...catalogue.brandAbbreviations().entries()];
    if (!abbreviations.length) return undefined;
    const [brand] = abbreviations[turn % abbreviations.length];
    const found = catalogue.randomFitmentOf(random, { brand });
    if (!found) return undefined;
    ({ part, fitment } = found);
  } else {
    part = catalogue.randomPart(random);
    if (!part) return undefined;
    if (kind !== "part_only") {
      let fitments = catalogue.fitments(part.id);
      if (kind === "engine")
        fitments = fitments.filter((f) => ENGINE_DISPLACEMENT.test(f.engine?.split(" ")[0] ?? ""));
      if (kind === "year2") fitments = fitments.filter((f) => !/\d/.test(f.model));
      if (!fitments.length) return undefined;
      fitment = pick(random, fitments);
    }
  }

  // Half the time the year is another one inside the fitment's range, not the vehicle's own.
  if (fitment && fitment.yearFrom !== null && fitment.yearTo !== null && chance(random, 0.5))
    fitment = {
      ...fitment,
      year: fitment.yearFrom + Math.floor(random() * (fitment.yearTo - fitment.yearFrom + 1)),
    };

  const words = chooseWords(part.name, random);
  if (!words.length) return undefined;
  let typed = [...words];
  const vehicleWords: string[] = [];
  let vehicle: QueryVehicle | null = null;
  let manufacturer: string | null = null;

  const withYear = (year: number) => {
    vehicle = { brand: null, model: fitment!.model, year, engine: null };
  };

  switch (kind) {
    case "plain":
      // "filtro de óleo", as people often type the name itself.
      if (chance(random, 0.35)) typed = namePrefix(part.name, words.length) ?? typed;
      withYear(fitment!.year);
      vehicleWords.push(typedModel(fitment!.model, random), String(fitment!.year));
      break;
    case "vehicle_first":
    case "uppercase":
      withYear(fitment!.year);
      vehicleWords.push(typedModel(fitment!.model, random), String(fitment!.year));
      break;
    case "no_accents": {
      if (!words.some((word) => fold(word) !== word)) return undefined;
      typed = words.map(fold);
      withYear(fitment!.year);
      vehicleWords.push(fold(fitment!.model.toLowerCase()), String(fitment!.year));
      break;
    }
    case "plural": {
      typed = words.map((word, index) =>
        index === 0 || chance(random, 0.5) ? pluralOf(word) : word,
      );
      if (typed[0] === words[0]) return undefined;
      withYear(fitment!.year);
      vehicleWords.push(typedModel(fitment!.model, random), String(fitment!.year));
      break;
    }
    case "typo1":
    case "typo2": {
      const minimum = kind === "typo1" ? 5 : 9;
      const candidates = words
        .map((word, index) => ({ word: fold(word), index }))
        .filter(({ word }) => word.length >= minimum && /^\p{L}+$/u.test(word));
      if (!candidates.length) return undefined;
      const { word, index } = pick(random, candidates);
      const wrong = misspell(word, kind === "typo1" ? 1 : 2, random);
      if (wrong === word || catalogue.vocabulary.has(wrong)) return undefined;
      typed = words.map((w, i) => (i === index ? wrong : chance(random, 0.5) ? fold(w) : w));
      withYear(fitment!.year);
      vehicleWords.push(typedModel(fitment!.model, random), String(fitment!.year));
      break;
    }
    case "brand": {
      vehicle = { brand: fitment!.brand, model: fitment!.model, year: fitment!.year, engine: null };
      const brand = chance(random, 0.6) ? fitment!.brand.toLowerCase() : fitment!.brand;
      vehicleWords.push(brand, typedModel(fitment!.model, random), String(fitment!.year));
      break;
    }
    case "engine": {
      const [displacement, valves] = (fitment!.engine ?? "").split(" ");
      const engine =
        valves && /^\d+v$/i.test(valves) && chance(random, 0.3)
          ? `${displacement} ${valves.toLowerCase()}`
          : displacement;
      const year = chance(random, 0.5) || yearLike(fitment!.model) ? fitment!.year : null;
      vehicle = { brand: null, model: fitment!.model, year, engine };
      vehicleWords.push(typedModel(fitment!.model, random), engine);
      if (year !== null) vehicleWords.push(String(year));
      break;
    }
    case "abbreviation": {
      // Any word of the name may carry the abbreviation ("pastilha freio diant").
      const all = contentWords(part.name).filter((word) => !/^\d+$/.test(word));
      let chosen = words;
      if (!chosen.some((word) => catalogue.abbreviationsOf(word).length)) {
        const extra = all.find((word) => catalogue.abbreviationsOf(word).length);
        if (!extra) return undefined;
        chosen = [...words, extra].filter((w, i, list) => list.indexOf(w) === i);
      }
      const abbreviable = chosen
        .map((word, index) => ({ index, terms: catalogue.abbreviationsOf(word) }))
        .filter(({ terms }) => terms.length);
      const forced = pick(random, abbreviable).index;
      typed = chosen.map((word, index) => {
        const terms = catalogue.abbreviationsOf(word);
        return terms.length && (index === forced || chance(random, 0.6))
          ? pick(random, terms)
          : fold(word);
      });
      words.splice(0, words.length, ...chosen);
      withYear(fitment!.year);
      vehicleWords.push(typedModel(fitment!.model, random), String(fitment!.year));
      break;
    }
    case "manufacturer": {
      if (yearLike(fitment!.model)) return undefined;
      manufacturer = part.manufacturer;
      if (chance(random, 0.5)) typed = words.map(fold);
      vehicle = { brand: null, model: fitment!.model, year: null, engine: null };
      vehicleWords.push(part.manufacturer.toLowerCase(), typedModel(fitment!.model, random));
      break;
    }
    case "year2":
      withYear(fitment!.year);
      vehicleWords.push(
        typedModel(fitment!.model, random),
        String(fitment!.year % 100).padStart(2, "0"),
      );
      break;
    case "model_words": {
      const year = chance(random, 0.6) || yearLike(fitment!.model) ? fitment!.year : null;
      vehicle = { brand: null, model: fitment!.model, year, engine: null };
      vehicleWords.push(typedModel(fitment!.model, random));
      if (year !== null) vehicleWords.push(String(year));
      break;
    }
    case "brand_abbrev": {
      const terms = catalogue.brandAbbreviations().get(fitment!.brand) ?? [];
      if (!terms.length) return undefined;
      vehicle = { brand: fitment!.brand, model: fitment!.model, year: fitment!.year, engine: null };
      vehicleWords.push(
        pick(random, terms),
        typedModel(fitment!.model, random),
        String(fitment!.year),
      );
      break;
    }
    case "part_only":
      break;
  }
  return { draft: { words, typed, vehicleWords, vehicle, manufacturer }, sourcePartId: part.id };
}

/**
 * `perKind` queries of each kind (fewer only when the catalogue cannot make them), the same for
 * the same catalogue and seed.
 */
export function generateQueries(
  client: Database.Database,
  options: { seed: number; perKind: number; kinds?: readonly QueryKind[] },
): JudgedQuery[] {
  const catalogue = new Catalogue(client);
  const random = seededRandom(options.seed);
  const seen = new Set<string>();
  const queries: JudgedQuery[] = [];
  // The same part words at most this often per kind: the demo has 47 oil filters and 1 starter.
  const sameWordsCap = Math.max(2, Math.ceil(options.perKind / 5));
  for (const kind of options.kinds ?? QUERY_KINDS) {
    let made = 0;
    const wordsUsed = new Map<string, number>();
    for (let turn = 0; made < options.perKind && turn < options.perKind * 60; turn++) {
      const result = draft(kind, catalogue, random, turn);
      if (!result) continue;
      const { draft: d, sourcePartId } = result;
      const wordsKey = d.words.map(stem).join(" ");
      if ((wordsUsed.get(wordsKey) ?? 0) >= sameWordsCap) continue;
      let query = (
        kind === "vehicle_first" ? [...d.vehicleWords, ...d.typed] : [...d.typed, ...d.vehicleWords]
      ).join(" ");
      if (kind === "uppercase") query = query.toUpperCase();
      if (seen.has(fold(query))) continue;
      seen.add(fold(query));
      wordsUsed.set(wordsKey, (wordsUsed.get(wordsKey) ?? 0) + 1);
      queries.push({
        kind,
        query,
        partWords: d.words,
        vehicle: d.vehicle,
        manufacturer: d.manufacturer,
        sourcePartId,
      });
      made++;
    }
  }
  return queries;
}

// ---------------------------------------------------------------------------------------------
// Ground truth.

const fitsSql = `select 1 from part_vehicles pv join vehicles v on v.id = pv.vehicle_id
  where pv.part_id = @partId
    and (v.model = @model or v.model like @model || ' %')
    and (@year is null or v.year = @year or @year between pv.year_from and pv.year_to)
    and (@engine is null or lower(v.engine) like lower(@engine) || '%')
    and (@brand is null or v.brand = @brand)
  limit 1`;

const rightSql = `select distinct pv.part_id as id from part_vehicles pv
  join vehicles v on v.id = pv.vehicle_id
  where (v.model = @model or v.model like @model || ' %')
    and (@year is null or v.year = @year or @year between pv.year_from and pv.year_to)
    and (@engine is null or lower(v.engine) like lower(@engine) || '%')
    and (@brand is null or v.brand = @brand)`;

/** Judges parts against queries on one catalogue. */
export class Judge {
  private readonly fits;
  private readonly fittingParts;
  private readonly partRow;
  private allParts: PartRow[] | undefined;

  constructor(private readonly client: Database.Database) {
    this.fits = client.prepare(fitsSql);
    this.fittingParts = client.prepare(rightSql);
    this.partRow = client.prepare<[number], PartRow>(
      "select id, name, manufacturer from parts where id = ?",
    );
  }

  private vehicleParams(query: JudgedQuery) {
    const v = query.vehicle!;
    return { model: v.model, year: v.year, engine: v.engine, brand: v.brand };
  }

  /** Whether one part is a right answer (for a large catalogue, where listing them all is costly). */
  isRight(query: JudgedQuery, partId: number): boolean {
    const part = this.partRow.get(partId);
    if (!part || !nameHoldsWords(part.name, query.partWords)) return false;
    if (query.manufacturer && fold(part.manufacturer) !== fold(query.manufacturer)) return false;
    if (!query.vehicle) return true;
    return this.fits.get({ partId, ...this.vehicleParams(query) }) !== undefined;
  }

  /** Every right answer's id (reads all parts once: for the demo catalogue's size). */
  rightParts(query: JudgedQuery): Set<number> {
    this.allParts ??= this.client
      .prepare("select id, name, manufacturer from parts order by id")
      .all() as PartRow[];
    const fitting = query.vehicle
      ? new Set(
          (this.fittingParts.all(this.vehicleParams(query)) as { id: number }[]).map((r) => r.id),
        )
      : null;
    const right = new Set<number>();
    for (const part of this.allParts) {
      if (fitting && !fitting.has(part.id)) continue;
      if (query.manufacturer && fold(part.manufacturer) !== fold(query.manufacturer)) continue;
      if (nameHoldsWords(part.name, query.partWords)) right.add(part.id);
    }
    return right;
  }

  /** "Pastilha de Freio Dianteira (Cobreq)" — for reports. */
  describe(partId: number): string {
    const part = this.partRow.get(partId);
    return part ? `${part.name} (${part.manufacturer}) #${part.id}` : `#${partId}`;
  }
}
