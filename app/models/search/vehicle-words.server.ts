import { db } from "~/utils/db.server";
import type { UnderstoodVehicle } from "./description.types";
import {
  compactKey,
  editDistance,
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

type Model = { brand: string; model: string; key: string; first: string; years: Set<number> };

export type VehicleDictionary = {
  brands: Map<string, string>;
  modelsByKey: Map<string, Model[]>;
  /** Models of more than one word by their first word: "l200" → L200 Triton, L200 Triton Sport. */
  modelsByFirst: Map<string, Model[]>;
  fuels: Map<string, string>;
  models: Model[];
};

let cached: { dictionary: VehicleDictionary; signature: string; database: unknown } | undefined;

/**
 * The vehicles' count, newest id and latest edit, read from indexes: when any changes (a vehicle
 * added, deleted or renamed, by any process) the dictionary is read again.
 */
function vehiclesSignature(): string {
  const row = db()
    .$client.prepare(
      "select count(*) as n, max(id) as last, max(updated_at) as edited from vehicles",
    )
    .get() as { n: number; last: number | null; edited: number | null };
  return `${row.n}:${row.last}:${row.edited}`;
}

export function vehicleDictionary(): VehicleDictionary {
  const database = db();
  const signature = vehiclesSignature();
  if (cached && cached.database === database && cached.signature === signature)
    return cached.dictionary;
  const client = database.$client;
  const rows = client
    .prepare("select brand, model, year from vehicles group by brand, model, year")
    .all() as { brand: string; model: string; year: number }[];
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
      };
      byName.set(name, model);
      dictionary.models.push(model);
      push(dictionary.modelsByKey, model.key, model);
      if (model.first.length >= 2) push(dictionary.modelsByFirst, model.first, model);
    }
    model.years.add(row.year);
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
};

const MAX_MODEL_WORDS = 3;

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

  const yearTokens = tokens.filter((t) => fourDigitYear(t) !== null).length;
  const hasOtherEvidence = brand !== null || yearTokens > 0;
  for (let i = 0; i < tokens.length && models.length === 0; i++) {
    if (used.has(i)) continue;
    for (let width = Math.min(MAX_MODEL_WORDS, tokens.length - i); width >= 1; width--) {
      const window = tokens.slice(i, i + width);
      if (window.some((_, k) => used.has(i + k))) continue;
      const key = compactKey(window.join(""));
      if (width === 1 && (STOPWORDS.has(key) || key.length < 2)) continue;
      let found = dictionary.modelsByKey.get(key) ?? [];
      if (found.length > 0 && width === 1) {
        // "2008" is a year unless the brand says it is Peugeot's model, or another year is given.
        if (
          fourDigitYear(key) !== null &&
          !(found.some((m) => m.brand === brand) || yearTokens > 1)
        )
          found = [];
        else if (options.isPartWord(key) && !hasOtherEvidence) found = [];
      }
      if (found.length === 0 && width === 1) found = dictionary.modelsByFirst.get(key) ?? [];
      if (found.length > 0) {
        models = found;
        for (let k = i; k < i + width; k++) used.add(k);
        break;
      }
    }
  }
  if (models.length === 0) {
    // One typo in a model name of 5 letters or more ("corola", "hillux"), never a catalogue word.
    for (let i = 0; i < tokens.length && models.length === 0; i++) {
      const token = tokens[i]!;
      if (used.has(i) || token.length < 5 || !/^[a-z]+$/.test(token) || options.isPartWord(token))
        continue;
      const near = dictionary.models.filter(
        (m) => m.key.length >= 5 && editDistance(token, m.key, 1) <= 1,
      );
      if (near.length > 0) {
        models = near;
        used.add(i);
        corrections.push({ from: token, to: near[0]!.model });
      }
    }
  }
  if (brand !== null && models.length > 0) {
    const ofBrand = models.filter((m) => m.brand === brand);
    models = ofBrand.length > 0 ? ofBrand : models;
  }

  let year: number | null = null;
  let yearIndex: number | null = null;
  for (let i = 0; i < tokens.length && year === null; i++) {
    if (used.has(i)) continue;
    const token = tokens[i]!;
    const full = fourDigitYear(token);
    if (full !== null) {
      year = full;
      yearIndex = i;
      used.add(i);
      continue;
    }
    // "gol 15": two digits are a year only beside a model that was made that year.
    const short = models.length > 0 ? twoDigitYear(token) : null;
    if (short !== null && models.some((m) => m.years.has(short))) {
      year = short;
      yearIndex = i;
      used.add(i);
    }
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
    vehicle.year === null ? null : String(vehicle.year),
  ]
    .filter((part): part is string => Boolean(part))
    .join(" ");
}
