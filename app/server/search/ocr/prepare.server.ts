import sharp, { type Metadata, type Sharp } from "sharp";
import * as messages from "~/messages";
import { OcrTimeoutError } from "./engine.server";
import { findTextRegions, normaliseLine, type Grey, type Region } from "./regions.server";

/**
 * Image preparation for the OCR (ADR 0026), bounded end to end: the header is checked before
 * anything is decoded, the photo is decoded once, small (a grey working copy), and every later
 * step works on that copy, each within the photo's time limit.
 */

// libvips would take a thread per core for each image; photos are read one at a time per process
// (the OCR lane), and one thread leaves the other cores to the requests. Its operation cache would
// keep decoded photos alive after the answer: nothing here reads the same image twice.
sharp.concurrency(1);
sharp.cache(false);

/** Larger photos are refused from their header: phone cameras take 12–16 MP, large ones 40–48. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The decoded size a header may claim (pixels × channels × bytes per sample): 40 MP of RGBA. */
export const MAX_DECODED_BYTES = 160_000_000;
/**
 * What the OCR accepts: the formats the photo hint names (sharp calls each by its type's subtype);
 * other formats sharp knows (SVG, PDF, TIFF, HEIF...) are refused with the message naming these.
 */
const FORMATS = new Set<string>(
  messages.search.imageFormats.map((format) => format.type.slice("image/".length)),
);
/**
 * The grey working copy every step reads: at most this wide and this many pixels. JPEG and WebP
 * decode straight at a fraction of their size (shrink on load); the others stream through.
 */
const WORK_WIDTH = 2400;
const WORK_PIXELS = 6_000_000;
/** The width skew is measured on: enough for text lines, cheap to scan. */
const PROBE_WIDTH = 500;
const PROBE_MAX_HEIGHT = 1000;
/** At most this many ink pixels are scanned per angle (the rest are evenly skipped). */
const PROBE_MAX_INK = 150_000;
/** The width the OCR reads: labels photographed whole put the code at a legible size here. */
const READ_WIDTH = 1400;
const READ_MAX_HEIGHT = 2800;
/** Tesseract's LSTM misreads text rotated more than a few degrees; labels come up to ±20°. */
const MAX_SKEW = 20;
/** Codes printed very big read better smaller: the OCR model was trained on text of book size. */
const SMALL_WIDTH = 800;
const SKEW_STEP = 0.5;

const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** Not an image the OCR can open: no known header, damaged, cut short, or too big to decode. */
export class UnreadableImageError extends Error {}

/** What the header says, before any decoding: the size upright (after EXIF orientation). */
export type ImageHeader = { width: number; height: number; format: string };

/** The photo decoded once: upright, grey (one byte a pixel), reduced to the working size. */
export type WorkingCopy = { data: Buffer; width: number; height: number };

/** Time left until `deadline`, as sharp's whole-second timeout; out of time throws. */
function within(image: Sharp, deadline: number): Sharp {
  const left = deadline - Date.now();
  if (left <= 0) throw new OcrTimeoutError();
  return Number.isFinite(left) ? image.timeout({ seconds: Math.ceil(left / 1000) }) : image;
}

const isTimeout = (error: unknown) => error instanceof Error && /^timeout\b/i.test(error.message);

/** How sharp reads a grey image's bytes: one channel, no header. */
const rawGrey = ({ width, height }: { width: number; height: number }) => ({
  raw: { width, height, channels: 1 as const },
});

function fromWorkingCopy(copy: WorkingCopy) {
  return sharp(copy.data, {
    ...rawGrey(copy),
    limitInputPixels: MAX_INPUT_PIXELS,
  }).greyscale(); // else sharp answers in three channels (sRGB)
}

/** Resizing to fill `width` or `height`, whichever comes first, enlarging if need be. */
const fitInside = (width: number, height: number) =>
  ({ width, height, fit: "inside", withoutEnlargement: false }) as const;

/** The largest scale, at most 1, that brings an image within `maxWidth` and `maxPixels`. */
const reduction = (width: number, height: number, maxWidth: number, maxPixels: number) =>
  Math.min(1, maxWidth / width, Math.sqrt(maxPixels / (width * height)));

/**
 * Reads the header only (no pixel is decoded): refuses what is no image we read, and any image
 * whose pixel count or decoded size is over the limits — a 200 KB PNG can claim 60 megapixels.
 */
export async function readHeader(bytes: Uint8Array): Promise<ImageHeader> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnreadableImageError(String(error));
  }
  const { format, width, height, channels, depth, autoOrient } = metadata;
  if (!FORMATS.has(format) || !width || !height)
    throw new UnreadableImageError(messages.search.imageUnreadableFormat);
  const pixels = width * height;
  const decoded = pixels * (channels ?? 4) * (BYTES_PER_SAMPLE[depth ?? ""] ?? 8);
  if (pixels > MAX_INPUT_PIXELS || decoded > MAX_DECODED_BYTES)
    throw new UnreadableImageError(messages.search.imageUnreadableTooLarge);
  return { width: autoOrient?.width ?? width, height: autoOrient?.height ?? height, format };
}

/**
 * Decodes the photo once, into the grey working copy: turned upright (EXIF), transparency on
 * white, reduced to at most WORK_WIDTH wide and WORK_PIXELS. A photo that fails to decode (cut
 * short, damaged) is an UnreadableImageError; out of time, an OcrTimeoutError.
 */
export async function decodeWorkingCopy(
  bytes: Uint8Array,
  header: ImageHeader,
  deadline = Infinity,
): Promise<WorkingCopy> {
  const scale = reduction(header.width, header.height, WORK_WIDTH, WORK_PIXELS);
  let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
    .autoOrient()
    .flatten({ background: "#ffffff" })
    .greyscale();
  if (scale < 1) image = image.resize({ width: Math.max(1, Math.floor(header.width * scale)) });
  try {
    return await greyPixels(image, deadline);
  } catch (error) {
    if (error instanceof OcrTimeoutError) throw error;
    throw new UnreadableImageError(String(error));
  }
}

/**
 * A sharp step on the working copy, within the time limit (its only failure is running out): its
 * bytes, and what sharp says of them.
 */
async function output(image: Sharp, deadline: number) {
  try {
    return await within(image, deadline).toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (isTimeout(error)) throw new OcrTimeoutError();
    throw error;
  }
}

/** A sharp step's bytes alone. */
const step = async (image: Sharp, deadline: number): Promise<Buffer> =>
  (await output(image, deadline)).data;

/** A step's image as one byte a pixel (its first channel), with its size. */
async function greyPixels(image: Sharp, deadline: number): Promise<Grey & { data: Buffer }> {
  const { data, info } = await output(image.extractChannel(0).raw({ depth: "uchar" }), deadline);
  return { data, width: info.width, height: info.height };
}

/** Ink's neighbourhood: the grey image blurred by `sigma`, to compare each pixel with. */
const neighbourhoodOf = (image: Grey, sigma: number, deadline: number) =>
  step(sharp(image.data, rawGrey(image)).blur(sigma).extractChannel(0).raw(), deadline);

/**
 * The angle (degrees) the photo's text lines lean by. Ink is any pixel clearly darker (or lighter,
 * on dark labels) than its neighbourhood; the angle whose horizontal projection of the ink has the
 * sharpest peaks is the one the lines run along.
 */
export async function skewDegrees(copy: WorkingCopy, deadline = Infinity): Promise<number> {
  const probe = await greyPixels(
    fromWorkingCopy(copy).resize(fitInside(PROBE_WIDTH, PROBE_MAX_HEIGHT)),
    deadline,
  );
  const { data, width, height } = probe;
  const neighbourhood = await neighbourhoodOf(probe, 6, deadline);
  let ink = 0;
  for (let i = 0; i < data.length; i++) if (Math.abs(data[i] - neighbourhood[i]) > 20) ink++;
  if (ink === 0) return 0;
  // A noisy photo is ink all over: an even sample keeps the scan below (run on the request
  // thread) to a few tens of milliseconds.
  const every = Math.ceil(ink / PROBE_MAX_INK);
  const xs = new Int32Array(Math.ceil(ink / every));
  const ys = new Int32Array(xs.length);
  let kept = 0;
  let seen = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (Math.abs(data[i] - neighbourhood[i]) > 20 && seen++ % every === 0 && kept < xs.length) {
        xs[kept] = x;
        ys[kept] = y;
        kept++;
      }
    }
  }
  const diagonal = Math.ceil(Math.hypot(width, height));
  const bins = new Float64Array(2 * diagonal + 2);
  let best = { angle: 0, score: -1 };
  for (let angle = -MAX_SKEW; angle <= MAX_SKEW; angle += SKEW_STEP) {
    const radians = (angle * Math.PI) / 180;
    const cos = Math.cos(radians);
    const sin = Math.sin(radians);
    bins.fill(0);
    for (let i = 0; i < kept; i++) bins[Math.round(ys[i] * cos - xs[i] * sin) + diagonal]++;
    let score = 0;
    for (const count of bins) score += count * count;
    // Ties (a blank or symmetric image) keep the smaller rotation.
    if (
      score > best.score * 1.0001 ||
      (score >= best.score && Math.abs(angle) < Math.abs(best.angle))
    )
      best = { angle, score };
  }
  return best.angle;
}

export type Preparation = "plain" | "denoised" | "small" | "binarised" | "inverted";

/**
 * The photo as the OCR reads it best: levelled (skew), its contrast stretched, at a fixed width
 * ("small": a narrower one), never taller than READ_MAX_HEIGHT. "denoised" and "small" also take
 * out grain with a median filter; "binarised" leaves black ink on white.
 */
export async function prepareForOcr(
  copy: WorkingCopy,
  skew: number,
  preparation: Preparation = "plain",
  deadline = Infinity,
): Promise<Buffer> {
  let image = fromWorkingCopy(copy)
    .rotate(-skew, { background: "#ffffff" })
    .normalise({ lower: 1, upper: 99 })
    .resize(fitInside(preparation === "small" ? SMALL_WIDTH : READ_WIDTH, READ_MAX_HEIGHT));
  if (preparation === "denoised" || preparation === "small") image = image.median(3);
  if (preparation === "binarised") image = image.median(3).threshold(128);
  // Light print on a dark label, for a whole-photo pass (the lines pass turns each line itself).
  if (preparation === "inverted") image = image.median(3).negate();
  return step(image.png({ compressionLevel: 1 }), deadline);
}

// --- Lines of print ------------------------------------------------------------------------------

/** The levelled copy the lines are found on and cut from: upright and at most this wide. */
const LEVEL_WIDTH = 1600;
const LEVEL_PIXELS = 2_500_000;
/** The small copy lines are found on. */
const FIND_WIDTH = 800;
/** Each line is scaled to this height (caps of 30–45 px: what Tesseract reads best; a line found
 * with some small print under it still gets its big print at a readable size). */
const LINE_HEIGHT = 52;
/** Around each line, this much of its height is kept above/below and left/right. */
const MARGIN_Y = 0.35;
const MARGIN_X = 0.6;
/** No line is made wider than this (a long line of small print is scaled down to fit). */
const STACK_WIDTH = 1600;
const STACK_GAP = 16;

/** The working copy turned upright by `skew` and reduced to at most LEVEL_WIDTH: one grey image. */
export async function levelCopy(
  copy: WorkingCopy,
  skew: number,
  deadline = Infinity,
): Promise<Grey> {
  const scale = reduction(copy.width, copy.height, LEVEL_WIDTH, LEVEL_PIXELS);
  let image = fromWorkingCopy(copy);
  if (skew !== 0) {
    // The corners turned in take the photo's mean grey: white ones would make edges like print.
    let sum = 0;
    let count = 0;
    for (let i = 0; i < copy.data.length; i += 97, count++) sum += copy.data[i]!;
    const grey = Math.round(sum / Math.max(1, count));
    image = image.rotate(-skew, { background: { r: grey, g: grey, b: grey } });
  }
  // sharp resizes before rotating: the size is taken from the rotated copy's width, close enough.
  if (scale < 1) image = image.resize({ width: Math.max(1, Math.round(copy.width * scale)) });
  return greyPixels(image, deadline);
}

/** The lines of print on the levelled copy, biggest first, in its coordinates. */
export async function textRegions(levelled: Grey, deadline = Infinity): Promise<Region[]> {
  const scale = Math.min(1, FIND_WIDTH / levelled.width);
  const width = Math.max(1, Math.round(levelled.width * scale));
  const probe = await step(
    sharp(levelled.data, rawGrey(levelled)).resize({ width }).median(3).extractChannel(0).raw(),
    deadline,
  );
  const small = { data: probe, width, height: probe.length / width };
  const neighbourhood = await neighbourhoodOf(small, Math.max(4, width / 80), deadline);
  return findTextRegions(small, neighbourhood).map((r) => ({
    left: r.left / scale,
    top: r.top / scale,
    width: r.width / scale,
    height: r.height / scale,
  }));
}

/** Where each line sits in a stack, and by how much it was scaled. */
export type Placement = { top: number; bottom: number; scale: number; inverted: boolean };

/**
 * The lines cut from the levelled copy, each scaled to LINE_HEIGHT, dark on light and stretched
 * (`normaliseLine`), stacked one under the other on white: one small image for one OCR call.
 */
export async function stackLines(
  levelled: Grey,
  regions: readonly Region[],
  deadline = Infinity,
): Promise<{ image: Buffer; placements: Placement[] }> {
  const lines: (Grey & { scale: number; inverted: boolean })[] = [];
  for (const region of regions) {
    const left = Math.max(0, Math.floor(region.left - MARGIN_X * region.height));
    const top = Math.max(0, Math.floor(region.top - MARGIN_Y * region.height));
    const right = Math.min(
      levelled.width,
      Math.ceil(region.left + region.width + MARGIN_X * region.height),
    );
    const bottom = Math.min(
      levelled.height,
      Math.ceil(region.top + region.height + MARGIN_Y * region.height),
    );
    if (right - left < 2 || bottom - top < 2) continue;
    const scale = Math.min(LINE_HEIGHT / region.height, STACK_WIDTH / (right - left));
    const width = Math.max(1, Math.round((right - left) * scale));
    const height = Math.max(1, Math.round((bottom - top) * scale));
    const data = await step(
      sharp(levelled.data, rawGrey(levelled))
        .extract({ left, top, width: right - left, height: bottom - top })
        .resize({ width, height, fit: "fill" })
        .extractChannel(0)
        .raw(),
      deadline,
    );
    const line = { data, width, height };
    lines.push({ ...line, scale, ...normaliseLine(line) });
  }
  const width = Math.max(1, ...lines.map((line) => line.width)) + 2 * STACK_GAP;
  const height = lines.reduce((sum, line) => sum + line.height + STACK_GAP, STACK_GAP);
  const canvas = new Uint8Array(width * height).fill(255);
  const placements: Placement[] = [];
  let y = STACK_GAP;
  for (const line of lines) {
    for (let row = 0; row < line.height; row++)
      canvas.set(
        line.data.subarray(row * line.width, (row + 1) * line.width),
        (y + row) * width + STACK_GAP,
      );
    placements.push({
      top: y,
      bottom: y + line.height,
      scale: line.scale,
      inverted: line.inverted,
    });
    y += line.height + STACK_GAP;
  }
  const image = await step(
    sharp(canvas, rawGrey({ width, height })).png({ compressionLevel: 1 }),
    deadline,
  );
  return { image, placements };
}
