import { db } from "~/utils/db.server";
import type { UnderstoodVehicle } from "./description.types";
import {
  compactKey,
  editDistance,
  typoAllowance,
  foldWord,
  fourDigitYear,
  indexPieces,
  isDisplacement,
  isValves,
  STOPWORDS,
  twoDigitYear,
} from "./words";

/**
 * Which words of a query name a vehicle, with the catalogue's own vehicles as the dictionary:
 * brand, model (multi-word and alphanumeric: "L200 Triton", "CG 160", "T-Cross"), year, engine
 * and fuel. No car list is written in code.
 */

type Model = {
  brand: string;
  model: string;
  key: string;
  first: string;
  years: Set<number>;
  /** Generations by compact key ("g5") with their model years: "gol g5" asks for 2010–2012. */
  generations: Map<string, Set<number>>;
};

export type VehicleDictionary = {
  brands: Map<string, string>;
  modelsByKey: Map<string, Model[]>;
  /** Models of more than one word by their first word: "l200" → L200 Triton, L200 Triton Sport. */
  modelsByFirst: Map<string, Model[]>;
  fuels: Map<string, string>;
  models: Model[];
  /** Every model year of the catalogue: "2008" is Peugeot's model when no vehicle is of 2008. */
  years: Set<number>;
};

let cached: { dictionary: VehicleDictionary; signature: string; database: unknown } | undefined;

/**
 * The newest vehicle and the latest edit, each one index lookup: when either changes (a vehicle
 * added or edited, by any process) the dictionary is read again. A deleted vehicle may linger as
 * a model word until then; it fits no part, so it finds nothing.
 */
function vehiclesSignature(): string {
  const row = db()
    .$client.prepare(
      // Two subqueries: SQLite answers a lone max() from the index end, not a pair of them.
      `select (select max(id) from vehicles) as last,
              (select max(updated_at) from vehicles) as edited`,
    )
    .get() as { last: number | null; edited: number | null };
  return `${row.last}:${row.edited}`;
}

export function vehicleDictionary(): VehicleDictionary {
  const database = db();
  const signature = vehiclesSignature();
  if (cached && cached.database === database && cached.signature === signature)
    return cached.dictionary;
  const client = database.$client;
  const rows = client
    .prepare(
      "select brand, model, year, generation from vehicles group by brand, model, year, generation",
    )
    .all() as { brand: string; model: string; year: number; generation: string | null }[];
  const fuels = client
    .prepare("select distinct fuel from vehicles where fuel is not null")
    .pluck()
    .all() as string[];
  const dictionary: VehicleDictionary = {
    brands: new Map(),
    modelsByKey: new Map(),
    modelsByFirst: new Map(),
    fuels: new Map(fuels.map((fuel) => [compactKey(fuel), fuel])),
    models: [],
    years: new Set(),
  };
  const byName = new Map<string, Model>();
  for (const row of rows) {
    dictionary.brands.set(compactKey(row.brand), row.brand);
    const name = `${row.brand}\u0000${row.model}`;
    let model = byName.get(name);
    if (!model) {
      const pieces = indexPieces(foldWord(row.model));
      model = {
        brand: row.brand,
        model: row.model,
        key: compactKey(row.model),
        first: pieces.length > 1 ? pieces[0]! : "",
        years: new Set(),
        generations: new Map(),
      };
      byName.set(name, model);
      dictionary.models.push(model);
      push(dictionary.modelsByKey, model.key, model);
      if (model.first.length >= 2) push(dictionary.modelsByFirst, model.first, model);
    }
    model.years.add(row.year);
    if (row.generation) {
      const key = compactKey(row.generation);
      if (key) model.generations.set(key, (model.generations.get(key) ?? new Set()).add(row.year));
    }
    dictionary.years.add(row.year);
  }
  cached = { dictionary, signature, database };
  return dictionary;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export type VehicleReading = {
  vehicle: UnderstoodVehicle | null;
  /** Positions of the tokens that named the vehicle; the rest are part words. */
  used: Set<number>;
  /** A model typed with a typo ("corola") and the model it was read as. */
  corrections: { from: string; to: string }[];
  /** Position of the token read as the year. */
  yearIndex: number | null;
  /** Positions of the tokens read as the engine. */
  engineIndexes: number[];
};

type Options = {
  /** A brand written another way ("vw" → volkswagen), from the synonyms. */
  brandAlias: (token: string) => string | undefined;
  /** Whether the catalogue's parts use this word: such a word is a model only beside other vehicle words. */
  isPartWord: (token: string) => boolean;
  /** Whether a misspelt word is nearer a part word: then it is not read as a misspelt model. */
  nearPartWord: (token: string) => boolean;
};

const MAX_MODEL_WORDS = 3;
/** A year range longer than this is read as its first year only. */
const MAX_YEAR_SPAN = 40;

/** Reads the vehicle out of a query's tokens (see `queryTokens`). */
export function readVehicle(
  tokens: readonly string[],
  dictionary: VehicleDictionary,
  options: Options,
): VehicleReading {
  const used = new Set<number>();
  const corrections: VehicleReading["corrections"] = [];
  let brand: string | null = null;
  let models: Model[] = [];

  // Brands first, so "peugeot 2008" reads 2008 as the model and not as a year.
  for (let i = 0; i < tokens.length && brand === null; i++) {
    for (let width = 2; width >= 1; width--) {
      if (i + width > tokens.length) continue;
      const key = compactKey(tokens.slice(i, i + width).join(""));
      const found =
        dictionary.brands.get(key) ??
        (width === 1
          ? dictionary.brands.get(compactKey(options.brandAlias(key) ?? ""))
          : undefined);
      if (found) {
        brand = found;
        for (let k = i; k < i + width; k++) used.add(k);
        break;
      }
    }
  }

  if (brand === null) {
    // A misspelt brand ("volksvagen", "xevrolet", "toyta"): four letters or more, never a part word.
    for (let i = 0; i < tokens.length && brand === null; i++) {
      const token = tokens[i]!;
      if (token.length < 4 || !/^[a-z]+$/.test(token) || options.isPartWord(token)) continue;
      const allowed = typoAllowance(token);
      let best: { brand: string; distance: number } | null = null;
      for (const [key, name] of dictionary.brands) {
        if (key.length < 4) continue;
        const distance = editDistance(token, key, allowed);
        if (distance <= allowed && (best === null || distance < best.distance))
          best = { brand: name, distance };
      }
      if (best && !options.nearPartWord(token)) {
        brand = best.brand;
        used.add(i);
        corrections.push({ from: token, to: best.brand });
      }
    }
  }

  const yearTokens = tokens.filter((t) => fourDigitYear(t) !== null).length;
  const hasOtherEvidence = brand !== null || yearTokens > 0;
  // Every model named ("pastilha gol e onix" asks for either).
  for (let i = 0; i < tokens.length; i++) {
    if (used.has(i)) continue;
    for (let width = Math.min(MAX_MODEL_WORDS, tokens.length - i); width >= 1; width--) {
      const window = tokens.slice(i, i + width);
      if (window.some((_, k) => used.has(i + k))) continue;
      const key = compactKey(window.join(""));
      if (width === 1 && (STOPWORDS.has(key) || key.length < 2)) continue;
      let found = dictionary.modelsByKey.get(key) ?? [];
      if (found.length > 0 && width === 1) {
        // "2008" is a year unless the brand says it is Peugeot's model, or another year is given.
        const asYear = fourDigitYear(key);
        if (
          asYear !== null &&
          dictionary.years.has(asYear) &&
          !(found.some((m) => m.brand === brand) || yearTokens > 1)
        )
          found = [];
        else if (options.isPartWord(key) && !hasOtherEvidence) found = [];
      }
      if (found.length === 0 && width === 1) found = dictionary.modelsByFirst.get(key) ?? [];
      if (found.length > 0) {
        models = [...models, ...found.filter((m) => !models.includes(m))];
        for (let k = i; k < i + width; k++) used.add(k);
        break;
      }
    }
  }
  if (models.length === 0) {
    // A misspelt model of 4 letters or more ("corola", "corrola", "kiks"), never a part word.
    for (let i = 0; i < tokens.length && models.length === 0; i++) {
      const token = tokens[i]!;
      if (used.has(i) || token.length < 4 || !/^[a-z]+$/.test(token) || options.isPartWord(token))
        continue;
      // Model names are few: two slips are forgiven from six letters ("corrola").
      const allowed = token.length >= 6 ? 2 : typoAllowance(token);
      let nearest = allowed + 1;
      for (const m of dictionary.models)
        if (m.key.length >= 4) nearest = Math.min(nearest, editDistance(token, m.key, allowed));
      if (nearest > allowed || options.nearPartWord(token)) continue;
      const near = dictionary.models.filter(
        (m) => m.key.length >= 4 && editDistance(token, m.key, allowed) === nearest,
      );
      if (near.length > 0) {
        models = near;
        used.add(i);
        corrections.push({ from: token, to: near[0]!.model });
      }
    }
  }
  if (brand !== null && models.length > 0) {
    // A brand that contradicts the model ("fiat gol") loses: the model is the surer word.
    const ofBrand = models.filter((m) => m.brand === brand);
    if (ofBrand.length > 0) models = ofBrand;
    else brand = null;
  }

  let year: number | null = null;
  let yearTo: number | null = null;
  let yearIndex: number | null = null;
  // "gol g5": a generation of a model named is the range of its years.
  let generationYears: number[] | null = null;
  for (let i = 0; i < tokens.length && generationYears === null && models.length > 0; i++) {
    if (used.has(i)) continue;
    const key = compactKey(tokens[i]!);
    const years = models.flatMap((m) => [...(m.generations.get(key) ?? [])]);
    if (years.length > 0) {
      generationYears = years;
      used.add(i);
    }
  }
  const named = models.length > 0 || brand !== null;
  const asYear = (token: string | undefined): number | null => {
    if (token === undefined) return null;
    const full = fourDigitYear(token);
    if (full !== null) return full;
    // "gol 15": two digits are a year beside a model (even one not made that year: "sem o ano").
    return named ? twoDigitYear(token) : null;
  };
  for (let i = 0; i < tokens.length && year === null; i++) {
    if (used.has(i)) continue;
    const token = tokens[i]!;
    // "2010-2013", "10/13": a range in one token.
    const [from, to, ...rest] = token.split(/[-/]/);
    if (to !== undefined && rest.length === 0 && asYear(from) !== null && asYear(to) !== null) {
      year = asYear(from);
      yearTo = asYear(to);
    } else {
      year = asYear(token);
    }
    if (year === null) continue;
    yearIndex = i;
    used.add(i);
    // "2010 a 2013", "2010 até 2013", "2015 2020".
    const joined = tokens[i + 1] === "a" || tokens[i + 1] === "ate" ? i + 2 : i + 1;
    if (yearTo === null && !used.has(joined) && asYear(tokens[joined]) !== null) {
      yearTo = asYear(tokens[joined]);
      for (let k = i + 1; k <= joined; k++) used.add(k);
    }
  }
  if (year === null && generationYears !== null) {
    year = Math.min(...generationYears);
    yearTo = Math.max(...generationYears);
  }
  if (year !== null && yearTo !== null) {
    const [low, high] = year <= yearTo ? [year, yearTo] : [yearTo, year];
    year = low;
    yearTo = high > low && high - low <= MAX_YEAR_SPAN ? high : null;
  }

  let engine: string | null = null;
  const engineIndexes: number[] = [];
  const hasVehicle = brand !== null || models.length > 0;
  for (let i = 0; i < tokens.length && engine === null; i++) {
    if (used.has(i)) continue;
    const token = tokens[i]!;
    if (isDisplacement(token)) {
      engine = token;
      used.add(i);
      engineIndexes.push(i);
      const next = tokens[i + 1];
      if (next && isValves(next) && !used.has(i + 1)) {
        engine = `${token} ${next.toUpperCase()}`;
        used.add(i + 1);
        engineIndexes.push(i + 1);
      }
    } else if (isValves(token) && hasVehicle) {
      engine = token.toUpperCase();
      used.add(i);
      engineIndexes.push(i);
    }
  }

  let fuel: string | null = null;
  if (hasVehicle) {
    for (let i = 0; i < tokens.length && fuel === null; i++) {
      const found = used.has(i) ? undefined : dictionary.fuels.get(compactKey(tokens[i]!));
      if (found) {
        fuel = found;
        used.add(i);
      }
    }
  }

  if (!hasVehicle && year === null) {
    // An engine alone names no vehicle: it stays a word of the query.
    return { vehicle: null, used: new Set(), corrections: [], yearIndex: null, engineIndexes: [] };
  }
  const brands = new Set(models.map((m) => m.brand));
  return {
    vehicle: {
      brand: brand ?? (brands.size === 1 ? [...brands][0]! : null),
      models: [...new Set(models.map((m) => m.model))],
      year,
      yearTo,
      engine,
      fuel,
    },
    used,
    corrections,
    yearIndex,
    engineIndexes,
  };
}

/** "Volkswagen Gol 1.6 2015", as the results say what they were narrowed to. */
export function vehicleLabel(vehicle: UnderstoodVehicle): string {
  return [
    vehicle.brand,
    vehicle.models.join(" / ") || null,
    vehicle.engine,
    vehicle.fuel,
    vehicle.year === null
      ? null
      : vehicle.yearTo === null
        ? String(vehicle.year)
        : `${vehicle.year}–${vehicle.yearTo}`,
  ]
    .filter((part): part is string => Boolean(part))
    .join(" ");
}
