import type { FipeVehicleType } from "~/integrations/fipe/types";

export type ParsedFipeModel = {
  model: string;
  version: string;
  engine: string | null;
  fuel: string | null;
  transmission: string | null;
  bodyType: string | null;
};

/** Model names of more than one word; every other car model is the name's first word. */
const COMPOUND_MODELS = [
  "C4 Cactus",
  "C4 Lounge",
  "C4 Picasso",
  "Corolla Cross",
  "Grand Cherokee",
  "Grand Livina",
  "Grand Siena",
  "Grand Vitara",
  "L200 Triton",
  "New Beetle",
  "Pajero Sport",
  "Pajero TR4",
  "Range Rover",
  "Santa Fe",
  "Space Fox",
];

/** FIPE writes some names in capitals; these are spelled as their makers spell them. */
const MODEL_SPELLINGS: Record<string, string> = {
  SPACEFOX: "SpaceFox",
  CROSSFOX: "CrossFox",
  ECOSPORT: "EcoSport",
};

function modelWord(word: string): string {
  const spelled = MODEL_SPELLINGS[word.toUpperCase()];
  if (spelled) return spelled;
  // "AMAROK" → "Amarok"; short or mixed codes ("HB20", "HR-V", "ASX", "CG") stay as written.
  if (/^[A-ZÀ-Ú]{4,}$/.test(word)) return word[0] + word.slice(1).toLowerCase();
  return word;
}

/** A motorcycle's displacement right after its name: "CG 160", "CB 500F", "GSR 750A". */
const MOTO_DISPLACEMENT = /^(\d{2,4})[A-Z]?\/?$/;

function modelTokenCount(tokens: string[], type: FipeVehicleType): number {
  if (type === "motos") {
    const index = tokens.findIndex((token, i) => i > 0 && MOTO_DISPLACEMENT.test(token));
    return index > 0 && index <= 2 ? index + 1 : 1;
  }
  if (type === "carros") {
    const lower = tokens.map((t) => t.toLowerCase());
    const compound = COMPOUND_MODELS.find((name) => {
      const words = name.toLowerCase().split(" ");
      return words.every((word, i) => lower[i] === word);
    });
    if (compound) return compound.split(" ").length;
  }
  return 1;
}

const TURBO_MARKERS: Record<string, string> = {
  TSI: "TSI",
  TFSI: "TFSI",
  TDI: "TDI",
  TDCI: "TDCi",
  THP: "THP",
  TGDI: "TGDI",
  TB: "Turbo",
  TURBO: "Turbo",
  "BI-TB": "Biturbo",
  "BI-TURBO": "Biturbo",
  ECOBOOST: "EcoBoost",
};

function parseEngine(tokens: string[], type: FipeVehicleType): string | null {
  if (type === "motos") {
    const displacement = tokens.map((t) => t.match(MOTO_DISPLACEMENT)).find(Boolean);
    const cc = displacement ? Number(displacement[1]) : Number.NaN;
    return cc >= 50 && cc <= 2500 ? `${cc} cc` : null;
  }
  if (type !== "carros") return null;
  const displacement = tokens.find((t) => /^\d\.\d$/.test(t));
  if (!displacement) return null;
  const valves = tokens.find((t) => /^\d{1,2}V$/i.test(t))?.toUpperCase();
  const turbo = tokens.map((t) => TURBO_MARKERS[t.toUpperCase()]).find(Boolean);
  return [displacement, valves, turbo].filter(Boolean).join(" ");
}

/** Fuel as the name states it; the year code and the detail only fill in when it says nothing. */
function fuelFromName(name: string): string | null {
  if (/h[iíy]brid/i.test(name)) return "Híbrido";
  if (/el[ée]tric/i.test(name)) return "Elétrico";
  if (/flex/i.test(name)) return "Flex";
  if (/\bdies(el\b|\.)|\(diesel\)|\bTDI\b|\bTDCi\b/i.test(name)) return "Diesel";
  if (/[aá]lcool|\betanol\b/i.test(name)) return "Etanol";
  if (/\bgas(olina\b|\.)/i.test(name)) return "Gasolina";
  return null;
}

/** FIPE's fuel codes (the suffix of a year code such as "2014-3"). */
const FUEL_BY_CODE: Record<number, string> = {
  1: "Gasolina",
  2: "Etanol",
  3: "Diesel",
  4: "Elétrico",
  5: "Flex",
  6: "Híbrido",
};

/** The detail's "Combustivel" in our words ("Álcool" is sold as etanol today). */
export function fuelFromDetail(combustivel: string | undefined): string | null {
  if (!combustivel) return null;
  return fuelFromName(combustivel) ?? (/diesel/i.test(combustivel) ? "Diesel" : null);
}

function parseTransmission(name: string, type: FipeVehicleType): string | null {
  if (/\bCVT\b|X-?Tronic|Multidrive|Lineartronic/i.test(name)) return "CVT";
  if (/\bDSG\b/i.test(name)) return "DSG";
  if (
    /\bAut\b\.?|Autom[aá]tic|Tiptronic|Steptronic|\bAT\b|Dualogic|I-Motion|Powershift|Easytronic/i.test(
      name,
    )
  ) {
    return "Automática";
  }
  if (/\bMec\b\.?|\bManual\b/i.test(name)) return "Manual";
  // A car name that names no gearbox is a manual one; bikes and trucks we do not guess.
  return type === "carros" ? "Manual" : null;
}

function parseBodyType(tokens: string[], type: FipeVehicleType): string | null {
  if (type !== "carros") return null;
  const upper = tokens.map((t) => t.toUpperCase().replace(/[,;]$/, ""));
  const has = (...words: string[]) => upper.some((t) => words.includes(t));
  if (
    has("CD", "CS", "CE", "C.D.", "C.S.", "PICK-UP", "PICKUP", "CAB.DUPLA", "CABINE") ||
    upper.some((t) => /\.C[DS]$/.test(t))
  ) {
    return "Pickup";
  }
  if (has("SEDAN", "SEDÃ")) return "Sedan";
  if (has("HATCH", "HATCHBACK", "HB")) return "Hatch";
  if (has("SW", "WAGON", "VARIANT", "WEEKEND", "PERUA")) return "Wagon";
  if (has("SUV")) return "SUV";
  return null;
}

/**
 * Splits a FIPE model name ("AMAROK High.CD 2.0 16V TDI 4x4 Dies. Aut") into what the catalogue
 * keeps apart: model "Amarok", version "High.CD 2.0 16V TDI 4x4 Dies. Aut", engine "2.0 16V TDI",
 * fuel "Diesel", transmission "Automática", body "Pickup". The version keeps FIPE's full wording
 * after the model, so nothing the name said is lost.
 */
export function parseFipeModelName(
  name: string,
  type: FipeVehicleType = "carros",
): ParsedFipeModel {
  const clean = name.trim().replace(/\s+/g, " ");
  const tokens = clean.split(" ");
  const count = modelTokenCount(tokens, type);
  const model = tokens
    .slice(0, count)
    .map((t) => modelWord(t.replace(/\/$/, "")))
    .join(" ");
  const version = tokens
    .slice(count)
    .join(" ")
    .replace(/^[\s/]+/, "")
    .trim();
  return {
    model,
    version: version || clean,
    engine: parseEngine(tokens, type),
    fuel: fuelFromName(clean),
    transmission: parseTransmission(clean, type),
    bodyType: parseBodyType(tokens, type),
  };
}

/** FIPE's code for a new vehicle of the current model year. */
const ZERO_KM_YEAR = 32000;

/** "2014-3" → year 2014, fuel Diesel; 32000 (Zero KM) is this year's model. */
export function parseYearCode(
  code: string,
  now: Date = new Date(),
): { year: number; fuel: string | null } | null {
  const match = code.trim().match(/^(\d{4,5})-(\d+)$/);
  if (!match) return null;
  const raw = Number(match[1]);
  const year = raw === ZERO_KM_YEAR ? now.getFullYear() : raw;
  if (year < 1900 || year > now.getFullYear() + 2) return null;
  return { year, fuel: FUEL_BY_CODE[Number(match[2])] ?? null };
}

/** FIPE's brand names as the catalogue writes them. */
const BRAND_ALIASES: Record<string, string> = {
  "VW - VolksWagen": "Volkswagen",
  "GM - Chevrolet": "Chevrolet",
  "Kia Motors": "Kia",
  "LR - Land Rover": "Land Rover",
  "Caoa Chery": "Chery",
  "CAOA Chery": "Chery",
};

export function fipeBrandName(nome: string): string {
  const name = nome.trim();
  const alias = BRAND_ALIASES[name];
  if (alias) return alias;
  const prefixed = name.match(/^[A-Z]{2,4} - (.+)$/);
  return prefixed ? prefixed[1]!.trim() : name;
}
