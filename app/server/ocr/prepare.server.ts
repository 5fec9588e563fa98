import sharp, { type Metadata, type Sharp } from "sharp";
import { OcrTimeoutError } from "./engine.server";

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
/** What the OCR accepts; other formats sharp knows (SVG, PDF, TIFF...) are not photos. */
const FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);
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

function fromWorkingCopy(copy: WorkingCopy) {
  return sharp(copy.data, {
    raw: { width: copy.width, height: copy.height, channels: 1 },
    limitInputPixels: MAX_INPUT_PIXELS,
  }).greyscale(); // else sharp answers in three channels (sRGB)
}

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
  if (!FORMATS.has(format) || !width || !height) throw new UnreadableImageError("formato");
  const pixels = width * height;
  const decoded = pixels * (channels ?? 4) * (BYTES_PER_SAMPLE[depth ?? ""] ?? 8);
  if (pixels > MAX_INPUT_PIXELS || decoded > MAX_DECODED_BYTES)
    throw new UnreadableImageError("grande demais");
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
  const scale = Math.min(
    1,
    WORK_WIDTH / header.width,
    Math.sqrt(WORK_PIXELS / (header.width * header.height)),
  );
  let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
    .autoOrient()
    .flatten({ background: "#ffffff" })
    .greyscale();
  if (scale < 1) image = image.resize({ width: Math.max(1, Math.floor(header.width * scale)) });
  try {
    const { data, info } = await within(image.extractChannel(0), deadline)
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof OcrTimeoutError || isTimeout(error)) throw new OcrTimeoutError();
    throw new UnreadableImageError(String(error));
  }
}

/** A sharp step on the working copy, within the time limit (its only failure is running out). */
async function step(image: Sharp, deadline: number): Promise<Buffer> {
  try {
    return await within(image, deadline).toBuffer();
  } catch (error) {
    if (isTimeout(error)) throw new OcrTimeoutError();
    throw error;
  }
}

/**
 * The angle (degrees) the photo's text lines lean by. Ink is any pixel clearly darker (or lighter,
 * on dark labels) than its neighbourhood; the angle whose horizontal projection of the ink has the
 * sharpest peaks is the one the lines run along.
 */
export async function skewDegrees(copy: WorkingCopy, deadline = Infinity): Promise<number> {
  const { data, info } = await within(
    fromWorkingCopy(copy).resize({
      width: PROBE_WIDTH,
      height: PROBE_MAX_HEIGHT,
      fit: "inside",
      withoutEnlargement: false,
    }),
    deadline,
  )
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw isTimeout(error) ? new OcrTimeoutError() : error;
    });
  const neighbourhood = await step(
    sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
      .blur(6)
      .extractChannel(0)
      .raw(),
    deadline,
  );
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
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = y * info.width + x;
      if (Math.abs(data[i] - neighbourhood[i]) > 20 && seen++ % every === 0 && kept < xs.length) {
        xs[kept] = x;
        ys[kept] = y;
        kept++;
      }
    }
  }
  const diagonal = Math.ceil(Math.hypot(info.width, info.height));
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

export type Preparation = "plain" | "denoised" | "small" | "binarised";

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
    .resize({
      width: preparation === "small" ? SMALL_WIDTH : READ_WIDTH,
      height: READ_MAX_HEIGHT,
      fit: "inside",
      withoutEnlargement: false,
    });
  if (preparation === "denoised" || preparation === "small") image = image.median(3);
  if (preparation === "binarised") image = image.median(3).threshold(128);
  return step(image.png({ compressionLevel: 1 }), deadline);
}
