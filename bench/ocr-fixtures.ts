/**
 * Writes the OCR test set for "search by photo" (issue #14): photos of part boxes and labels with
 * a demo part code on them, into tests/fixtures/ocr/ (JPEG images + manifest.json).
 *
 *   npx tsx bench/ocr-fixtures.ts                # every photo
 *   npx tsx bench/ocr-fixtures.ts --keep-mixed   # the committed first 51 kept, the rest written
 *
 * Deterministic: one seeded PRNG plans the whole set and one per image draws its details, so a
 * rerun on the same sharp/librsvg/fonts writes the same files. The folder's *.jpg files and the
 * manifest are replaced on every run; never edit them by hand, change this script and rerun it.
 *
 * Each image is an SVG scene rendered by sharp: a bench (wood, steel or a rubber mat), a box face
 * (kraft, white or coloured cardboard, with grain) rotated on it, a brand block, a stripe, the
 * part name, small print ("Made in Brazil", "12 un.") and an EAN-13 barcode with its digits as
 * distractors, and the part code on a sticker, printed on the box or on a dark band. Then the
 * "camera": uneven lighting, global contrast reduction, gaussian blur, per-pixel noise and JPEG
 * compression. Every code is a demo catalogue code (a part's own code or one of its alternative
 * codes), printed exactly as the catalogue writes it; the manifest records it with every
 * parameter used. Difficulty is kept fair: combinations that a person could not read at a glance
 * (a small code that is also very blurred, low contrast with strong noise, ...) are swapped away
 * while planning, so every value of every parameter still appears as often as planned.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { normalizeCode } from "~/utils/codes";
import { buildCatalogue, mulberry32 } from "~db/seed-data/catalogue";

const OUT_DIR = path.resolve("tests/fixtures/ocr");
const COUNT = 51; // odd, so the evenly spread rotations include 0°
const SEED = 0x0c2_014; // issue #14

type Random = () => number;

const between = (random: Random, lo: number, hi: number) => lo + random() * (hi - lo);
const int = (random: Random, lo: number, hi: number) => Math.floor(between(random, lo, hi + 1));
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const chance = (random: Random, p: number) => random() < p;

function shuffle<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** n values evenly spread from lo to hi, both included. */
const spread = (n: number, lo: number, hi: number) =>
  Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));

/** n items taken from `values` in turn (each about equally often), in a random order. */
const cycle = <T>(random: Random, n: number, values: readonly T[]) =>
  shuffle(
    random,
    Array.from({ length: n }, (_, i) => values[i % values.length]!),
  );

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// ---------------------------------------------------------------------------------------------
// Codes from the demo catalogue
// ---------------------------------------------------------------------------------------------

type CodeSource = { code: string; brand: string; partName: string; category: string };

/** Codes the docs and demo pages name; always in the set. */
const CURATED = ["BR123456", "W 712/95", "HG 31069", "5U0698151A", "PSL 789", "F000KE0P32"];

/** "GDB123" → "@@@###": the shape of a code, to sample many shapes rather than many codes. */
const shapeOf = (code: string) => code.replace(/[0-9]/g, "#").replace(/[A-Z]/g, "@");

function separatorClass(code: string): string {
  if (/^[0-9]+$/.test(code)) return "digits";
  if (/^[A-Z0-9]+$/.test(code)) return "alnum";
  if (code.includes(" ")) return "space";
  if (code.includes(".")) return "dot";
  if (code.includes("/")) return "slash";
  if (code.includes("-")) return "dash";
  return "other";
}

function catalogueCodes(): { sources: Map<string, CodeSource>; normalised: Set<string> } {
  const { parts } = buildCatalogue();
  const sources = new Map<string, CodeSource>();
  const normalised = new Set<string>();
  // Own codes first: a code's box is the box of the maker that sells it.
  for (const part of parts) {
    normalised.add(normalizeCode(part.code));
    if (!sources.has(part.code))
      sources.set(part.code, {
        code: part.code,
        brand: part.manufacturer,
        partName: part.name,
        category: part.category,
      });
  }
  for (const part of parts) {
    for (const alt of part.alternativeCodes) {
      normalised.add(normalizeCode(alt.code));
      const brand = alt.description?.match(/^(?:Equivalente|Código original)\s+(.+?)(?:\s*\(|$)/);
      if (!sources.has(alt.code) && brand)
        sources.set(alt.code, {
          code: alt.code,
          brand: brand[1]!,
          partName: part.name,
          category: part.category,
        });
    }
  }
  return { sources, normalised };
}

/** The curated codes, then one code per shape, taking the separator classes in turn. */
function pickCodes(random: Random, sources: Map<string, CodeSource>, n: number): CodeSource[] {
  const chosen = CURATED.map((code) => sources.get(code)!);
  const usedShapes = new Set(chosen.map((s) => shapeOf(s.code)));
  const byClass = new Map<string, Map<string, CodeSource[]>>();
  for (const source of [...sources.values()].sort((a, b) => a.code.localeCompare(b.code))) {
    const length = source.code.length;
    if (length < 4 || length > 13) continue;
    const cls = separatorClass(source.code);
    const shapes = byClass.get(cls) ?? byClass.set(cls, new Map()).get(cls)!;
    const shape = shapeOf(source.code);
    (shapes.get(shape) ?? shapes.set(shape, []).get(shape)!).push(source);
  }
  const queues = [...byClass.keys()].sort().map((cls) =>
    shuffle(random, [...byClass.get(cls)!.keys()].sort())
      .filter((shape) => !usedShapes.has(shape))
      .map((shape) => byClass.get(cls)!.get(shape)!),
  );
  while (chosen.length < n && queues.some((q) => q.length > 0)) {
    for (const queue of queues) {
      const codes = queue.shift();
      if (codes && chosen.length < n) chosen.push(pick(random, codes));
    }
  }
  return shuffle(random, chosen);
}

// ---------------------------------------------------------------------------------------------
// Plan: every parameter spread evenly over the set, then repaired for legibility
// ---------------------------------------------------------------------------------------------

type Face = { name: string; family: string; weight: "bold" | "normal"; stretch: string };

const FACES: readonly Face[] = [
  { name: "DejaVu Sans Bold", family: "DejaVu Sans", weight: "bold", stretch: "normal" },
  {
    name: "DejaVu Sans Condensed Bold",
    family: "DejaVu Sans",
    weight: "bold",
    stretch: "condensed",
  },
  { name: "DejaVu Sans", family: "DejaVu Sans", weight: "normal", stretch: "normal" },
  { name: "DejaVu Serif Bold", family: "DejaVu Serif", weight: "bold", stretch: "normal" },
  {
    name: "DejaVu Serif Condensed Bold",
    family: "DejaVu Serif",
    weight: "bold",
    stretch: "condensed",
  },
  { name: "DejaVu Sans Mono Bold", family: "DejaVu Sans Mono", weight: "bold", stretch: "normal" },
  { name: "Liberation Sans Bold", family: "Liberation Sans", weight: "bold", stretch: "normal" },
  {
    name: "Liberation Sans Narrow Bold",
    family: "Liberation Sans Narrow",
    weight: "bold",
    stretch: "normal",
  },
  { name: "Liberation Sans", family: "Liberation Sans", weight: "normal", stretch: "normal" },
  { name: "Liberation Serif Bold", family: "Liberation Serif", weight: "bold", stretch: "normal" },
  { name: "Liberation Mono Bold", family: "Liberation Mono", weight: "bold", stretch: "normal" },
];

const BODY_FACES = FACES.filter((f) => /^(DejaVu Sans|Liberation Sans)/.test(f.name));

type Contrast = "normal" | "low-ink" | "reduced";
type Lighting = "even" | "radial" | "linear";
type Polarity = "dark-on-light" | "light-on-dark";

/**
 * The kinds of photo in the set: "mixed" (the first 51, issue #14: every condition spread evenly),
 * then the kinds that failed in issue #25 — large clean photos of big codes in a serif face,
 * white-on-dark labels, heavy blur with strong JPEG artefacts.
 */
type Kind = "mixed" | "large-serif" | "light-on-dark" | "heavy-blur";

type Plan = {
  kind: Kind;
  /** Width of the photo, px (a range; the default is 800–1200). */
  widthRange?: readonly [number, number];
  /** A whole dark sticker instead of a dark band behind a light code. */
  darkSticker?: boolean;
  face: Face;
  /** Cap height of the code asked for, per 1000 px of image width (the layout may shrink it). */
  capPer1000: number;
  rotationDeg: number;
  blurSigma: number;
  noiseSigma: number;
  contrast: Contrast;
  lighting: Lighting;
  jpegQuality: number;
  polarity: Polarity;
};

/**
 * Can a person read the code at a glance? A few hard limits and a budget of hard conditions;
 * 0 means legible, more means further from it.
 */
function hardship(p: Plan): number {
  const cap = p.capPer1000;
  const hard =
    Number(cap < 40) +
    Number(p.blurSigma >= 1.2) +
    Number(p.noiseSigma >= 8) +
    Number(p.contrast !== "normal") +
    Number(p.jpegQuality < 62) +
    Number(p.lighting !== "even") * 0.5 +
    Number(Math.abs(p.rotationDeg) > 10) * 0.5;
  return (
    Number(p.blurSigma > cap * 0.042) + // 28 px caps: sigma ≤ 1.2; 43 px and up: any
    Number(p.contrast !== "normal" && (p.blurSigma > 1.2 || p.noiseSigma > 8)) +
    Number(cap < 36 && p.noiseSigma > 8) +
    Number(p.polarity === "light-on-dark" && p.contrast === "low-ink") +
    Math.max(0, hard - 3)
  );
}

const legible = (p: Plan) => hardship(p) === 0;

function plan(random: Random, n: number): Plan[] {
  const faces = cycle(random, n, FACES);
  const caps = shuffle(random, spread(n, 28, 96)).map((v) => round(v, 1));
  const rotations = shuffle(random, spread(n, -15, 15)).map((v) => round(v, 2));
  const blurs = shuffle(random, spread(n, 0, 1.8)).map((v) => (v < 0.3 ? 0 : round(v, 2)));
  // A third of the photos without added noise, the rest from faint to clearly grainy.
  const noiseFree = Math.round(n / 3);
  const noises = shuffle(random, [
    ...Array<number>(noiseFree).fill(0),
    ...spread(n - noiseFree, 3, 12).map((v) => round(v, 1)),
  ]);
  const contrasts = cycle<Contrast>(random, n, [
    "normal",
    "normal",
    "normal",
    "low-ink",
    "normal",
    "normal",
    "reduced",
  ]);
  const lightings = cycle<Lighting>(random, n, ["even", "radial", "even", "linear", "radial"]);
  const qualities = shuffle(random, spread(n, 55, 85)).map((v) => Math.round(v));
  const lightOnDark = Math.round(n * 0.16);
  const polarities = shuffle<Polarity>(random, [
    ...Array<Polarity>(lightOnDark).fill("light-on-dark"),
    ...Array<Polarity>(n - lightOnDark).fill("dark-on-light"),
  ]);
  const plans: Plan[] = Array.from({ length: n }, (_, i) => ({
    kind: "mixed" as const,
    face: faces[i]!,
    capPer1000: caps[i]!,
    rotationDeg: rotations[i]!,
    blurSigma: blurs[i]!,
    noiseSigma: noises[i]!,
    contrast: contrasts[i]!,
    lighting: lightings[i]!,
    jpegQuality: qualities[i]!,
    polarity: polarities[i]!,
  }));

  // Repair: swap one parameter with another image when both come out legible.
  const keys = [
    "blurSigma",
    "noiseSigma",
    "capPer1000",
    "contrast",
    "jpegQuality",
    "polarity",
  ] as const;
  for (let pass = 0; pass < 20 && plans.some((p) => !legible(p)); pass++) {
    for (const [i, p] of plans.entries()) {
      if (legible(p)) continue;
      search: for (const key of keys) {
        for (const j of shuffle(random, [...plans.keys()])) {
          if (j === i) continue;
          const a = { ...p, [key]: plans[j]![key] };
          const b = { ...plans[j]!, [key]: p[key] };
          if (hardship(a) < hardship(p) && legible(b)) {
            plans[i] = a;
            plans[j] = b;
            break search;
          }
        }
      }
    }
  }
  const stuck = plans.filter((p) => !legible(p)).length;
  if (stuck > 0) throw new Error(`${stuck} planned images stay too hard to read; change the plan`);
  return plans;
}

/** Serif faces for the large clean photos: the bold ones and the book weights. */
const SERIF_FACES: readonly Face[] = [
  ...FACES.filter((f) => f.family.includes("Serif")),
  { name: "DejaVu Serif", family: "DejaVu Serif", weight: "normal", stretch: "normal" },
  { name: "Liberation Serif", family: "Liberation Serif", weight: "normal", stretch: "normal" },
];

/** How many photos of each kind that failed in issue #25 follow the mixed set. */
const KIND_COUNT = 11;

/**
 * The photos of one of issue #25's failing kinds: each parameter spread evenly over its own range
 * for the kind. Every one legible at a glance to a person (the blur is heavy only on big print).
 */
function kindPlan(random: Random, kind: Exclude<Kind, "mixed">, n: number): Plan[] {
  const rotations = shuffle(random, spread(n, -10, 10)).map((v) => round(v, 2));
  const lightings = cycle<Lighting>(random, n, ["even", "radial", "linear"]);
  if (kind === "large-serif") {
    // A phone's full-size photo of a label filling much of the frame, sharp and clean.
    const faces = cycle(random, n, SERIF_FACES);
    const caps = shuffle(random, spread(n, 60, 150)).map((v) => round(v, 1));
    const qualities = shuffle(random, spread(n, 70, 85)).map(Math.round);
    return Array.from({ length: n }, (_, i) => ({
      kind,
      widthRange: [2600, 4000] as const,
      face: faces[i]!,
      capPer1000: caps[i]!,
      rotationDeg: rotations[i]!,
      blurSigma: ((v) => (v < 0.3 ? 0 : round(v, 2)))(between(random, 0, 1.2)),
      noiseSigma: round(between(random, 0, 3), 1),
      contrast: "normal" as const,
      lighting: lightings[i]!,
      jpegQuality: qualities[i]!,
      polarity: "dark-on-light" as const,
    }));
  }
  if (kind === "light-on-dark") {
    const faces = cycle(random, n, FACES);
    const caps = shuffle(random, spread(n, 40, 100)).map((v) => round(v, 1));
    const blurs = shuffle(random, spread(n, 0, 1.2)).map((v) => (v < 0.3 ? 0 : round(v, 2)));
    const noises = shuffle(random, spread(n, 0, 6)).map((v) => round(v, 1));
    const qualities = shuffle(random, spread(n, 60, 85)).map(Math.round);
    return Array.from({ length: n }, (_, i) => ({
      kind,
      widthRange: [800, 1600] as const,
      darkSticker: i % 3 !== 2,
      face: faces[i]!,
      capPer1000: caps[i]!,
      rotationDeg: rotations[i]!,
      blurSigma: blurs[i]!,
      noiseSigma: noises[i]!,
      contrast: "normal" as const,
      lighting: lightings[i]!,
      jpegQuality: qualities[i]!,
      polarity: "light-on-dark" as const,
    }));
  }
  // Heavy blur (a shaky hand, the focus on the box behind) and the blocks of a cheap JPEG.
  const faces = cycle(random, n, [...BODY_FACES, ...SERIF_FACES.slice(0, 3)]);
  const caps = shuffle(random, spread(n, 60, 110)).map((v) => round(v, 1));
  const blurs = shuffle(random, spread(n, 2, 3.2)).map((v) => round(v, 2));
  const qualities = shuffle(random, spread(n, 22, 40)).map(Math.round);
  return Array.from({ length: n }, (_, i) => ({
    kind,
    face: faces[i]!,
    capPer1000: caps[i]!,
    rotationDeg: rotations[i]!,
    blurSigma: blurs[i]!,
    noiseSigma: round(between(random, 1, 5), 1),
    contrast: "normal" as const,
    lighting: lightings[i]!,
    jpegQuality: qualities[i]!,
    polarity: "dark-on-light" as const,
  }));
}

/** `first` (those the catalogue has), then codes not yet in the set, of 4–13 characters, in a seeded order. */
function moreCodes(
  random: Random,
  sources: Map<string, CodeSource>,
  taken: ReadonlySet<string>,
  n: number,
  first: readonly string[] = [],
): CodeSource[] {
  const pool = shuffle(
    random,
    [...sources.values()]
      .filter((s) => s.code.length >= 4 && s.code.length <= 13 && !taken.has(s.code))
      .sort((a, b) => a.code.localeCompare(b.code)),
  );
  // The codes asked for first may already be in the set, on another kind of photo.
  const wanted = first.flatMap((code) => (sources.has(code) ? [sources.get(code)!] : []));
  return [...wanted, ...pool.filter((s) => !wanted.includes(s))].slice(0, n);
}

// ---------------------------------------------------------------------------------------------
// Text measurement: render once at 100 px, trim, scale
// ---------------------------------------------------------------------------------------------

type TextStyle = { face: Face; size: number };
type Ink = { left: number; width: number; top: number; height: number };

const inkCache = new Map<string, Ink>();

/** The ink box of `text` at 100 px: left from the pen x, top from the baseline (negative up). */
async function ink100(face: Face, text: string): Promise<Ink> {
  const key = `${face.name}|${text}`;
  const cached = inkCache.get(key);
  if (cached) return cached;
  const width = 200 + text.length * 110;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="260"><rect width="100%" height="100%" fill="#fff"/><text x="50" y="180" xml:space="preserve" ${fontAttrs(face)} font-size="100">${escapeXml(text)}</text></svg>`;
  const { info } = await sharp(Buffer.from(svg))
    .trim({ background: "#ffffff", threshold: 40 })
    .toBuffer({ resolveWithObject: true });
  const box: Ink = {
    left: -(info.trimOffsetLeft ?? 0) - 50,
    width: info.width,
    top: -(info.trimOffsetTop ?? 0) - 180,
    height: info.height,
  };
  inkCache.set(key, box);
  return box;
}

async function ink(style: TextStyle, text: string): Promise<Ink> {
  const box = await ink100(style.face, text);
  const k = style.size / 100;
  return { left: box.left * k, width: box.width * k, top: box.top * k, height: box.height * k };
}

/** Cap height as a fraction of the font size ("H" measured). */
const capRatio = async (face: Face) => -(await ink100(face, "H")).top / 100;

const fontAttrs = (face: Face) =>
  `font-family="${face.family}" font-weight="${face.weight}" font-stretch="${face.stretch}"`;

/** A text element whose ink starts at x and whose caps start at capTop. */
function textAt(
  style: TextStyle,
  text: string,
  box: Ink,
  x: number,
  baseline: number,
  fill: string,
  extra = "",
) {
  return `<text x="${round(x - box.left)}" y="${round(baseline)}" xml:space="preserve" ${fontAttrs(style.face)} font-size="${round(style.size)}" fill="${fill}" ${extra}>${escapeXml(text)}</text>`;
}

// ---------------------------------------------------------------------------------------------
// Distractors
// ---------------------------------------------------------------------------------------------

/** EAN-13 with a Brazilian prefix (789) and a correct check digit. */
function ean13(random: Random): string {
  let digits = "789";
  while (digits.length < 12) digits += String(int(random, 0, 9));
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return digits + String((10 - (sum % 10)) % 10);
}

const L_CODES = [
  "0001101",
  "0011001",
  "0010011",
  "0111101",
  "0100011",
  "0110001",
  "0101111",
  "0111011",
  "0110111",
  "0001011",
];
const PARITY = [
  "LLLLLL",
  "LLGLGG",
  "LLGGLG",
  "LLGGGL",
  "LGLLGG",
  "LGGLLG",
  "LGGGLL",
  "LGLGLG",
  "LGLGGL",
  "LGGLGL",
];

/** The 95 modules of an EAN-13 ("1" = bar), guards included. */
function eanModules(ean: string): string {
  const d = [...ean].map(Number);
  const parity = PARITY[d[0]!]!;
  let out = "101";
  for (let i = 1; i <= 6; i++) {
    const l = L_CODES[d[i]!]!;
    out +=
      parity[i - 1] === "L"
        ? l
        : [...l]
            .map((b) => (b === "1" ? "0" : "1"))
            .reverse()
            .join("");
  }
  out += "01010";
  for (let i = 7; i <= 12; i++)
    out += [...L_CODES[d[i]!]!].map((b) => (b === "1" ? "0" : "1")).join("");
  return out + "101";
}

/** Bars of an EAN-13 as SVG rects, top-left at (x, y). */
function barcodeSvg(
  ean: string,
  x: number,
  y: number,
  module: number,
  height: number,
  fill: string,
) {
  const modules = eanModules(ean);
  let out = "";
  let i = 0;
  while (i < modules.length) {
    if (modules[i] === "1") {
      let j = i;
      while (modules[j] === "1") j++;
      const guard = i < 3 || (i >= 45 && i < 50) || i >= 92;
      out += `<rect x="${round(x + i * module)}" y="${round(y)}" width="${round((j - i) * module)}" height="${round(height + (guard ? module * 5 : 0))}" fill="${fill}"/>`;
      i = j;
    } else i++;
  }
  return out;
}

const SMALL_PRINT: ReadonlyArray<(r: Random, brand: string) => string> = [
  () => "Made in Brazil",
  () => "Indústria Brasileira",
  () => "Fabricado no Brasil",
  (r) => `${pick(r, [1, 2, 4, 10, 12, 20])} un.`,
  () => "Conteúdo: 1 jogo",
  (r) => `Peso líq.: 0,${int(r, 12, 95)} kg`,
  (r) => `Lote ${int(r, 100, 999)}`,
  (r) => `Fab.: ${String(int(r, 1, 12)).padStart(2, "0")}/${int(r, 2022, 2025)}`,
  (r) => `SAC 0800 ${int(r, 100, 999)} ${int(r, 1000, 9999)}`,
  (_, brand) => `www.${brand.toLowerCase().replace(/[^a-z]/g, "")}.com.br`,
  () => "Mantenha em local seco",
  () => "Uso automotivo",
  () => "Produto sujeito a alterações",
  () => "Consulte o catálogo de aplicações",
  () => "Validade: indeterminada",
];

const STRIPE_TEXT = [
  "QUALIDADE ORIGINAL",
  "LINHA LEVE",
  "ALTA PERFORMANCE",
  "REPOSIÇÃO",
  "PEÇA GENUÍNA",
  "TECNOLOGIA ALEMÃ",
  "LINHA PESADA",
];

const PREFIXES = ["Cód.:", "REF", "Código", "Ref.:", "Cód.", "REF.", "Código:"];

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

function jitter(random: Random, colour: string, amount: number) {
  const v = parseInt(colour.slice(1), 16);
  const d = () => (random() - 0.5) * 2 * amount;
  return hex(((v >> 16) & 255) + d(), ((v >> 8) & 255) + d(), (v & 255) + d());
}

const shade = (colour: string, factor: number) => {
  const v = parseInt(colour.slice(1), 16);
  return hex(((v >> 16) & 255) * factor, ((v >> 8) & 255) * factor, (v & 255) * factor);
};

const BRAND_COLOURS = [
  "#c8102e",
  "#003a8c",
  "#0b6e3a",
  "#e35205",
  "#1c1c1c",
  "#6a1b9a",
  "#00718f",
  "#f2c200",
];
const BOXES = {
  kraft: ["#c9a36b", "#bf955e", "#d4b27f", "#b88b55"],
  white: ["#f1efe8", "#e9e6dc", "#f4f2ee"],
  coloured: ["#d9e6f2", "#f3d66b", "#f0a35e", "#cfe3c8", "#e8c9c9"],
} as const;
const DARK_BANDS = ["#14306e", "#1d2b53", "#a3161f", "#8c1018", "#1f1f24", "#0e4d2e"];
const BENCHES = {
  wood: ["#7a5433", "#8a6240", "#6b4a2e"],
  steel: ["#6c7178", "#5b6067", "#7d8289"],
  mat: ["#2f3b35", "#33363b", "#3a3430"],
} as const;

// ---------------------------------------------------------------------------------------------
// One image
// ---------------------------------------------------------------------------------------------

type Variant = {
  kind: Kind;
  width: number;
  height: number;
  font: string;
  /** Cap height of the printed code in the output image, px (before blur). */
  capHeightPx: number;
  /** The code's cap height per 1000 px of image width. */
  capPer1000: number;
  /** Clockwise, in degrees, as seen in the image. */
  rotationDeg: number;
  blurSigma: number;
  /** Standard deviation of the added per-pixel noise, in 0–255 levels. */
  noiseSigma: number;
  /** low-ink: grey code on a grey-beige panel; reduced: whole photo's contrast scaled by contrastFactor. */
  contrast: Contrast;
  contrastFactor: number;
  lighting: Lighting;
  /** Darkest multiplier of the lighting overlay (1 = even light). */
  lightingMin: number;
  jpegQuality: number;
  polarity: Polarity;
  /** sticker: a label glued on the box; printed: straight on the cardboard; band: a dark band. */
  label: "sticker" | "printed" | "band" | "dark-sticker";
  prefix: string | null;
  prefixPlacement: "above" | "inline" | null;
  brandBlock: boolean;
  /** Is the brand name drawn bigger than the code? */
  brandBiggerThanCode: boolean;
  barcode: "label" | "box" | "none";
  box: keyof typeof BOXES;
  bench: keyof typeof BENCHES;
};

type Rendered = { file: string; code: string; variant: Variant };

type Clean = (line: string) => boolean;

async function renderOne(
  index: number,
  source: CodeSource,
  p: Plan,
  clean: Clean,
): Promise<Rendered> {
  const random = mulberry32(SEED * 31 + index * 7919);
  const [narrowest, widest] = p.widthRange ?? [800, 1200];
  const width = 2 * Math.round(between(random, narrowest, widest) / 2);
  const aspect = pick(random, [4 / 3, 4 / 3, 4 / 3, 3 / 2, 1, 3 / 4]);
  const height = 2 * Math.round(width / aspect / 2);
  const S = (width / 1000) * between(random, 0.85, 1.15); // scale of the box's print
  const face = p.face;
  const body = pick(
    random,
    BODY_FACES.filter((f) => f.weight === "normal"),
  );
  const bodyBold = pick(
    random,
    BODY_FACES.filter((f) => f.weight === "bold"),
  );
  const brand = source.brand;
  const brandColour = pick(random, BRAND_COLOURS);

  const label: Variant["label"] =
    p.polarity === "light-on-dark"
      ? p.darkSticker
        ? "dark-sticker"
        : "band"
      : p.contrast === "low-ink"
        ? "sticker"
        : pick(random, ["sticker", "sticker", "printed"] as const);
  const boxKind: Variant["box"] =
    label === "printed"
      ? pick(random, ["kraft", "white", "coloured"] as const)
      : pick(random, ["kraft", "kraft", "white", "coloured"] as const);
  const boxColour = jitter(random, pick(random, BOXES[boxKind]), 6);
  const benchKind = pick(random, ["wood", "steel", "mat"] as const);
  const benchColour = jitter(random, pick(random, BENCHES[benchKind]), 8);

  // Panel colours.
  let panelFill: string | null;
  let inkColour: string;
  let softInk: string;
  if (label === "band" || label === "dark-sticker") {
    panelFill = jitter(random, pick(random, DARK_BANDS), 6);
    inkColour = pick(random, ["#ffffff", "#f6f3e8", "#fff8dc"]);
    softInk = "#e4e4e4";
  } else if (p.contrast === "low-ink") {
    const paper = int(random, 188, 206);
    panelFill = hex(paper + 6, paper, paper - 14);
    const inkLevel = paper - int(random, 88, 100);
    inkColour = hex(inkLevel + 4, inkLevel, inkLevel - 6);
    softInk = hex(inkLevel + 16, inkLevel + 12, inkLevel + 6);
  } else if (label === "sticker") {
    panelFill = jitter(random, pick(random, ["#fbfaf6", "#f5f3ec", "#ffffff", "#f7f4e6"]), 3);
    inkColour = pick(random, ["#111111", "#1a1a1a", "#0d1b3a", "#222222"]);
    softInk = "#3a3a3a";
  } else {
    panelFill = null;
    inkColour =
      boxKind === "coloured" ? "#161616" : pick(random, ["#151515", "#1c1c24", "#2a1c10"]);
    softInk = "#2d2d2d";
  }

  // The code's size: asked for by the plan, shrunk below if it cannot fit rotated in the frame.
  const capR = await capRatio(face);
  let codeSize = (p.capPer1000 * width) / 1000 / capR;

  // The prefix and how it is placed.
  const prefixMode = pick(random, ["above", "inline", "inline", "brand", "none"] as const);
  const prefix =
    prefixMode === "none"
      ? null
      : prefixMode === "brand"
        ? brand.toUpperCase()
        : pick(random, PREFIXES);
  const prefixPlacement: Variant["prefixPlacement"] =
    prefixMode === "none" ? null : prefixMode === "above" ? "above" : "inline";
  const prefixFace = prefixMode === "brand" ? bodyBold : pick(random, [body, bodyBold]);
  const prefixRel = between(random, 0.42, 0.62);

  // Small print under the code, on the label.
  // Each kind of small print at most once per box.
  const printDeck = shuffle(random, SMALL_PRINT);
  const nextPrint = (): string => {
    for (;;) {
      const line = printDeck.shift()?.(random, brand);
      if (line === undefined) throw new Error("out of small print");
      if (clean(line)) return line;
    }
  };
  const lines = Array.from({ length: int(random, 1, 2) }, nextPrint);
  const partNameInLabel = chance(random, 0.45);
  const barcode: Variant["barcode"] =
    label === "band" || label === "dark-sticker"
      ? pick(random, ["box", "box", "none"] as const)
      : pick(random, ["label", "label", "box", "none"] as const);
  let ean = ean13(random);
  while (!clean(ean) || !clean(`${ean[0]} ${ean.slice(1, 7)} ${ean.slice(7)}`)) ean = ean13(random);
  const smallSize = Math.max(11, between(random, 14, 19) * S);
  const nameSize = Math.max(13, between(random, 24, 40) * S);
  const module = Math.max(1.2, between(random, 1.4, 2.1) * S);
  const barHeight = between(random, 48, 80) * S;
  const brandSize = between(random, 48, 120) * S;
  const brandBlock = chance(random, 0.8);
  const alignCenter = chance(random, 0.35);

  type Row = { height: number; width: number; draw: (x: number, top: number) => string };

  const layout = async (size: number) => {
    const codeStyle = { face, size };
    const codeInk = await ink(codeStyle, source.code);
    const capH = capR * size;
    const rows: Row[] = [];
    if (partNameInLabel) {
      const st = { face: bodyBold, size: Math.max(12, Math.min(nameSize * 0.75, capH * 0.8)) };
      const box = await ink(st, source.partName);
      const cap = (await capRatio(bodyBold)) * st.size;
      rows.push({
        height: cap * 1.3,
        width: box.width,
        draw: (x, top) => textAt(st, source.partName, box, x, top + cap, softInk),
      });
    }
    if (prefix && prefixPlacement === "above") {
      const st = { face: prefixFace, size: Math.max(12, size * prefixRel * 0.8) };
      const box = await ink(st, prefix);
      const cap = (await capRatio(prefixFace)) * st.size;
      rows.push({
        height: cap,
        width: box.width,
        draw: (x, top) => textAt(st, prefix, box, x, top + cap, softInk),
      });
    }
    {
      let prefixWidth = 0;
      let drawPrefix = (_x: number, _baseline: number) => "";
      if (prefix && prefixPlacement === "inline") {
        const st = { face: prefixFace, size: Math.max(12, size * prefixRel) };
        const box = await ink(st, prefix);
        const space = 0.4 * capH;
        prefixWidth = box.width + space;
        // A brand prefix in the brand's colour, unless the label's own colours must hold.
        const brandInk = prefixMode === "brand" && label !== "band" && label !== "dark-sticker" && p.contrast !== "low-ink";
        const fill = brandInk && brandColour !== "#f2c200" ? brandColour : inkColour;
        drawPrefix = (x, baseline) => textAt(st, prefix, box, x, baseline, fill);
      }
      rows.push({
        height: capH * 1.12, // room for a slash or a comma below the baseline
        width: prefixWidth + codeInk.width,
        draw: (x, top) =>
          drawPrefix(x, top + capH) +
          textAt(
            codeStyle,
            source.code,
            codeInk,
            x + prefixWidth,
            top + capH,
            inkColour,
            'class="code"',
          ),
      });
    }
    for (const line of lines) {
      const st = { face: body, size: smallSize };
      const box = await ink(st, line);
      const cap = (await capRatio(body)) * smallSize;
      rows.push({
        height: cap * 1.25,
        width: box.width,
        draw: (x, top) => textAt(st, line, box, x, top + cap, softInk),
      });
    }
    if (barcode === "label") {
      const st = { face: body, size: Math.max(11, module * 6.5) };
      const digits = `${ean[0]} ${ean.slice(1, 7)} ${ean.slice(7)}`;
      const box = await ink(st, digits);
      const cap = (await capRatio(body)) * st.size;
      const w = 95 * module;
      rows.push({
        height: barHeight + module * 5 + cap * 1.3,
        width: Math.max(w, box.width),
        draw: (x, top) =>
          barcodeSvg(ean, x, top, module, barHeight, "#111") +
          textAt(
            st,
            digits,
            box,
            x + (w - box.width) / 2,
            top + barHeight + module * 5 + cap * 1.2,
            "#222",
          ),
      });
    }
    const pad = Math.max(12 * S, 0.45 * capH);
    const contentW = Math.max(...rows.map((r) => r.width));
    const gaps = rows.map((_, i) =>
      i === 0 ? 0 : Math.max(10 * S, 0.32 * Math.max(rows[i]!.height, rows[i - 1]!.height)),
    );
    const contentH = rows.reduce((s, r) => s + r.height, 0) + gaps.reduce((s, g) => s + g, 0);
    return {
      rows,
      gaps,
      pad,
      contentW,
      contentH,
      panelW: contentW + 2 * pad,
      panelH: contentH + 2 * pad,
      capH,
      codeInk,
    };
  };

  const theta = (p.rotationDeg * Math.PI) / 180;
  const c = Math.abs(Math.cos(theta));
  const s = Math.abs(Math.sin(theta));
  const margin = 0.04 * Math.min(width, height);
  let lay = await layout(codeSize);
  for (let i = 0; i < 40; i++) {
    const hx = (c * lay.panelW + s * lay.panelH) / 2;
    const hy = (s * lay.panelW + c * lay.panelH) / 2;
    if (hx + margin <= width / 2 && hy + margin <= height / 2) break;
    codeSize *= 0.94;
    lay = await layout(codeSize);
  }
  const hx = (c * lay.panelW + s * lay.panelH) / 2;
  const hy = (s * lay.panelW + c * lay.panelH) / 2;
  if (hx + margin > width / 2 || hy + margin > height / 2)
    throw new Error(`${source.code}: the label does not fit the frame`);
  // Where the label's centre lands: near the middle, as when aiming a phone at it.
  const cx = width / 2 + (random() - 0.5) * 0.9 * (width / 2 - hx - margin);
  const cy = height / 2 + (random() - 0.5) * 0.9 * (height / 2 - hy - margin);

  // --- The box face, in label coordinates (origin at the label's centre) ---
  const { panelW, panelH, pad, rows, gaps } = lay;
  const left = -panelW / 2;
  const top = -panelH / 2;
  let labelSvg = "";
  let y = top + pad;
  for (const [i, row] of rows.entries()) {
    y += gaps[i]!;
    const x = alignCenter ? -row.width / 2 : left + pad;
    labelSvg += row.draw(x, y);
    y += row.height;
  }

  // Above the label: the part name (when not on the label) and the brand block.
  let above = "";
  let cursor = top - between(random, 24, 60) * S;
  // Horizontal extent of everything printed, so the box is wider than its print.
  let minX = left;
  let maxX = -left;
  const extend = (x: number, w: number) => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x + w);
  };
  if (!partNameInLabel) {
    const st = { face: pick(random, [bodyBold, body]), size: nameSize };
    const box = await ink(st, source.partName);
    const x = alignCenter ? -box.width / 2 : left;
    extend(x, box.width);
    above += textAt(st, source.partName, box, x, cursor, "#202020");
    cursor -= nameSize * 1.1 + between(random, 10, 30) * S;
  }
  let brandBiggerThanCode = false;
  if (brandBlock) {
    const text = brand.toUpperCase();
    const natural = await ink({ face: bodyBold, size: brandSize }, text);
    const st = {
      face: bodyBold,
      size: brandSize * Math.min(1, Math.max(panelW * 1.1, 0.5 * width) / natural.width),
    };
    const box = await ink(st, text);
    const cap = (await capRatio(bodyBold)) * st.size;
    brandBiggerThanCode = cap > lay.capH;
    const padB = cap * 0.35;
    const bx = alignCenter ? -box.width / 2 - padB : left;
    extend(bx, box.width + 2 * padB);
    const textFill = brandColour === "#f2c200" ? "#111" : "#fff";
    if (chance(random, 0.7)) {
      above += `<rect x="${round(bx)}" y="${round(cursor - cap - 2 * padB)}" width="${round(box.width + 2 * padB)}" height="${round(cap + 2 * padB)}" rx="${round(padB * 0.4)}" fill="${brandColour}"/>`;
      above += textAt(st, text, box, bx + padB, cursor - padB, textFill);
    } else {
      above += textAt(
        st,
        text,
        box,
        bx,
        cursor,
        brandColour === "#f2c200" ? "#8a6d00" : brandColour,
      );
    }
    cursor -= cap + 2 * padB;
  }
  const boxTop = cursor - between(random, 30, 360) * S;

  // Below the label: a barcode patch, small print, a stripe.
  let below = "";
  let bottom = top + panelH + between(random, 16, 40) * S;
  if (barcode === "box") {
    const st = { face: body, size: Math.max(11, module * 6.5) };
    const digits = `${ean[0]} ${ean.slice(1, 7)} ${ean.slice(7)}`;
    const box = await ink(st, digits);
    const cap = (await capRatio(body)) * st.size;
    const w = 95 * module;
    const h = barHeight + module * 5 + cap * 1.3;
    const x = alignCenter ? -w / 2 : left + panelW - w;
    extend(x - 8 * module, w + 16 * module);
    below += `<rect x="${round(x - 8 * module)}" y="${round(bottom - 4 * module)}" width="${round(w + 16 * module)}" height="${round(h + 8 * module)}" fill="#fbfbf7"/>`;
    below += barcodeSvg(ean, x, bottom, module, barHeight, "#111");
    below += textAt(
      st,
      digits,
      box,
      x + (w - box.width) / 2,
      bottom + barHeight + module * 5 + cap * 1.2,
      "#222",
    );
    bottom += h + 20 * S;
  }
  const boxLines = Array.from({ length: int(random, 1, 2) }, nextPrint);
  for (const line of boxLines) {
    const st = { face: body, size: smallSize * 1.1 };
    const box = await ink(st, line);
    bottom += smallSize * 1.4;
    const x = alignCenter ? -box.width / 2 : left;
    extend(x, box.width);
    below += textAt(st, line, box, x, bottom, "#2b2b2b");
  }
  const boxLeft = minX - between(random, 40, 420) * S;
  const boxRight = maxX + between(random, 40, 420) * S;
  const stripeH = between(random, 40, 90) * S;
  const stripeTop = bottom + between(random, 20, 50) * S;
  const stripeText = pick(random, STRIPE_TEXT);
  const stripeStyle = { face: bodyBold, size: stripeH * 0.42 };
  const stripeBox = await ink(stripeStyle, stripeText);
  const stripeCap = (await capRatio(bodyBold)) * stripeStyle.size;
  below += `<rect x="${round(boxLeft)}" y="${round(stripeTop)}" width="${round(boxRight - boxLeft)}" height="${round(stripeH)}" fill="${brandColour}"/>`;
  below += textAt(
    stripeStyle,
    stripeText,
    stripeBox,
    boxLeft + between(random, 40, 140) * S,
    stripeTop + (stripeH + stripeCap) / 2,
    brandColour === "#f2c200" ? "#111" : "#fff",
  );
  const boxBottom = stripeTop + stripeH + between(random, 20, 300) * S;

  // The label itself.
  let panel = "";
  if (label === "band") {
    panel = `<rect x="${round(boxLeft)}" y="${round(top)}" width="${round(boxRight - boxLeft)}" height="${round(panelH)}" fill="${panelFill}"/>`;
  } else if (label === "sticker" || label === "dark-sticker") {
    const r = Math.min(12 * S, pad * 0.5);
    panel =
      `<rect x="${round(left + 2)}" y="${round(top + 3)}" width="${round(panelW)}" height="${round(panelH)}" rx="${round(r)}" fill="#000" opacity="0.18" filter="url(#soft)"/>` +
      `<rect x="${round(left)}" y="${round(top)}" width="${round(panelW)}" height="${round(panelH)}" rx="${round(r)}" fill="${panelFill}"/>`;
    if (chance(random, 0.5))
      panel += `<rect x="${round(left + pad * 0.35)}" y="${round(top + pad * 0.35)}" width="${round(panelW - pad * 0.7)}" height="${round(panelH - pad * 0.7)}" rx="${round(r * 0.6)}" fill="none" stroke="${softInk}" stroke-width="${round(Math.max(1, 1.5 * S))}"/>`;
  }

  // The bench, under everything, in image coordinates.
  let bench = `<rect width="100%" height="100%" fill="${benchColour}"/>`;
  const grainAngle = between(random, -30, 30);
  if (benchKind === "wood") {
    for (let i = 0; i < 60; i++) {
      const yy = between(random, -0.3, 1.3) * height;
      bench += `<rect x="${-width}" y="${round(yy)}" width="${3 * width}" height="${round(between(random, 1, 6))}" fill="${chance(random, 0.5) ? "#000" : "#fff"}" opacity="${round(between(random, 0.03, 0.12))}" transform="rotate(${round(grainAngle)} ${width / 2} ${height / 2})"/>`;
    }
  } else {
    bench += `<rect width="100%" height="100%" filter="url(#benchgrain)" opacity="0.35"/>`;
  }
  bench += `<rect width="100%" height="100%" fill="url(#benchlight)"/>`;

  const grainSeed = int(random, 1, 9999);
  const boxW = boxRight - boxLeft;
  const boxH = boxBottom - boxTop;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="${round(3 * S)}"/></filter>
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${round(14 * S)}"/></filter>
  <filter id="cardboard" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${round(between(random, 0.5, 0.9))} ${round(between(random, 0.05, 0.2))}" numOctaves="2" seed="${grainSeed}"/><feColorMatrix type="saturate" values="0"/></filter>
  <filter id="benchgrain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.7" numOctaves="2" seed="${grainSeed + 1}"/><feColorMatrix type="saturate" values="0"/></filter>
  <linearGradient id="boxshade" x1="0" y1="0" x2="${round(random())}" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.10"/><stop offset="1" stop-color="#000" stop-opacity="0.10"/></linearGradient>
  <radialGradient id="benchlight" cx="0.5" cy="0.5" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>
</defs>
${bench}
<g transform="translate(${round(cx)} ${round(cy)}) rotate(${p.rotationDeg})">
  <rect x="${round(boxLeft + 10 * S)}" y="${round(boxTop + 14 * S)}" width="${round(boxW)}" height="${round(boxH)}" fill="#000" opacity="0.45" filter="url(#shadow)"/>
  <rect x="${round(boxLeft)}" y="${round(boxTop)}" width="${round(boxW)}" height="${round(boxH)}" fill="${boxColour}"/>
  <rect x="${round(boxLeft)}" y="${round(boxTop)}" width="${round(boxW)}" height="${round(boxH)}" filter="url(#cardboard)" opacity="${boxKind === "kraft" ? 0.16 : 0.07}" style="mix-blend-mode:multiply"/>
  <rect x="${round(boxLeft)}" y="${round(boxTop)}" width="${round(boxW)}" height="${round(boxH)}" fill="url(#boxshade)"/>
  <rect x="${round(boxLeft)}" y="${round(boxTop)}" width="${round(boxW)}" height="${round(boxH)}" fill="none" stroke="${shade(boxColour, 0.8)}" stroke-width="${round(3 * S)}"/>
  ${above}
  ${below}
  ${panel}
  ${labelSvg}
</g>
</svg>`;

  // --- The camera ---
  // librsvg's filters (cardboard grain, shadows) take minutes on a 12 MP scene: a large photo is
  // drawn at half size and enlarged, which also softens its edges as a phone's lens does.
  const drawScale = width > 2000 ? 0.5 : 1;
  let image = await sharp(Buffer.from(svg), { density: 72 * drawScale })
    .resize(width, height, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rawOf = (buffer: Buffer) => ({ raw: { width, height, channels: 3 as const }, buffer });

  let lightingMin = 1;
  if (p.lighting !== "even") {
    lightingMin = round(
      p.contrast === "normal" ? between(random, 0.5, 0.68) : between(random, 0.68, 0.78),
    );
    const dark = Math.round(255 * lightingMin);
    const grey = hex(dark, dark, dark);
    const overlay =
      p.lighting === "radial"
        ? `<radialGradient id="l" cx="${round(between(random, 0.2, 0.8))}" cy="${round(between(random, 0.2, 0.8))}" r="${round(between(random, 0.6, 0.95))}"><stop offset="0" stop-color="#fff"/><stop offset="0.35" stop-color="#fafafa"/><stop offset="1" stop-color="${grey}"/></radialGradient>`
        : `<linearGradient id="l" x1="${round(random())}" y1="${round(random())}" x2="${round(random())}" y2="${round(random())}"><stop offset="0" stop-color="#fff"/><stop offset="0.3" stop-color="#f4f4f4"/><stop offset="1" stop-color="${grey}"/></linearGradient>`;
    const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${overlay}</defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`;
    image = await sharp(image.data, rawOf(image.data))
      .composite([{ input: Buffer.from(light), blend: "multiply" }])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  }

  let contrastFactor = 1;
  let pipeline = sharp(image.data, rawOf(image.data));
  if (p.contrast === "reduced") {
    contrastFactor = round(between(random, 0.45, 0.58));
    pipeline = pipeline.linear(contrastFactor, (1 - contrastFactor) * between(random, 120, 150));
  }
  if (p.blurSigma > 0) pipeline = pipeline.blur(p.blurSigma);
  const pixels = await pipeline.removeAlpha().raw().toBuffer();

  if (p.noiseSigma > 0) {
    // Sensor noise: mostly luminance, some colour; Box–Muller on the image's own PRNG.
    const gauss = () => {
      const u = Math.max(random(), 1e-12);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    };
    for (let i = 0; i < pixels.length; i += 3) {
      const luma = gauss() * p.noiseSigma;
      for (let ch = 0; ch < 3; ch++) {
        const v = pixels[i + ch]! + luma + gauss() * p.noiseSigma * 0.35;
        pixels[i + ch] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }

  const slug = normalizeCode(source.code).toLowerCase();
  const file = `${String(index + 1).padStart(2, "0")}-${slug}.jpg`;
  await sharp(pixels, rawOf(pixels))
    .jpeg({ quality: p.jpegQuality })
    .toFile(path.join(OUT_DIR, file));

  return {
    file,
    code: source.code,
    variant: {
      kind: p.kind,
      width,
      height,
      font: face.name,
      capHeightPx: round(lay.capH, 1),
      capPer1000: round((lay.capH * 1000) / width, 1),
      rotationDeg: p.rotationDeg,
      blurSigma: p.blurSigma,
      noiseSigma: p.noiseSigma,
      contrast: p.contrast,
      contrastFactor,
      lighting: p.lighting,
      lightingMin,
      jpegQuality: p.jpegQuality,
      polarity: p.polarity,
      label,
      prefix,
      prefixPlacement,
      brandBlock,
      brandBiggerThanCode,
      barcode,
      box: boxKind,
      bench: benchKind,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  const random = mulberry32(SEED);
  const { sources, normalised } = catalogueCodes();
  /** No word, and no two neighbouring words, of a distractor may read as a catalogue code. */
  const clean: Clean = (line) => {
    const words = line.split(/\s+/).map(normalizeCode).filter(Boolean);
    if (normalised.has(normalizeCode(line))) return false;
    return words.every((w, i) => !normalised.has(w) && !normalised.has(w + (words[i + 1] ?? "")));
  };
  for (const text of [...STRIPE_TEXT, ...PREFIXES])
    if (!clean(text)) throw new Error(`"${text}" reads as a catalogue code`);

  const codes = pickCodes(random, sources, COUNT);
  if (codes.length < COUNT) throw new Error(`only ${codes.length} codes to print`);
  const plans = plan(random, COUNT);
  // Issue #25's kinds, from a PRNG of their own so the mixed set above stays as it was.
  const more = mulberry32(SEED + 25);
  const taken = new Set(codes.map((s) => s.code));
  for (const kind of ["large-serif", "light-on-dark", "heavy-blur"] as const) {
    // The tester's two misread white-on-dark codes are in (when the catalogue has them).
    const first = kind === "light-on-dark" ? ["PLKR7A", "CT-0584"] : [];
    const extra = moreCodes(more, sources, taken, KIND_COUNT, first);
    for (const source of extra) taken.add(source.code);
    codes.push(...extra);
    plans.push(...kindPlan(more, kind, KIND_COUNT));
  }

  mkdirSync(OUT_DIR, { recursive: true });
  // --keep-mixed: the committed mixed photos stay as they are (rendered with the fonts of their
  // day); only the photos after them are written again.
  const kept: Rendered[] = process.argv.includes("--keep-mixed")
    ? (JSON.parse(readFileSync(path.join(OUT_DIR, "manifest.json"), "utf8")) as Rendered[])
        .slice(0, COUNT)
        .map((entry) => ({ ...entry, variant: { ...entry.variant, kind: "mixed" as const } }))
    : [];
  const keptFiles = new Set(kept.map((entry) => entry.file));
  for (const name of readdirSync(OUT_DIR))
    if (name.endsWith(".jpg") && !keptFiles.has(name)) rmSync(path.join(OUT_DIR, name));

  const manifest: Rendered[] = [...kept];
  for (const [i, source] of codes.entries()) {
    if (i < kept.length) continue;
    if (!clean(source.brand) || !clean(source.partName))
      throw new Error(`${source.code}: its brand or part name reads as a catalogue code`);
    manifest.push(await renderOne(i, source, plans[i]!, clean));
    process.stdout.write(".");
  }
  process.stdout.write("\n");
  writeFileSync(path.join(OUT_DIR, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = readdirSync(OUT_DIR).reduce(
    (sum, name) => sum + statSync(path.join(OUT_DIR, name)).size,
    0,
  );
  console.log(
    `${manifest.length} images in ${path.relative(process.cwd(), OUT_DIR)}, ${(bytes / 1024 / 1024).toFixed(2)} MB`,
  );
}

await main();
