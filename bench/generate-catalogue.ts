/**
 * Writes a large, realistic catalogue into a SEPARATE SQLite file for `npm run bench:search`.
 *
 *   npx tsx bench/generate-catalogue.ts                       # 1M parts (default file bench/.data/catalogue-1m.db)
 *   npx tsx bench/generate-catalogue.ts --size small          # 50k parts (bench/.data/catalogue-50k.db)
 *   npx tsx bench/generate-catalogue.ts --out /tmp/x.db --parts 200000 --alternatives 600000 \
 *       --vehicles 20000 --fitments 2000000
 *
 * The schema comes from the app's own migrations (openDatabase + migrateDatabase), and plans, the
 * admin and the SEO row from the app's seedDatabase (demo: false). Then the catalogue is bulk
 * loaded with raw better-sqlite3 statements: secondary indexes and the FTS triggers are dropped
 * first and recreated afterwards from the exact SQL the migrations wrote, the FTS index is rebuilt
 * in one go, fitments are expanded inside SQLite from a per-part plan. The file is written as
 * `<out>.tmp` and renamed at the end, with a `<out>.json` sidecar (counts, samples for the load
 * test, how long it took), so a run that is cut short never leaves a file that looks complete.
 *
 * Deterministic: the same sizes and --seed give the same catalogue.
 */
import type Database from "better-sqlite3";
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REFRESH_ALL_FITMENT_KEYS } from "~db/fitment-keys";
import { seedDatabase } from "~db/seed";
import { isDescriptionQuery, normalizeCode } from "~/utils/codes";
import { migrateDatabase, openDatabase } from "~/utils/db.server";

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const SIZES = {
  full: {
    parts: 1_000_000,
    alternatives: 3_000_000,
    vehicles: 100_000,
    fitments: 10_000_000,
    file: "catalogue-1m.db",
  },
  small: {
    parts: 50_000,
    alternatives: 150_000,
    vehicles: 10_000,
    fitments: 500_000,
    file: "catalogue-50k.db",
  },
} as const;

export const BENCH_ADMIN = { email: "bench-admin@encaixa.local", password: "bench-admin-pass" };

type Options = {
  out: string;
  parts: number;
  alternatives: number;
  vehicles: number;
  fitments: number;
  seed: number;
  adminEmail: string;
  adminPassword: string;
  optimizeFts: boolean;
};

function parseArgs(argv: string[]): Options {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([^=]+)(?:=(.*))?$/.exec(argv[i]!);
    if (!match) continue;
    const next = argv[i + 1];
    if (match[2] !== undefined) args[match[1]!] = match[2];
    else if (next !== undefined && !next.startsWith("--")) args[match[1]!] = argv[++i]!;
    else args[match[1]!] = "true";
  }
  const size = SIZES[(args.size ?? "full") as keyof typeof SIZES];
  if (!size) throw new Error(`--size must be one of ${Object.keys(SIZES).join(", ")}`);
  const int = (key: string, fallback: number) => {
    const n = args[key] === undefined ? fallback : Number(args[key]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${key} must be a positive integer`);
    return n;
  };
  return {
    out: path.resolve(args.out ?? path.join(ROOT, "bench", ".data", size.file)),
    parts: int("parts", size.parts),
    alternatives: int("alternatives", size.alternatives),
    vehicles: int("vehicles", size.vehicles),
    fitments: int("fitments", size.fitments),
    seed: int("seed", 20240601),
    adminEmail: args["admin-email"] ?? BENCH_ADMIN.email,
    adminPassword: args["admin-password"] ?? BENCH_ADMIN.password,
    optimizeFts: args["no-optimize"] !== "true",
  };
}

// ---------------------------------------------------------------------------------------------
// Random helpers
// ---------------------------------------------------------------------------------------------

type Random = () => number;

function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const int = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

/** `#` a digit, `@` a letter, `*` either; anything else is kept. */
function fillPattern(random: Random, pattern: string): string {
  let out = "";
  for (const char of pattern) {
    if (char === "#") out += DIGITS[Math.floor(random() * 10)];
    else if (char === "@") out += LETTERS[Math.floor(random() * LETTERS.length)];
    else if (char === "*") out += (DIGITS + LETTERS)[Math.floor(random() * 33)];
    else out += char;
  }
  return out;
}

function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

function slug(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

// ---------------------------------------------------------------------------------------------
// Vehicles
// ---------------------------------------------------------------------------------------------

type VehicleType = "carros" | "motos" | "caminhoes";
type ModelDef = {
  brand: string;
  model: string;
  type: VehicleType;
  body: string | null;
  from: number;
  to: number;
  /** Engine class: picks the engines offered. */
  cls: "popular" | "medio" | "suv" | "pickup" | "moto" | "moto-alta" | "caminhao" | "van";
};

const m = (
  brand: string,
  model: string,
  cls: ModelDef["cls"],
  body: string | null,
  from: number,
  to: number,
): ModelDef => ({
  brand,
  model,
  type: cls.startsWith("moto") ? "motos" : cls === "caminhao" ? "caminhoes" : "carros",
  body,
  from,
  to,
  cls,
});

const MODELS: readonly ModelDef[] = [
  m("Volkswagen", "Gol", "popular", "Hatch", 1995, 2023),
  m("Volkswagen", "Voyage", "popular", "Sedan", 2008, 2023),
  m("Volkswagen", "Saveiro", "popular", "Pickup", 1998, 2025),
  m("Volkswagen", "Fox", "popular", "Hatch", 2003, 2021),
  m("Volkswagen", "CrossFox", "popular", "Hatch", 2005, 2018),
  m("Volkswagen", "SpaceFox", "popular", "Wagon", 2006, 2018),
  m("Volkswagen", "Polo", "medio", "Hatch", 2002, 2025),
  m("Volkswagen", "Virtus", "medio", "Sedan", 2018, 2025),
  m("Volkswagen", "T-Cross", "suv", "SUV", 2019, 2025),
  m("Volkswagen", "Nivus", "suv", "SUV", 2020, 2025),
  m("Volkswagen", "Taos", "suv", "SUV", 2021, 2025),
  m("Volkswagen", "Jetta", "medio", "Sedan", 2007, 2025),
  m("Volkswagen", "Golf", "medio", "Hatch", 1999, 2020),
  m("Volkswagen", "Amarok", "pickup", "Pickup", 2010, 2025),
  m("Volkswagen", "Up!", "popular", "Hatch", 2014, 2021),
  m("Volkswagen", "Parati", "popular", "Wagon", 1996, 2013),
  m("Volkswagen", "Kombi", "van", "Van", 1997, 2014),
  m("Fiat", "Uno", "popular", "Hatch", 1995, 2021),
  m("Fiat", "Palio", "popular", "Hatch", 1996, 2017),
  m("Fiat", "Siena", "popular", "Sedan", 1997, 2016),
  m("Fiat", "Grand Siena", "popular", "Sedan", 2012, 2021),
  m("Fiat", "Strada", "popular", "Pickup", 1998, 2025),
  m("Fiat", "Toro", "pickup", "Pickup", 2016, 2025),
  m("Fiat", "Mobi", "popular", "Hatch", 2016, 2025),
  m("Fiat", "Argo", "medio", "Hatch", 2017, 2025),
  m("Fiat", "Cronos", "medio", "Sedan", 2018, 2025),
  m("Fiat", "Pulse", "suv", "SUV", 2021, 2025),
  m("Fiat", "Fastback", "suv", "SUV", 2022, 2025),
  m("Fiat", "Doblò", "van", "Van", 2001, 2021),
  m("Fiat", "Fiorino", "van", "Van", 1995, 2025),
  m("Fiat", "Punto", "medio", "Hatch", 2007, 2017),
  m("Fiat", "Idea", "medio", "Hatch", 2005, 2016),
  m("Fiat", "Linea", "medio", "Sedan", 2008, 2016),
  m("Chevrolet", "Onix", "popular", "Hatch", 2012, 2025),
  m("Chevrolet", "Prisma", "popular", "Sedan", 2006, 2019),
  m("Chevrolet", "Celta", "popular", "Hatch", 2000, 2015),
  m("Chevrolet", "Classic", "popular", "Sedan", 2003, 2016),
  m("Chevrolet", "Corsa", "popular", "Hatch", 1995, 2012),
  m("Chevrolet", "Cobalt", "medio", "Sedan", 2011, 2019),
  m("Chevrolet", "Spin", "medio", "Van", 2012, 2025),
  m("Chevrolet", "Cruze", "medio", "Sedan", 2011, 2024),
  m("Chevrolet", "Tracker", "suv", "SUV", 2013, 2025),
  m("Chevrolet", "S10", "pickup", "Pickup", 1995, 2025),
  m("Chevrolet", "Montana", "popular", "Pickup", 2003, 2025),
  m("Chevrolet", "Agile", "popular", "Hatch", 2009, 2014),
  m("Chevrolet", "Astra", "medio", "Hatch", 1998, 2011),
  m("Chevrolet", "Vectra", "medio", "Sedan", 1996, 2011),
  m("Chevrolet", "Meriva", "medio", "Van", 2002, 2012),
  m("Chevrolet", "Trailblazer", "suv", "SUV", 2012, 2024),
  m("Ford", "Ka", "popular", "Hatch", 1997, 2021),
  m("Ford", "Fiesta", "popular", "Hatch", 1996, 2019),
  m("Ford", "Focus", "medio", "Hatch", 2000, 2019),
  m("Ford", "EcoSport", "suv", "SUV", 2003, 2022),
  m("Ford", "Ranger", "pickup", "Pickup", 1995, 2025),
  m("Ford", "Fusion", "medio", "Sedan", 2006, 2020),
  m("Ford", "Territory", "suv", "SUV", 2020, 2025),
  m("Ford", "Maverick", "pickup", "Pickup", 2022, 2025),
  m("Ford", "Courier", "popular", "Pickup", 1998, 2013),
  m("Renault", "Sandero", "popular", "Hatch", 2007, 2022),
  m("Renault", "Logan", "popular", "Sedan", 2007, 2022),
  m("Renault", "Duster", "suv", "SUV", 2011, 2025),
  m("Renault", "Kwid", "popular", "Hatch", 2017, 2025),
  m("Renault", "Clio", "popular", "Hatch", 1999, 2016),
  m("Renault", "Captur", "suv", "SUV", 2017, 2024),
  m("Renault", "Oroch", "pickup", "Pickup", 2015, 2025),
  m("Renault", "Fluence", "medio", "Sedan", 2011, 2018),
  m("Renault", "Mégane", "medio", "Sedan", 1998, 2012),
  m("Renault", "Master", "van", "Van", 2002, 2025),
  m("Toyota", "Corolla", "medio", "Sedan", 1998, 2025),
  m("Toyota", "Corolla Cross", "suv", "SUV", 2021, 2025),
  m("Toyota", "Hilux", "pickup", "Pickup", 1995, 2025),
  m("Toyota", "Etios", "popular", "Hatch", 2012, 2021),
  m("Toyota", "Yaris", "popular", "Hatch", 2018, 2025),
  m("Toyota", "SW4", "suv", "SUV", 1995, 2025),
  m("Toyota", "RAV4", "suv", "SUV", 2001, 2025),
  m("Honda", "Civic", "medio", "Sedan", 1997, 2025),
  m("Honda", "Fit", "popular", "Hatch", 2003, 2021),
  m("Honda", "City", "medio", "Sedan", 2009, 2025),
  m("Honda", "HR-V", "suv", "SUV", 2015, 2025),
  m("Honda", "WR-V", "suv", "SUV", 2017, 2025),
  m("Honda", "CR-V", "suv", "SUV", 1998, 2025),
  m("Honda", "Accord", "medio", "Sedan", 1995, 2022),
  m("Hyundai", "HB20", "popular", "Hatch", 2012, 2025),
  m("Hyundai", "HB20S", "popular", "Sedan", 2013, 2025),
  m("Hyundai", "Creta", "suv", "SUV", 2017, 2025),
  m("Hyundai", "Tucson", "suv", "SUV", 2005, 2025),
  m("Hyundai", "i30", "medio", "Hatch", 2009, 2017),
  m("Hyundai", "ix35", "suv", "SUV", 2010, 2022),
  m("Hyundai", "Santa Fe", "suv", "SUV", 2007, 2020),
  m("Hyundai", "HR", "van", "Pickup", 2005, 2025),
  m("Jeep", "Renegade", "suv", "SUV", 2015, 2025),
  m("Jeep", "Compass", "suv", "SUV", 2012, 2025),
  m("Jeep", "Commander", "suv", "SUV", 2022, 2025),
  m("Nissan", "March", "popular", "Hatch", 2011, 2021),
  m("Nissan", "Versa", "popular", "Sedan", 2011, 2025),
  m("Nissan", "Kicks", "suv", "SUV", 2016, 2025),
  m("Nissan", "Sentra", "medio", "Sedan", 2007, 2025),
  m("Nissan", "Frontier", "pickup", "Pickup", 2002, 2025),
  m("Nissan", "Livina", "medio", "Van", 2009, 2014),
  m("Peugeot", "206", "popular", "Hatch", 1999, 2010),
  m("Peugeot", "207", "popular", "Hatch", 2008, 2015),
  m("Peugeot", "208", "popular", "Hatch", 2013, 2025),
  m("Peugeot", "2008", "suv", "SUV", 2015, 2025),
  m("Peugeot", "3008", "suv", "SUV", 2010, 2024),
  m("Peugeot", "307", "medio", "Hatch", 2002, 2012),
  m("Peugeot", "308", "medio", "Hatch", 2012, 2019),
  m("Peugeot", "408", "medio", "Sedan", 2011, 2019),
  m("Peugeot", "Partner", "van", "Van", 2000, 2025),
  m("Citroën", "C3", "popular", "Hatch", 2003, 2025),
  m("Citroën", "C4", "medio", "Hatch", 2007, 2015),
  m("Citroën", "C4 Cactus", "suv", "SUV", 2018, 2024),
  m("Citroën", "Aircross", "suv", "SUV", 2010, 2025),
  m("Citroën", "Xsara Picasso", "medio", "Van", 2001, 2012),
  m("Citroën", "Berlingo", "van", "Van", 1999, 2018),
  m("Mitsubishi", "L200 Triton", "pickup", "Pickup", 2007, 2025),
  m("Mitsubishi", "Pajero", "suv", "SUV", 1995, 2021),
  m("Mitsubishi", "ASX", "suv", "SUV", 2010, 2023),
  m("Mitsubishi", "Outlander", "suv", "SUV", 2004, 2023),
  m("Mitsubishi", "Lancer", "medio", "Sedan", 2008, 2019),
  m("Kia", "Picanto", "popular", "Hatch", 2006, 2025),
  m("Kia", "Cerato", "medio", "Sedan", 2009, 2023),
  m("Kia", "Sportage", "suv", "SUV", 1995, 2025),
  m("Kia", "Soul", "popular", "Hatch", 2009, 2019),
  m("Kia", "Bongo", "van", "Pickup", 2005, 2025),
  m("Honda", "CG 160", "moto", null, 2016, 2025),
  m("Honda", "CG 150", "moto", null, 2004, 2015),
  m("Honda", "CG 125", "moto", null, 1995, 2008),
  m("Honda", "Biz 125", "moto", null, 2005, 2025),
  m("Honda", "Pop 110i", "moto", null, 2016, 2025),
  m("Honda", "XRE 300", "moto-alta", null, 2009, 2025),
  m("Honda", "CB 300F", "moto-alta", null, 2009, 2025),
  m("Honda", "CB 500", "moto-alta", null, 1997, 2025),
  m("Honda", "NXR Bros 160", "moto", null, 2015, 2025),
  m("Honda", "PCX 160", "moto", null, 2013, 2025),
  m("Yamaha", "Factor 150", "moto", null, 2016, 2025),
  m("Yamaha", "YBR 125", "moto", null, 2000, 2016),
  m("Yamaha", "Fazer 250", "moto-alta", null, 2005, 2025),
  m("Yamaha", "Lander 250", "moto-alta", null, 2006, 2025),
  m("Yamaha", "XTZ 150 Crosser", "moto", null, 2014, 2025),
  m("Yamaha", "MT-03", "moto-alta", null, 2016, 2025),
  m("Yamaha", "NMax 160", "moto", null, 2016, 2025),
  m("Suzuki", "Yes 125", "moto", null, 2005, 2013),
  m("Suzuki", "V-Strom 650", "moto-alta", null, 2004, 2025),
  m("Mercedes-Benz", "Accelo", "caminhao", null, 2003, 2025),
  m("Mercedes-Benz", "Atego", "caminhao", null, 2004, 2025),
  m("Mercedes-Benz", "Axor", "caminhao", null, 2005, 2025),
  m("Mercedes-Benz", "Actros", "caminhao", null, 2005, 2025),
  m("Mercedes-Benz", "Sprinter", "van", "Van", 1997, 2025),
  m("Volvo", "FH", "caminhao", null, 1995, 2025),
  m("Volvo", "FM", "caminhao", null, 1998, 2025),
  m("Volvo", "VM", "caminhao", null, 2003, 2025),
  m("Scania", "R 450", "caminhao", null, 2005, 2025),
  m("Scania", "P 320", "caminhao", null, 2005, 2025),
  m("Scania", "G 420", "caminhao", null, 2008, 2025),
  m("Volkswagen", "Delivery", "caminhao", null, 2005, 2025),
  m("Volkswagen", "Constellation", "caminhao", null, 2006, 2025),
  m("Ford", "Cargo", "caminhao", null, 1995, 2019),
  m("Iveco", "Daily", "van", "Van", 1998, 2025),
  m("Iveco", "Tector", "caminhao", null, 2008, 2025),
];

const ENGINES: Record<ModelDef["cls"], readonly [engine: string, fuel: string][]> = {
  popular: [
    ["1.0 8V", "Flex"],
    ["1.0 12V", "Flex"],
    ["1.0 16V", "Gasolina"],
    ["1.3 8V", "Flex"],
    ["1.4 8V", "Flex"],
    ["1.6 8V", "Flex"],
    ["1.6 16V", "Flex"],
    ["1.0 12V Turbo", "Flex"],
  ],
  medio: [
    ["1.4 16V Turbo", "Flex"],
    ["1.5 16V", "Flex"],
    ["1.6 16V", "Flex"],
    ["1.8 16V", "Flex"],
    ["2.0 16V", "Flex"],
    ["2.0 16V Turbo", "Gasolina"],
    ["1.8 16V Híbrido", "Híbrido"],
  ],
  suv: [
    ["1.0 12V Turbo", "Flex"],
    ["1.3 16V Turbo", "Flex"],
    ["1.6 16V", "Flex"],
    ["2.0 16V", "Flex"],
    ["2.0 16V Turbo Diesel", "Diesel"],
    ["2.5 16V", "Gasolina"],
  ],
  pickup: [
    ["2.2 16V Turbo Diesel", "Diesel"],
    ["2.4 16V", "Flex"],
    ["2.8 16V Turbo Diesel", "Diesel"],
    ["3.0 V6 TDI", "Diesel"],
    ["3.2 20V Turbo Diesel", "Diesel"],
    ["2.5 16V", "Flex"],
  ],
  van: [
    ["1.4 8V", "Flex"],
    ["1.6 16V", "Flex"],
    ["2.2 16V Turbo Diesel", "Diesel"],
    ["2.3 16V Turbo Diesel", "Diesel"],
    ["2.5 8V Turbo Diesel", "Diesel"],
  ],
  moto: [
    ["125cc", "Gasolina"],
    ["150cc", "Flex"],
    ["160cc", "Flex"],
    ["110cc", "Gasolina"],
  ],
  "moto-alta": [
    ["250cc", "Flex"],
    ["300cc", "Flex"],
    ["500cc", "Gasolina"],
    ["650cc", "Gasolina"],
  ],
  caminhao: [
    ["4.8 Diesel", "Diesel"],
    ["6.4 Diesel", "Diesel"],
    ["7.2 Diesel", "Diesel"],
    ["9.3 Diesel", "Diesel"],
    ["12.8 Diesel", "Diesel"],
    ["13.0 Diesel", "Diesel"],
  ],
};

const TRIMS: Record<VehicleType, readonly string[]> = {
  carros: [
    "Base",
    "City",
    "Trend",
    "Comfort",
    "Attractive",
    "LT",
    "LTZ",
    "SE",
    "Sense",
    "Drive",
    "Highline",
    "Premier",
    "Limited",
    "Sport",
    "Freedom",
    "Xtreme",
    "Titanium",
    "EX",
    "EXL",
    "Touring",
  ],
  motos: ["Start", "Fan", "Titan", "ED", "ESD", "CBS", "ABS", "Sport", "Adventure", "Flex"],
  caminhoes: [
    "4x2",
    "6x2",
    "6x4",
    "Cavalo Mecânico",
    "Chassi",
    "Rodoviário",
    "Plataforma",
    "Baú",
    "Tanque",
    "Basculante",
  ],
};
const TRANSMISSIONS = ["Manual", "Automática", "CVT", "Automatizada"];

type VehicleArrays = {
  brand: string[];
  model: string[];
  generation: string[];
  year: Int16Array;
  type: VehicleType[];
  modelIndex: Int32Array;
};

function generationOf(def: ModelDef, year: number): string {
  const span = def.type === "caminhoes" ? 10 : def.type === "motos" ? 6 : 7;
  return `G${Math.floor((year - def.from) / span) + 1}`;
}

/**
 * Exactly `count` vehicles, ordered by brand, model and year (so one model's years are a run of
 * consecutive ids, as an importer fed by a FIPE table would write them); each model-year gets
 * about the same number of versions.
 */
function* buildVehicles(count: number, arrays: VehicleArrays) {
  const order = MODELS.map((def, index) => ({ def, index })).sort(
    (a, b) => a.def.brand.localeCompare(b.def.brand) || a.def.model.localeCompare(b.def.model),
  );
  const modelYears = order.reduce((sum, { def }) => sum + def.to - def.from + 1, 0);
  const base = Math.floor(count / modelYears);
  let extra = count - base * modelYears;
  let id = 0;
  for (const { def, index } of order) {
    const engines = ENGINES[def.cls];
    const trims = TRIMS[def.type];
    const combos = trims.length * engines.length * (def.type === "carros" ? 2 : 1);
    for (let year = def.from; year <= def.to; year++) {
      const perYear = base + (extra-- > 0 ? 1 : 0);
      const generation = generationOf(def, year);
      const offset = (year * 7) % combos;
      for (let k = 0; k < perYear; k++) {
        // A version is one combination of trim, engine (and gearbox for cars); the FIPE code is
        // per model and combination, so it repeats across years but never within one.
        const combo = (offset + k) % combos;
        const repeat = Math.floor(k / combos);
        const trim = trims[combo % trims.length]!;
        const [engine, fuel] = engines[Math.floor(combo / trims.length) % engines.length]!;
        const transmission =
          def.type === "carros"
            ? TRANSMISSIONS[
                Math.floor(combo / (trims.length * engines.length)) % 2 === 0 ? 0 : 1 + (combo % 3)
              ]!
            : "Manual";
        const version = `${trim} ${engine}${repeat > 0 ? ` Série ${repeat + 1}` : ""}`;
        const fipe = `${String(index * 1000 + combo).padStart(6, "0")}-${(index + combo + repeat) % 10}`;
        id++;
        arrays.brand.push(def.brand);
        arrays.model.push(def.model);
        arrays.generation.push(generation);
        arrays.year[id] = year;
        arrays.type.push(def.type);
        arrays.modelIndex[id] = index;
        yield [
          id,
          def.brand,
          def.model,
          generation,
          year,
          version,
          engine,
          fuel,
          transmission,
          def.body,
          def.type,
          repeat === 0 ? fipe : null,
        ] as const;
        if (id === count) return;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Part lines, makers and codes
// ---------------------------------------------------------------------------------------------

type Maker = { name: string; patterns: readonly string[] };
const mk = (name: string, ...patterns: string[]): Maker => ({ name, patterns });

type Line = {
  name: string;
  category: string;
  summary: string;
  /** Words a mechanic types for this line ("pastilha freio", "filtro oleo"). */
  keywords: readonly string[];
  makers: readonly Maker[];
  types: readonly VehicleType[];
  position?: "dianteiro" | "traseiro";
  sided?: boolean;
  notes?: readonly string[];
  weight: number;
};

const CAR: readonly VehicleType[] = ["carros"];
const CAR_TRUCK: readonly VehicleType[] = ["carros", "caminhoes"];
const ALL: readonly VehicleType[] = ["carros", "motos", "caminhoes"];
const CAR_MOTO: readonly VehicleType[] = ["carros", "motos"];

const LINES: readonly Line[] = [
  {
    name: "Pastilha de Freio Dianteira",
    category: "Freios",
    weight: 6,
    types: CAR_MOTO,
    position: "dianteiro",
    keywords: ["pastilha freio", "pastilha dianteira", "pastilhas de freio"],
    summary:
      "Jogo de pastilhas de freio dianteiras com composto de baixa emissão de ruído e poeira",
    notes: ["Sistema Teves", "Sistema Bosch", "Com sensor de desgaste"],
    makers: [
      mk("Cobreq", "N-####", "N-1###"),
      mk("TRW", "GDB####", "RCPT####"),
      mk("Fras-le", "PD/####"),
      mk("Bosch", "BB ####", "BR-###.###"),
      mk("Syl", "SYL-####"),
    ],
  },
  {
    name: "Pastilha de Freio Traseira",
    category: "Freios",
    weight: 3,
    types: CAR,
    position: "traseiro",
    keywords: ["pastilha traseira", "pastilha freio traseira"],
    summary: "Jogo de pastilhas de freio traseiras para freio a disco",
    makers: [
      mk("Cobreq", "N-####"),
      mk("TRW", "GDB####"),
      mk("Fras-le", "PD/####"),
      mk("Bosch", "BR-###.###"),
    ],
  },
  {
    name: "Disco de Freio Dianteiro",
    category: "Freios",
    weight: 4,
    types: CAR_TRUCK,
    position: "dianteiro",
    keywords: ["disco freio", "disco de freio dianteiro"],
    summary: "Disco de freio dianteiro ventilado com tratamento anticorrosivo",
    notes: ["Disco ventilado", "Disco sólido", "Vendido em par"],
    makers: [
      mk("Fremax", "BD#####"),
      mk("Hipper Freios", "HF ####", "HF-###@"),
      mk("TRW", "RPDF#####"),
    ],
  },
  {
    name: "Disco de Freio Traseiro",
    category: "Freios",
    weight: 2,
    types: CAR,
    position: "traseiro",
    keywords: ["disco traseiro", "disco freio traseiro"],
    summary: "Disco de freio traseiro sólido",
    makers: [mk("Fremax", "BD#####"), mk("Hipper Freios", "HF ####")],
  },
  {
    name: "Sapata de Freio Traseira",
    category: "Freios",
    weight: 2,
    types: CAR_MOTO,
    position: "traseiro",
    keywords: ["sapata freio", "lona freio traseira"],
    summary: "Jogo de sapatas de freio traseiras com lona colada",
    makers: [mk("Fras-le", "FI/####"), mk("Cobreq", "N-2####")],
  },
  {
    name: "Cilindro de Roda",
    category: "Freios",
    weight: 1,
    types: CAR,
    position: "traseiro",
    keywords: ["cilindro roda", "cilindro de roda traseiro"],
    summary: "Cilindro de roda do freio traseiro a tambor",
    makers: [mk("Controil", "C-#####"), mk("TRW", "RCCR#####")],
  },
  {
    name: "Cilindro Mestre de Freio",
    category: "Freios",
    weight: 1,
    types: CAR_TRUCK,
    keywords: ["cilindro mestre", "burrinho freio"],
    summary: "Cilindro mestre do freio com reservatório",
    makers: [mk("Controil", "C-#####"), mk("TRW", "RCMF#####"), mk("Bosch", "0 204 ###.###")],
  },
  {
    name: "Flexível de Freio",
    category: "Freios",
    weight: 1,
    types: ALL,
    sided: true,
    keywords: ["flexivel freio", "mangueira freio"],
    summary: "Mangueira flexível de freio com terminais",
    makers: [mk("Cobreq", "FL-####"), mk("TRW", "PHB###@")],
  },
  {
    name: "Lona de Freio",
    category: "Freios",
    weight: 2,
    types: ["caminhoes"],
    keywords: ["lona freio caminhao", "lona de freio"],
    summary: "Lona de freio para caminhão, com furação original",
    notes: ["Eixo dianteiro", "Eixo traseiro"],
    makers: [mk("Fras-le", "FTL/#####"), mk("Cobreq", "CT-#####")],
  },
  {
    name: "Sensor de ABS",
    category: "Freios",
    weight: 1,
    types: CAR,
    sided: true,
    keywords: ["sensor abs", "sensor de abs dianteiro"],
    summary: "Sensor de rotação da roda para o sistema ABS",
    makers: [mk("Bosch", "0 265 0##.###"), mk("MTE-Thomson", "7####")],
  },

  {
    name: "Amortecedor Dianteiro",
    category: "Suspensão",
    weight: 5,
    types: ALL,
    position: "dianteiro",
    keywords: ["amortecedor dianteiro", "amortecedor"],
    summary: "Amortecedor dianteiro pressurizado, com calibragem equivalente à original",
    notes: ["Pressurizado a gás", "Bitubo hidráulico", "Vendido por unidade"],
    makers: [
      mk("Nakata", "HG 3####", "HG 4####"),
      mk("Cofap", "GP3####", "GB2####"),
      mk("Monroe", "SP #####"),
      mk("Kayaba", "KYB-#####"),
    ],
  },
  {
    name: "Amortecedor Traseiro",
    category: "Suspensão",
    weight: 4,
    types: CAR_MOTO,
    position: "traseiro",
    keywords: ["amortecedor traseiro", "amortecedores traseiros"],
    summary: "Amortecedor traseiro com haste cromada e vedação de dupla ação",
    notes: ["Pressurizado a gás", "Vendido por unidade"],
    makers: [
      mk("Nakata", "HG 3####", "HG 4####"),
      mk("Cofap", "GP3####", "MB4####"),
      mk("Monroe", "SP #####"),
      mk("Kayaba", "KYB-#####"),
    ],
  },
  {
    name: "Bandeja de Suspensão Dianteira",
    category: "Suspensão",
    weight: 2,
    types: CAR,
    position: "dianteiro",
    sided: true,
    keywords: ["bandeja suspensao", "balanca dianteira"],
    summary: "Bandeja (balança) da suspensão dianteira com buchas montadas",
    notes: ["Com pivô e buchas", "Sem pivô"],
    makers: [mk("Nakata", "N ######"), mk("Viemar", "#######"), mk("TRW", "JTC#####")],
  },
  {
    name: "Bieleta da Barra Estabilizadora",
    category: "Suspensão",
    weight: 2,
    types: CAR,
    position: "dianteiro",
    keywords: ["bieleta", "bieleta estabilizadora"],
    summary: "Bieleta da barra estabilizadora dianteira com terminais esféricos",
    makers: [mk("Nakata", "N ######"), mk("Viemar", "#######"), mk("Axios", "###.#####")],
  },
  {
    name: "Pivô de Suspensão",
    category: "Suspensão",
    weight: 2,
    types: CAR,
    position: "dianteiro",
    keywords: ["pivo suspensao", "pivo inferior"],
    summary: "Pivô inferior da suspensão dianteira",
    makers: [mk("Nakata", "N ######"), mk("Viemar", "#######"), mk("TRW", "JBJ#####")],
  },
  {
    name: "Kit Batente e Coifa do Amortecedor",
    category: "Suspensão",
    weight: 2,
    types: CAR,
    position: "dianteiro",
    keywords: ["kit batente", "coxim amortecedor"],
    summary: "Kit com batente, coifa e coxim superior do amortecedor dianteiro",
    makers: [mk("Sampel", "SKA #####"), mk("Axios", "###.#####")],
  },
  {
    name: "Mola Helicoidal",
    category: "Suspensão",
    weight: 1,
    types: CAR,
    keywords: ["mola suspensao", "mola helicoidal"],
    summary: "Mola helicoidal da suspensão, vendida em par",
    makers: [mk("Fabrini", "FA####"), mk("Cofap", "MC#####")],
  },
  {
    name: "Rolamento de Roda",
    category: "Suspensão",
    weight: 3,
    types: ALL,
    keywords: ["rolamento roda", "cubo de roda"],
    summary: "Rolamento de roda blindado com retentor integrado",
    makers: [mk("SKF", "VKBA #####"), mk("NSK", "##BWD##"), mk("Fag", "5#####@")],
  },

  {
    name: "Terminal de Direção",
    category: "Direção",
    weight: 2,
    types: CAR_TRUCK,
    position: "dianteiro",
    sided: true,
    keywords: ["terminal direcao", "ponteira direcao"],
    summary: "Terminal de direção forjado com pino esférico e coifa de borracha",
    makers: [mk("Nakata", "N ######"), mk("TRW", "JTE#####"), mk("Viemar", "#######")],
  },
  {
    name: "Barra Axial de Direção",
    category: "Direção",
    weight: 1,
    types: CAR,
    position: "dianteiro",
    keywords: ["barra axial", "axial direcao"],
    summary: "Barra axial da caixa de direção",
    notes: ["Direção hidráulica", "Direção elétrica"],
    makers: [mk("Nakata", "N ######"), mk("TRW", "JAR#####")],
  },
  {
    name: "Bomba de Direção Hidráulica",
    category: "Direção",
    weight: 1,
    types: CAR_TRUCK,
    keywords: ["bomba direcao hidraulica", "bomba hidraulica"],
    summary: "Bomba de direção hidráulica remanufaturada com polia",
    makers: [mk("ZF", "7###.955.###"), mk("TRW", "JPR#####")],
  },

  {
    name: "Junta Homocinética Fixa",
    category: "Transmissão",
    weight: 2,
    types: CAR,
    position: "dianteiro",
    keywords: ["junta homocinetica", "homocinetica"],
    summary: "Junta homocinética fixa lado roda, com coifa, abraçadeiras e graxa",
    notes: ["Com ABS", "Sem ABS"],
    makers: [mk("Nakata", "NJH##-####"), mk("SKF", "VKJA #####"), mk("Vetor", "VT-#####")],
  },
  {
    name: "Coxim do Câmbio",
    category: "Transmissão",
    weight: 1,
    types: CAR,
    keywords: ["coxim cambio", "calco cambio"],
    summary: "Coxim de sustentação do câmbio em borracha vulcanizada",
    makers: [mk("Sampel", "#####"), mk("Axios", "###.#####")],
  },
  {
    name: "Kit Relação (Coroa, Pinhão e Corrente)",
    category: "Transmissão",
    weight: 4,
    types: ["motos"],
    keywords: ["kit relacao", "coroa pinhao corrente"],
    summary: "Kit relação com coroa, pinhão e corrente com retentor",
    makers: [mk("Vaz", "KR#####"), mk("Riffel", "#######")],
  },

  {
    name: "Filtro de Óleo",
    category: "Filtros",
    weight: 6,
    types: ALL,
    keywords: ["filtro oleo", "filtro de óleo", "filtro do oleo"],
    summary: "Filtro de óleo blindado com válvula antirretorno",
    makers: [
      mk("Mann-Filter", "W ###/##", "W ####/#"),
      mk("Tecfil", "PSL####", "PSL###@"),
      mk("Wega", "WO-####", "WO-###/#"),
      mk("Fram", "PH#####"),
    ],
  },
  {
    name: "Filtro de Ar do Motor",
    category: "Filtros",
    weight: 5,
    types: ALL,
    keywords: ["filtro ar", "filtro de ar motor"],
    summary: "Elemento filtrante de ar do motor em papel celulósico",
    makers: [
      mk("Mann-Filter", "C #####", "C ## ###/#"),
      mk("Tecfil", "ARL#####"),
      mk("Wega", "FAP-#####"),
    ],
  },
  {
    name: "Filtro de Combustível",
    category: "Filtros",
    weight: 3,
    types: CAR_TRUCK,
    keywords: ["filtro combustivel", "filtro gasolina"],
    summary: "Filtro de combustível com elemento de alta retenção",
    notes: ["Motores flex", "Linha de retorno"],
    makers: [
      mk("Mann-Filter", "WK ####", "WK ###/#"),
      mk("Tecfil", "GI###/#", "PSC####"),
      mk("Wega", "FCI-#####"),
    ],
  },
  {
    name: "Filtro de Ar-Condicionado (Cabine)",
    category: "Filtros",
    weight: 3,
    types: CAR,
    keywords: ["filtro cabine", "filtro ar condicionado"],
    summary: "Filtro de cabine que retém pólen e poeira do ar-condicionado",
    notes: ["Com carvão ativado"],
    makers: [mk("Mann-Filter", "CU #####"), mk("Tecfil", "ACP####"), mk("Wega", "AKX-#####")],
  },

  {
    name: "Vela de Ignição",
    category: "Ignição",
    weight: 5,
    types: CAR_MOTO,
    keywords: ["vela ignicao", "velas de ignição", "vela"],
    summary: "Vela de ignição com eletrodo de níquel e folga calibrada de fábrica",
    makers: [
      mk("NGK", "BKR#E-##", "ILZKR#B##", "CPR#EA-#", "LZKAR#AP-##"),
      mk("Bosch", "F000KE0P##", "0242###5##", "FR#KPP33+#"),
      mk("Denso", "IK##TT-####"),
    ],
  },
  {
    name: "Bobina de Ignição",
    category: "Ignição",
    weight: 2,
    types: CAR_MOTO,
    keywords: ["bobina ignicao", "bobina"],
    summary: "Bobina de ignição com conector original",
    makers: [
      mk("Bosch", "F 000 ZS0 ###", "0 221 ###.###"),
      mk("Magneti Marelli", "BI0####MM"),
      mk("NGK", "U#####"),
    ],
  },
  {
    name: "Jogo de Cabos de Vela",
    category: "Ignição",
    weight: 2,
    types: CAR,
    keywords: ["cabo vela", "cabos de vela"],
    summary: "Jogo de cabos de vela com supressão de interferência",
    makers: [mk("NGK", "SC-@###"), mk("Bosch", "F 000 99C ###")],
  },

  {
    name: "Kit Correia Dentada",
    category: "Motor",
    weight: 4,
    types: CAR,
    keywords: ["correia dentada", "kit correia dentada"],
    summary: "Kit de correia dentada com tensor e polia",
    notes: ["Troca recomendada a cada 60.000 km", "Com tensor"],
    makers: [mk("Gates", "K0######"), mk("Contitech", "CT#####K1"), mk("Dayco", "KTB####")],
  },
  {
    name: "Correia Poly-V de Acessórios",
    category: "Motor",
    weight: 2,
    types: CAR_TRUCK,
    keywords: ["correia alternador", "correia poly v"],
    summary: "Correia Poly-V do alternador e acessórios",
    notes: ["Com ar-condicionado", "Sem ar-condicionado", "Com direção hidráulica"],
    makers: [mk("Gates", "6PK####", "5PK####"), mk("Contitech", "6PK####"), mk("Dayco", "7PK####")],
  },
  {
    name: "Junta do Cabeçote",
    category: "Motor",
    weight: 1,
    types: ALL,
    keywords: ["junta cabecote", "junta do cabeçote"],
    summary: "Junta do cabeçote multicamadas em aço (MLS)",
    makers: [mk("Sabó", "8#####"), mk("Taranto", "#######")],
  },
  {
    name: "Coxim do Motor",
    category: "Motor",
    weight: 2,
    types: CAR,
    keywords: ["coxim motor", "calco motor"],
    summary: "Coxim de sustentação do motor",
    notes: ["Lado direito", "Coxim hidráulico"],
    makers: [mk("Sampel", "#####"), mk("Axios", "###.#####")],
  },
  {
    name: "Bomba de Óleo",
    category: "Motor",
    weight: 1,
    types: ALL,
    keywords: ["bomba oleo", "bomba de óleo"],
    summary: "Bomba de óleo do motor com engrenagens em aço sinterizado",
    makers: [mk("Schadek", "#####"), mk("Sabó", "BO-#####")],
  },

  {
    name: "Radiador",
    category: "Arrefecimento",
    weight: 2,
    types: CAR_TRUCK,
    keywords: ["radiador", "radiador agua"],
    summary: "Radiador de alumínio com tanques em poliamida",
    notes: ["Com ar-condicionado", "Sem ar-condicionado", "Câmbio automático"],
    makers: [
      mk("Valeo", "73#####"),
      mk("Magneti Marelli", "350213####00"),
      mk("Visconde", "1#####"),
    ],
  },
  {
    name: "Bomba d'Água",
    category: "Arrefecimento",
    weight: 3,
    types: CAR_TRUCK,
    keywords: ["bomba agua", "bomba d'água"],
    summary: "Bomba d'água com rotor metálico e junta",
    makers: [mk("Urba", "UB #####"), mk("SKF", "VKPC ######"), mk("Indisa", "IN#####")],
  },
  {
    name: "Válvula Termostática",
    category: "Arrefecimento",
    weight: 2,
    types: ALL,
    keywords: ["valvula termostatica", "termostato"],
    summary: "Válvula termostática com carcaça e sensor",
    makers: [mk("Wahler", "#####.##D"), mk("MTE-Thomson", "VT####.##")],
  },
  {
    name: "Reservatório de Expansão",
    category: "Arrefecimento",
    weight: 1,
    types: CAR,
    keywords: ["reservatorio expansao", "reservatorio agua"],
    summary: "Reservatório de expansão do líquido de arrefecimento, com tampa",
    makers: [mk("Valeo", "RE#####"), mk("Plastiron", "#####")],
  },

  {
    name: "Alternador",
    category: "Elétrica",
    weight: 1,
    types: CAR_TRUCK,
    keywords: ["alternador"],
    summary: "Alternador novo com regulador de tensão e polia",
    notes: ["90A", "120A"],
    makers: [
      mk("Bosch", "F 000 BL0 ####"),
      mk("Valeo", "TG##C####"),
      mk("Magneti Marelli", "AMA#####"),
    ],
  },
  {
    name: "Motor de Partida",
    category: "Elétrica",
    weight: 1,
    types: ALL,
    keywords: ["motor partida", "motor de arranque"],
    summary: "Motor de partida novo com solenoide",
    makers: [mk("Bosch", "F 000 AL0 ####"), mk("Valeo", "D7E###")],
  },
  {
    name: "Sonda Lambda",
    category: "Elétrica",
    weight: 2,
    types: CAR_MOTO,
    keywords: ["sonda lambda", "sensor oxigenio"],
    summary: "Sonda lambda aquecida de quatro fios",
    notes: ["Pré-catalisador", "Pós-catalisador"],
    makers: [mk("Bosch", "0 258 0##.###"), mk("NGK", "OZA###-@@#"), mk("Denso", "DOX-####")],
  },
  {
    name: "Bomba de Combustível Elétrica",
    category: "Elétrica",
    weight: 2,
    types: CAR_MOTO,
    keywords: ["bomba combustivel", "bomba gasolina"],
    summary: "Bomba de combustível elétrica de alta vazão, compatível com etanol",
    makers: [
      mk("Bosch", "F 000 TE1 ####"),
      mk("Magneti Marelli", "MAM000###"),
      mk("Delphi", "FE#####"),
    ],
  },
  {
    name: "Sensor de Rotação",
    category: "Elétrica",
    weight: 1,
    types: CAR,
    keywords: ["sensor rotacao", "sensor de fase"],
    summary: "Sensor de rotação do virabrequim (sensor indutivo)",
    makers: [mk("Bosch", "0 261 210 ###"), mk("MTE-Thomson", "7####")],
  },

  {
    name: "Kit de Embreagem",
    category: "Embreagem",
    weight: 4,
    types: CAR_TRUCK,
    keywords: ["kit embreagem", "embreagem"],
    summary: "Kit de embreagem com platô, disco e rolamento",
    notes: ["Com rolamento", "Com atuador hidráulico"],
    makers: [
      mk("Sachs", "6#####", "3000 ### ###"),
      mk("LuK", "6## #### ##"),
      mk("Valeo", "826####"),
    ],
  },
  {
    name: "Atuador Hidráulico de Embreagem",
    category: "Embreagem",
    weight: 1,
    types: CAR,
    keywords: ["atuador embreagem", "rolamento embreagem"],
    summary: "Atuador hidráulico concêntrico (rolamento de embreagem)",
    makers: [mk("LuK", "510 #####10"), mk("Sachs", "3182 ### ###"), mk("Valeo", "804####")],
  },
  {
    name: "Cabo de Embreagem",
    category: "Embreagem",
    weight: 2,
    types: ["motos", "carros"],
    keywords: ["cabo embreagem"],
    summary: "Cabo de embreagem com regulagem",
    makers: [mk("Riffel", "#######"), mk("Controlflex", "CF#####")],
  },
];

const CATEGORY_ICONS: Record<string, string> = {
  Freios: "🛑",
  Motor: "🔧",
  Suspensão: "🔩",
  Elétrica: "⚡",
  Transmissão: "⚙️",
  Filtros: "🛢️",
  Arrefecimento: "🌡️",
  Ignição: "🔥",
  Direção: "🧭",
  Embreagem: "🔄",
};

/** Original-equipment part number shapes, by the vehicle maker that issues them. */
const OE_PATTERNS: Record<string, readonly string[]> = {
  Volkswagen: ["5U0######@", "6R0######", "2G0######@", "6Q0######@", "030######@@"],
  Fiat: ["5#######", "4#######", "55######"],
  Chevrolet: ["52######", "93######", "94######"],
  Ford: ["@@@@-#####-@@", "@@@@-####-@"],
  Renault: ["#########R", "77########", "82########"],
  Toyota: ["#####-0@###", "#####-#####"],
  Honda: ["#####-@#@-@##", "#####-@@@-###"],
  Hyundai: ["#####-#@@##", "#####-*****"],
  Kia: ["#####-#@@##"],
  Jeep: ["########@@", "5#######"],
  Nissan: ["@####-#@@#@", "#####-#@@#@"],
  Peugeot: ["16########", "98########"],
  Citroën: ["16########", "98########"],
  Mitsubishi: ["####@###"],
  Yamaha: ["@##-@####-##", "###-#####-##"],
  Suzuki: ["#####-#####-###"],
  "Mercedes-Benz": ["A000#######", "A###########"],
  Volvo: ["2#######"],
  Scania: ["1######", "2######"],
  Iveco: ["5801######"],
};
const OE_ABBREVIATION: Record<string, string> = {
  Volkswagen: "VW",
  Chevrolet: "GM",
  "Mercedes-Benz": "Mercedes",
};
const DISTRIBUTOR_PATTERNS = ["DPK-######", "AP######", "DS-####-@", "KC ######", "ROL-#####"];
const DISTRIBUTORS = ["DPK", "Pellegrino", "Distribuidora Sama", "Roles", "Comercial Autopeças"];

// ---------------------------------------------------------------------------------------------
// Bulk loading
// ---------------------------------------------------------------------------------------------

type Value = string | number | null;

/** Multi-row INSERTs of `rowsPerStatement` rows, the statement prepared once per row count. */
function bulkInserter(
  sqlite: Database.Database,
  table: string,
  columns: readonly string[],
  rowsPerStatement = 500,
) {
  const row = `(${columns.map(() => "?").join(",")})`;
  const head = `insert into ${table} (${columns.join(",")}) values `;
  const full = sqlite.prepare(head + Array(rowsPerStatement).fill(row).join(","));
  const width = columns.length;
  let buffer: Value[] = [];
  let written = 0;
  return {
    push(values: readonly Value[]) {
      if (values.length !== width)
        throw new Error(`${table}: expected ${width} values, got ${values.length}`);
      for (const v of values) buffer.push(v);
      if (buffer.length === width * rowsPerStatement) {
        full.run(buffer);
        written += rowsPerStatement;
        buffer = [];
      }
    },
    flush() {
      if (buffer.length > 0) {
        const rows = buffer.length / width;
        sqlite.prepare(head + Array(rows).fill(row).join(",")).run(buffer);
        written += rows;
        buffer = [];
      }
      return written;
    },
  };
}

type Saved = { name: string; sql: string };

/** Secondary indexes of `tables` (not the automatic ones), to drop before a bulk load and recreate after. */
function savedIndexes(sqlite: Database.Database, tables: readonly string[]): Saved[] {
  return sqlite
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => "?").join(",")})`,
    )
    .all(...tables) as Saved[];
}

function savedTriggers(sqlite: Database.Database, table: string): Saved[] {
  return sqlite
    .prepare(`select name, sql from sqlite_master where type = 'trigger' and tbl_name = ?`)
    .all(table) as Saved[];
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/** Fitments per part, repeating: mean exactly 10, from single-vehicle parts to 22 vehicles. */
const FITMENT_CYCLE = [1, 2, 3, 4, 4, 5, 6, 6, 8, 8, 10, 10, 12, 12, 14, 16, 18, 19, 22, 20];
/** Alternative codes per part, repeating: mean exactly 3 (some parts have none). */
const ALTERNATIVE_CYCLE = [0, 1, 2, 3, 3, 4, 4, 5, 6, 2];

/** Spreads `total` over `n` items following `cycle`, so the sum is exactly `total`. */
function quota(cycle: readonly number[], n: number, total: number) {
  const mean = cycle.reduce((a, b) => a + b, 0) / cycle.length;
  const scale = total / (n * mean);
  let given = 0;
  return (index: number) => {
    // Running rounding: item i gets round(scale * prefix-sum) - what was already given.
    const want = Math.round(scale * cycleSum(cycle, index + 1));
    const share = Math.max(0, want - given);
    given += share;
    return index === n - 1 ? share + Math.max(0, total - given) : share;
  };
}

const cyclePrefix = new Map<readonly number[], number[]>();
function cycleSum(cycle: readonly number[], count: number): number {
  let prefix = cyclePrefix.get(cycle);
  if (!prefix) {
    prefix = [0];
    for (const v of cycle) prefix.push(prefix.at(-1)! + v);
    cyclePrefix.set(cycle, prefix);
  }
  const full = Math.floor(count / cycle.length);
  return full * prefix[cycle.length]! + prefix[count % cycle.length]!;
}

export type CatalogueMeta = {
  version: 1;
  options: Omit<Options, "out" | "adminPassword">;
  counts: { parts: number; alternatives: number; vehicles: number; fitments: number };
  admin: { email: string; password: string };
  generatedAt: string;
  generationMs: number;
  phasesMs: Record<string, number>;
  fileBytes: number;
  samples: { ownCodes: string[]; alternativeCodes: string[]; descriptionQueries: string[] };
};

/** How a mechanic types a code: lower case, spaces turned into dashes, sometimes extra dashes. */
function typedCode(code: string, random: Random): string {
  let typed = code.toLowerCase().replace(/\s+/g, "-");
  if (random() < 0.3 && /^[a-z]+\d/.test(typed)) typed = typed.replace(/^([a-z]+)(\d)/, "$1-$2");
  return typed;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { parts: P, alternatives: A, vehicles: V, fitments: F } = options;
  const started = performance.now();
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - phaseStart);
    console.log(`  ${name}: ${((now - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = now;
  };

  console.log(
    `Generating ${P.toLocaleString("en")} parts, ${A.toLocaleString("en")} alternative codes, ${V.toLocaleString("en")} vehicles, ${F.toLocaleString("en")} fitments → ${options.out}`,
  );
  mkdirSync(path.dirname(options.out), { recursive: true });
  const tmp = `${options.out}.tmp`;
  for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`, `${tmp}-journal`]) rmSync(f, { force: true });

  // 1. Schema by the app's migrations; plans, admin and SEO by the app's seed.
  const db = openDatabase(tmp);
  migrateDatabase(db);
  const { seeded } = await seedDatabase(db, {
    adminEmail: options.adminEmail,
    adminPassword: options.adminPassword,
    demo: false,
  });
  if (!seeded) throw new Error("seedDatabase did not seed a fresh database");
  const sqlite = db.$client;
  phase("schema + seed");

  // 2. Bulk-load settings: no journal, no fsync, big cache, no FK checks.
  sqlite.pragma("journal_mode = OFF");
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("foreign_keys = OFF");
  sqlite.pragma("temp_store = MEMORY");
  sqlite.pragma("cache_size = -1000000");
  sqlite.pragma("locking_mode = EXCLUSIVE");

  const catalogueTables = ["parts", "part_alternative_codes", "vehicles", "part_vehicles"];
  const indexes = savedIndexes(sqlite, catalogueTables);
  // The fitment-key triggers on part_vehicles and vehicles would re-index a part per fitment.
  const triggers = ["parts", "part_vehicles", "vehicles"].flatMap((table) =>
    savedTriggers(sqlite, table),
  );
  for (const t of triggers) sqlite.exec(`drop trigger ${quoteIdent(t.name)}`);
  for (const i of indexes) sqlite.exec(`drop index ${quoteIdent(i.name)}`);

  const now = Date.now();
  const random = mulberry32(options.seed);

  // Categories and brands.
  const categoryId = new Map<string, number>();
  const insertCategory = sqlite.prepare(
    "insert into categories (name, description, icon) values (?, ?, ?)",
  );
  for (const line of LINES) {
    if (categoryId.has(line.category)) continue;
    const info = insertCategory.run(
      line.category,
      `Peças de ${line.category.toLowerCase()}`,
      CATEGORY_ICONS[line.category] ?? null,
    );
    categoryId.set(line.category, Number(info.lastInsertRowid));
  }
  const insertBrand = sqlite.prepare("insert or ignore into brands (name) values (?)");
  for (const brand of new Set(MODELS.map((d) => d.brand))) insertBrand.run(brand);

  // 3. Vehicles.
  const vehicles: VehicleArrays = {
    brand: [""],
    model: [""],
    generation: [""],
    year: new Int16Array(V + 1),
    type: ["carros"],
    modelIndex: new Int32Array(V + 1),
  };
  sqlite.transaction(() => {
    const insert = bulkInserter(
      sqlite,
      "vehicles",
      [
        "id",
        "brand",
        "model",
        "generation",
        "year",
        "version",
        "engine",
        "fuel",
        "transmission",
        "body_type",
        "vehicle_type",
        "fipe_code",
        "created_at",
        "updated_at",
      ],
      400,
    );
    for (const row of buildVehicles(V, vehicles)) insert.push([...row, now, now]);
    const written = insert.flush();
    if (written !== V) throw new Error(`wrote ${written} vehicles, expected ${V}`);
  })();
  phase("vehicles");

  // Lines usable per vehicle type, weighted.
  const linesByType = new Map<VehicleType, Line[]>();
  for (const type of ["carros", "motos", "caminhoes"] as const) {
    const usable: Line[] = [];
    for (const line of LINES)
      if (line.types.includes(type)) for (let w = 0; w < line.weight; w++) usable.push(line);
    linesByType.set(type, usable);
  }

  // 4. Parts, alternative codes and the fitment plan, in groups of equivalent parts: one line for
  //    one application, offered by 1–4 makers that list each other's codes and the OE codes.
  const taken = new Set<string>();
  const freshCode = (maker: Maker): string => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const code = fillPattern(random, pick(random, maker.patterns));
      const key = `${maker.name}|${normalizeCode(code)}`;
      if (!taken.has(key)) {
        taken.add(key);
        return code;
      }
    }
    // Pattern space exhausted: lengthen the code instead of looping forever.
    for (;;) {
      const code = `${fillPattern(random, pick(random, maker.patterns))}-${fillPattern(random, "##")}`;
      const key = `${maker.name}|${normalizeCode(code)}`;
      if (!taken.has(key)) {
        taken.add(key);
        return code;
      }
    }
  };

  const fitmentsOf = quota(FITMENT_CYCLE, P, F);
  const alternativesOf = quota(ALTERNATIVE_CYCLE, P, A);
  const samples = {
    own: [] as string[],
    alternative: [] as string[],
    description: new Set<string>(),
  };
  const sampleEvery = Math.max(1, Math.floor(P / 400));

  sqlite.exec(`create temp table bench_fit_plan (part_id integer primary key, vstart integer not null, vcount integer not null,
    vstep integer not null, notes text, position text, side text)`);

  let altWritten = 0;
  let fitPlanned = 0;
  sqlite.transaction(() => {
    const partInsert = bulkInserter(sqlite, "parts", [
      "id",
      "code",
      "code_norm",
      "name",
      "description",
      "category_id",
      "manufacturer",
      "mercado_livre_link",
      "image_url",
      "created_at",
      "updated_at",
    ]);
    const altInsert = bulkInserter(sqlite, "part_alternative_codes", [
      "part_id",
      "alternative_code",
      "alternative_code_norm",
      "description",
      "created_at",
      "updated_at",
    ]);
    const planInsert = bulkInserter(sqlite, "temp.bench_fit_plan", [
      "part_id",
      "vstart",
      "vcount",
      "vstep",
      "notes",
      "position",
      "side",
    ]);

    let partId = 0;
    while (partId < P) {
      // The application: a run of vehicles starting at one model-year, maybe spilling into the next model.
      const vstart = 1 + Math.floor(random() * V);
      const type = vehicles.type[vstart]!;
      const line = pick(random, linesByType.get(type)!);
      const vstep = pick(random, [1, 1, 2, 3, 5, 7]);
      const makers = [...line.makers]
        .sort(() => random() - 0.5)
        .slice(0, int(random, 1, Math.min(4, line.makers.length)));
      const sides: (string | null)[] = line.sided ? ["esquerdo", "direito"] : [null];
      const vehicleBrand = vehicles.brand[vstart]!;
      const oeCodes = Array.from({ length: int(random, 1, 3) }, () =>
        fillPattern(random, pick(random, OE_PATTERNS[vehicleBrand] ?? ["########"])),
      );
      const note = line.notes && random() < 0.5 ? pick(random, line.notes) : null;

      const group: { id: number; code: string; maker: string; side: string | null }[] = [];
      for (const side of sides) {
        for (const maker of makers) {
          if (partId >= P) break;
          group.push({ id: ++partId, code: freshCode(maker), maker: maker.name, side });
        }
      }

      for (const member of group) {
        const k = Math.min(fitmentsOf(member.id - 1), Math.floor(V / vstep) - 1);
        fitPlanned += k;
        // Vehicle n of the part: ((vstart - 1 + n * vstep) mod V) + 1; the SQL expansion uses the same formula.
        const seen = new Map<string, [number, number]>();
        for (let n = 0; n < k; n++) {
          const v = ((vstart - 1 + n * vstep) % V) + 1;
          const label = `${vehicles.brand[v]} ${vehicles.model[v]} ${vehicles.generation[v]}`;
          const y = vehicles.year[v]!;
          const span = seen.get(label);
          seen.set(label, span ? [Math.min(span[0], y), Math.max(span[1], y)] : [y, y]);
        }
        const application = [...seen]
          .slice(0, 4)
          .map(([label, [a, b]]) => (a === b ? `${label} ${a}` : `${label} ${a}–${b}`))
          .join(", ");
        const sideText = member.side ? ` Lado ${member.side}.` : "";
        const description = `${line.summary}.${sideText} Aplicação: ${application || "universal"}.${note ? ` ${note}.` : ""}`;
        const name = member.side
          ? `${line.name} ${member.side === "esquerdo" ? "Esquerda" : "Direita"}`
          : line.name;
        const link =
          random() < 0.6
            ? `https://lista.mercadolivre.com.br/${slug(`${line.name} ${member.maker} ${member.code}`)}`
            : null;
        partInsert.push([
          member.id,
          member.code,
          normalizeCode(member.code),
          name,
          description,
          categoryId.get(line.category)!,
          member.maker,
          link,
          null,
          now,
          now,
        ]);
        planInsert.push([member.id, vstart, k, vstep, note, line.position ?? null, member.side]);

        // Alternative codes: the other makers' codes of the group, then OE codes, then distributor codes.
        const wanted = alternativesOf(member.id - 1);
        const ownNorm = normalizeCode(member.code);
        const used = new Set<string>([ownNorm]);
        const alternatives: [string, string][] = [];
        const offer = (code: string, description: string) => {
          const norm = normalizeCode(code);
          if (alternatives.length >= wanted || !norm || used.has(norm)) return;
          used.add(norm);
          alternatives.push([code, description]);
        };
        for (const other of group)
          if (other.side === member.side && other !== member)
            offer(other.code, `Equivalente ${other.maker}`);
        for (const code of oeCodes)
          offer(code, `Código original ${OE_ABBREVIATION[vehicleBrand] ?? vehicleBrand}`);
        for (let guard = 0; alternatives.length < wanted && guard < 100; guard++) {
          offer(
            fillPattern(random, pick(random, DISTRIBUTOR_PATTERNS)),
            `Código do distribuidor ${pick(random, DISTRIBUTORS)}`,
          );
        }
        for (const [code, desc] of alternatives)
          altInsert.push([member.id, code, normalizeCode(code), desc, now, now]);
        altWritten += alternatives.length;

        // Samples for the load test.
        if (member.id % sampleEvery === 0) {
          const typed = typedCode(member.code, random);
          if (samples.own.length < 400 && !isDescriptionQuery(typed)) samples.own.push(typed);
          const alt = alternatives.find(([, d]) => !d.startsWith("Equivalente"));
          if (alt && samples.alternative.length < 400) {
            const typedAlt = typedCode(alt[0], random);
            if (!isDescriptionQuery(typedAlt)) samples.alternative.push(typedAlt);
          }
          if (samples.description.size < 400) {
            // The first keyword of a line is in its text; the others are synonyms that may find nothing.
            const keyword = random() < 0.7 ? line.keywords[0]! : pick(random, line.keywords);
            const model = vehicles.model[vstart]!.toLowerCase();
            const roll = random();
            // Mostly "<line words> <model>", some bare line words, some typed with accents or plurals.
            samples.description.add(
              roll < 0.6
                ? `${keyword} ${model}`
                : roll < 0.85
                  ? keyword
                  : `${keyword} ${vehicles.brand[vstart]!.toLowerCase()}`,
            );
          }
        }
      }
    }
    partInsert.flush();
    altInsert.flush();
    planInsert.flush();
  })();
  taken.clear();
  phase("parts + alternative codes");
  if (altWritten !== A)
    console.warn(`  note: wrote ${altWritten} alternative codes (asked for ${A})`);

  // 5. Fitments, expanded inside SQLite from the per-part plan.
  const maxPerPart = (
    sqlite.prepare("select max(vcount) as n from temp.bench_fit_plan").get() as { n: number }
  ).n;
  sqlite.exec("create temp table bench_nums (n integer primary key)");
  sqlite
    .prepare(
      "insert into temp.bench_nums (n) with recursive s(n) as (select 0 union all select n + 1 from s where n + 1 < ?) select n from s",
    )
    .run(maxPerPart);
  sqlite.transaction(() => {
    sqlite
      .prepare(
        `insert into part_vehicles (part_id, vehicle_id, notes, position, side, year_from, year_to, source, created_at)
         select f.part_id, v.id, case when n.n = 0 then f.notes end, f.position, f.side, v.year, v.year, 'catalogo', ?
         from temp.bench_fit_plan f cross join temp.bench_nums n cross join vehicles v
         where n.n < f.vcount and v.id = ((f.vstart - 1 + n.n * f.vstep) % ?) + 1
         order by f.part_id, n.n`,
      )
      .run(now, V);
  })();
  sqlite.exec("drop table temp.bench_fit_plan; drop table temp.bench_nums;");
  phase("fitments");
  if (fitPlanned !== F) console.warn(`  note: planned ${fitPlanned} fitments (asked for ${F})`);

  // 6. Indexes and triggers back, exactly as the migrations wrote them; the FTS index in one go.
  for (const i of indexes) sqlite.exec(i.sql);
  phase("indexes");
  sqlite.exec("insert or ignore into search_dirty_parts(part_id) select id from parts");
  sqlite.exec(REFRESH_ALL_FITMENT_KEYS);
  phase("fitment keys");
  sqlite.exec("insert into parts_fts(parts_fts) values('rebuild')");
  phase("fts rebuild");
  if (options.optimizeFts) {
    sqlite.exec("insert into parts_fts(parts_fts) values('optimize')");
    phase("fts optimize");
  }
  for (const t of triggers) sqlite.exec(t.sql);

  // 7. Statistics, then back to the app's journal mode.
  sqlite.pragma("analysis_limit = 2000");
  sqlite.exec("analyze");
  sqlite.pragma("locking_mode = NORMAL");
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  const count = (table: string) =>
    (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const counts = {
    parts: count("parts"),
    alternatives: count("part_alternative_codes"),
    vehicles: count("vehicles"),
    fitments: count("part_vehicles"),
  };
  const fk = sqlite.prepare("pragma foreign_key_check").all();
  if (fk.length > 0) throw new Error(`foreign key check failed: ${JSON.stringify(fk.slice(0, 3))}`);
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  phase("analyze + checks");

  for (const f of [options.out, `${options.out}-wal`, `${options.out}-shm`])
    rmSync(f, { force: true });
  renameSync(tmp, options.out);
  for (const f of [`${tmp}-wal`, `${tmp}-shm`]) if (existsSync(f)) rmSync(f, { force: true });

  const generationMs = Math.round(performance.now() - started);
  const { out: _out, adminPassword: _pw, ...rest } = options;
  const meta: CatalogueMeta = {
    version: 1,
    options: rest,
    counts,
    admin: { email: options.adminEmail, password: options.adminPassword },
    generatedAt: new Date().toISOString(),
    generationMs,
    phasesMs: phases,
    fileBytes: statSync(options.out).size,
    samples: {
      ownCodes: samples.own.slice(0, 200),
      alternativeCodes: samples.alternative.slice(0, 200),
      descriptionQueries: [...samples.description].slice(0, 200),
    },
  };
  writeFileSync(`${options.out}.json`, `${JSON.stringify(meta, null, 2)}\n`);
  console.log(
    `Done in ${(generationMs / 1000).toFixed(1)} s: ${JSON.stringify(counts)}, ${(meta.fileBytes / 1024 ** 3).toFixed(2)} GiB`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
