import * as messages from "~/messages";
import { foldName } from "~/utils/codes";
import { env } from "~/utils/env.server";
import {
  countedJsonApiSimulator,
  jsonApiSimulatorRoute,
  type CountedJsonApiSimulator,
} from "../json-api-simulator.server";
import {
  type SimulatedResponse,
  simulatedFaults,
  simulatorEnabled,
} from "../simulator-server.server";
import {
  CATEGORIES,
  FITMENT_NOTES,
  MANUFACTURER_CODES,
  OE_PATTERNS,
  VERSIONS,
  type CatalogueCategory,
} from "./sample-data";
import type {
  CatalogueSourceFitment,
  CatalogueSourceItem,
  CatalogueSourcePage,
  CatalogueSourceStatus,
} from "./types";

/**
 * A local stand-in for the catalogue source API (types.ts): the same paths, JSON shapes and error
 * statuses, so imports, their tests and benches never reach the internet. It runs as its own HTTP
 * server (tests, benches) or behind the app's `/catalogue-sim/api/v1` route (local runs).
 *
 * Its content is generated: item i comes from a random stream seeded by i alone, so any page of a
 * catalogue of millions is as cheap as the first, and the same on every run and at every page size.
 */

export type CatalogueSimulatorOptions = {
  /** Items served (default CATALOGUE_SIM_ITEMS). */
  items?: number;
  /** Added before every answer (default CATALOGUE_SIM_DELAY_MS), to exercise client timeouts. */
  delayMs?: number;
  /**
   * N > 0: the first request for each page whose number is divisible by N fails (429 and 503 by
   * turns) and its repeat succeeds, so retries are exercised and always recover (default
   * CATALOGUE_SIM_FAIL_EVERY; 0 never fails).
   */
  failEvery?: number;
  /** The Retry-After of a 429, in seconds (default 1; 0 sends none). */
  retryAfterSeconds?: number;
};

export type CatalogueSimulatedResponse = SimulatedResponse;

/** Paths below the API root: "status", "items"; `?simulate=429|500|503` fails one. */
export type CatalogueSimulator = CountedJsonApiSimulator;

export const CATALOGUE_SIM_DEFAULT_PER_PAGE = 50;
export const CATALOGUE_SIM_MAX_PER_PAGE = 100;
/** Own codes carry 7 digits, one number per item: beyond this two items would share a code. */
export const CATALOGUE_SIM_MAX_ITEMS = 10_000_000;
const UPDATED_AT = "2025-11-03T09:00:00.000Z";
/** Where the API root is on the simulator's own server. */
const API_MOUNT = "/catalogue/api/v1";
const texts = messages.integrations.simulators;

// ---------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------

/** An item's vehicles are picked among this many neighbouring versions: parts fit related cars. */
const FITMENT_WINDOW = 12;

type Random = () => number;

/** mulberry32, seeded from the item's index alone: item i needs no other item to be built. */
function itemRandom(index: number): Random {
  let state = Math.imul(index + 1, 0x9e3779b1) ^ 0x5bd1e995;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

const between = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

/** `count` different values of 0..size-1, in ascending order. */
function distinctOffsets(random: Random, size: number, count: number): number[] {
  const pool = Array.from({ length: size }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = between(random, i, size - 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

function fillPattern(random: Random, pattern: string): string {
  let out = "";
  for (const char of pattern) {
    if (char === "#") out += DIGITS[Math.floor(random() * DIGITS.length)];
    else if (char === "@") out += LETTERS[Math.floor(random() * LETTERS.length)];
    else out += char;
  }
  return out;
}

/** A bijection of 0..9,999,999 (the multiplier is prime to 10), so no two items share a number. */
function ownCodeDigits(index: number): string {
  return String((index * 7_368_787 + 1_234_567) % CATALOGUE_SIM_MAX_ITEMS).padStart(7, "0");
}

/** Versions (distinct, so no vehicle and year repeats in one item) and their year ranges. */
function fitments(random: Random, position: string | null): CatalogueSourceFitment[] {
  const first = Math.floor(random() * VERSIONS.length);
  const offsets = distinctOffsets(random, FITMENT_WINDOW, between(random, 2, 8));
  return offsets.map((offset) => {
    const version = VERSIONS[(first + offset) % VERSIONS.length]!;
    const years = Math.min(between(random, 1, 6), version.lastYear - version.firstYear + 1);
    const yearStart = between(random, version.firstYear, version.lastYear - years + 1);
    return {
      brand: version.brand,
      model: version.model,
      year_start: yearStart,
      year_end: yearStart + years - 1,
      version: version.version,
      engine: version.engine,
      fuel: version.fuel,
      position,
      notes: random() < 0.25 ? null : pick(random, FITMENT_NOTES),
    };
  });
}

/**
 * 0–3 codes that lead to the item: other manufacturers' equivalents and the vehicle maker's OE
 * number. Each has a shape of its own, so they differ from each other and from the own code.
 */
function alternativeCodes(
  random: Random,
  category: CatalogueCategory,
  manufacturer: string,
  vehicleBrand: string,
): string[] {
  const roll = random();
  const count = roll < 0.15 ? 0 : roll < 0.5 ? 1 : roll < 0.8 ? 2 : 3;
  const others = category.manufacturers.filter((name) => name !== manufacturer);
  const [firstOther, secondOther] = distinctOffsets(random, others.length, 2).map(
    (i) => others[i]!,
  );
  const crossCode = (other: string) => MANUFACTURER_CODES[other]!(fillPattern(random, "#######"));
  const candidates = [
    () => crossCode(firstOther!),
    () => fillPattern(random, pick(random, OE_PATTERNS[vehicleBrand]!)),
    () => crossCode(secondOther!),
  ];
  return candidates.slice(0, count).map((make) => make());
}

/** Item `index` (from 0) of the simulated catalogue: the same on every call. */
export function catalogueItem(index: number): CatalogueSourceItem {
  const random = itemRandom(index);
  const category = pick(random, CATEGORIES);
  const manufacturer = pick(random, category.manufacturers);
  const name = pick(random, category.parts);
  const position = category.positions.length > 0 ? pick(random, category.positions) : null;
  const vehicles = fitments(random, position);
  const description =
    random() < 0.15 ? null : `${name} ${manufacturer}, ${pick(random, category.details)}`;
  return {
    id: String(index + 1),
    code: MANUFACTURER_CODES[manufacturer]!(ownCodeDigits(index)),
    name,
    manufacturer,
    category: category.name,
    description,
    alternative_codes: alternativeCodes(random, category, manufacturer, vehicles[0]!.brand),
    vehicles,
  };
}

export type CatalogueTotals = {
  items: number;
  alternativeCodes: number;
  /** Fitment entries, each a version over a range of years. */
  fitments: number;
  /** Fitments counted year by year: the (part, vehicle) pairs an import creates. */
  fitmentYears: number;
  /** Distinct vehicles by brand, model, year, version and engine (the last two without case or accents). */
  vehicles: number;
  vehicleBrands: number;
  categories: number;
  manufacturers: number;
};

/**
 * What a catalogue of `items` items holds, walked item by item (meant for test sizes).
 * @internal The import tests check their totals by it.
 */
export function expectedCatalogueTotals(items: number): CatalogueTotals {
  const vehicles = new Set<string>();
  const vehicleBrands = new Set<string>();
  const categories = new Set<string>();
  const manufacturers = new Set<string>();
  let alternativeCodes = 0;
  let fitmentCount = 0;
  let fitmentYears = 0;
  for (let index = 0; index < items; index++) {
    const item = catalogueItem(index);
    categories.add(item.category);
    manufacturers.add(item.manufacturer);
    alternativeCodes += item.alternative_codes.length;
    fitmentCount += item.vehicles.length;
    for (const fitment of item.vehicles) {
      vehicleBrands.add(fitment.brand);
      fitmentYears += fitment.year_end - fitment.year_start + 1;
      for (let year = fitment.year_start; year <= fitment.year_end; year++)
        vehicles.add(catalogueVehicleKey(fitment, year));
    }
  }
  return {
    items,
    alternativeCodes,
    fitments: fitmentCount,
    fitmentYears,
    vehicles: vehicles.size,
    vehicleBrands: vehicleBrands.size,
    categories: categories.size,
    manufacturers: manufacturers.size,
  };
}

/** One vehicle as the catalogue writer matches it. */
export function catalogueVehicleKey(fitment: CatalogueSourceFitment, year: number): string {
  return [
    fitment.brand,
    fitment.model,
    year,
    foldName(fitment.version),
    foldName(fitment.engine ?? ""),
  ].join("|");
}

// ---------------------------------------------------------------------------------------------
// The HTTP API
// ---------------------------------------------------------------------------------------------

const notFound = (): CatalogueSimulatedResponse => ({
  status: 404,
  body: { error: texts.notFound },
});

const badRequest = (error: string): CatalogueSimulatedResponse => ({
  status: 400,
  body: { error },
});

const FAILURE_TEXTS: Record<number, string> = {
  429: texts.rateLimited,
  500: texts.internalError,
  503: texts.unavailable,
};

function failure(status: number, retryAfterSeconds: number): CatalogueSimulatedResponse {
  const headers: Record<string, string> =
    status === 429 && retryAfterSeconds > 0 ? { "Retry-After": String(retryAfterSeconds) } : {};
  return { status, body: { error: FAILURE_TEXTS[status] }, headers };
}

/** A whole number from 1 up; absent gives the fallback; anything else undefined. */
function positiveInteger(raw: string | null, fallback: number): number | undefined {
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

export function createCatalogueSimulator(
  options: CatalogueSimulatorOptions = {},
): CatalogueSimulator {
  if (options.items !== undefined && options.items > CATALOGUE_SIM_MAX_ITEMS)
    throw new RangeError(`at most ${CATALOGUE_SIM_MAX_ITEMS} items`);
  const faults = simulatedFaults({});
  /** Pages (with their size) that already failed once under failEvery. */
  const failedOnce = new Set<string>();

  // Read per request, so the embedded simulator follows the environment tests set.
  const settings = () => ({
    items: options.items ?? env().CATALOGUE_SIM_ITEMS,
    delayMs: options.delayMs ?? env().CATALOGUE_SIM_DELAY_MS,
    failEvery: options.failEvery ?? env().CATALOGUE_SIM_FAIL_EVERY,
    retryAfterSeconds: options.retryAfterSeconds ?? 1,
  });

  function status(items: number): CatalogueSimulatedResponse {
    const body: CatalogueSourceStatus = {
      total_items: items,
      default_per_page: CATALOGUE_SIM_DEFAULT_PER_PAGE,
      max_per_page: CATALOGUE_SIM_MAX_PER_PAGE,
      updated_at: UPDATED_AT,
    };
    return { status: 200, body };
  }

  function itemsPage(
    search: URLSearchParams,
    { items, failEvery, retryAfterSeconds }: ReturnType<typeof settings>,
  ): CatalogueSimulatedResponse {
    const page = positiveInteger(search.get("page"), 1);
    if (page === undefined) return badRequest(texts.invalidPage);
    const perPage = positiveInteger(search.get("per_page"), CATALOGUE_SIM_DEFAULT_PER_PAGE);
    if (perPage === undefined || perPage > CATALOGUE_SIM_MAX_PER_PAGE)
      return badRequest(texts.invalidPerPage(CATALOGUE_SIM_MAX_PER_PAGE));
    const request = `${page}/${perPage}`;
    if (failEvery > 0 && page % failEvery === 0 && !failedOnce.has(request)) {
      failedOnce.add(request);
      return failure((page / failEvery) % 2 === 1 ? 429 : 503, retryAfterSeconds);
    }
    const first = (page - 1) * perPage;
    const last = Math.min(items, first + perPage);
    const body: CatalogueSourcePage = {
      page,
      per_page: perPage,
      total_items: items,
      total_pages: Math.ceil(items / perPage),
      items: Array.from({ length: Math.max(0, last - first) }, (_, i) => catalogueItem(first + i)),
    };
    return { status: 200, body };
  }

  async function respond(
    path: string,
    search = new URLSearchParams(),
  ): Promise<CatalogueSimulatedResponse> {
    const current = settings();
    await faults.arrive(current.delayMs);
    const forced = Number(search.get("simulate"));
    if (FAILURE_TEXTS[forced]) return failure(forced, current.retryAfterSeconds);
    const route = path.split("/").filter(Boolean).join("/");
    if (route === "status") return status(current.items);
    if (route === "items") return itemsPage(search, current);
    return notFound();
  }

  return countedJsonApiSimulator({
    mountPath: API_MOUNT,
    faults,
    respond,
    notFound,
    crashed: () => failure(500, 0),
  });
}

/** The simulator behind `/catalogue-sim/api/v1` of this app, sized and faulted by the environment. */
export const embeddedCatalogueSimulator = createCatalogueSimulator();

/** Served outside production and under `npm start`; in production only with CATALOGUE_SIMULATOR=true. */
export function catalogueSimulatorEnabled(): boolean {
  return simulatorEnabled(env().CATALOGUE_SIMULATOR);
}

/** GET /catalogue-sim/api/v1/…: the embedded simulator, a 404 where it is off. */
export const serveCatalogueSimulator = jsonApiSimulatorRoute({
  enabled: catalogueSimulatorEnabled,
  simulator: embeddedCatalogueSimulator,
  notFound,
});
