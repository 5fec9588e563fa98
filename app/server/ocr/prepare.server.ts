import sharp from "sharp";

/** Larger photos are refused before decoding: a 10 MB file can still claim a billion pixels. */
const MAX_INPUT_PIXELS = 60_000_000;
/** The width skew is measured on: enough for text lines, cheap to scan. */
const PROBE_WIDTH = 500;
/** The width the OCR reads: labels photographed whole put the code at a legible size here. */
const READ_WIDTH = 1400;
/** Tesseract's LSTM misreads text rotated more than a few degrees; labels come up to ±20°. */
const MAX_SKEW = 20;
/** Codes printed very big read better smaller: the OCR model was trained on text of book size. */
const SMALL_WIDTH = 800;
const SKEW_STEP = 0.5;

export class UnreadableImageError extends Error {}

function source(bytes: Uint8Array) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
}

/**
 * The angle (degrees) the photo's text lines lean by. Ink is any pixel clearly darker (or lighter,
 * on dark labels) than its neighbourhood; the angle whose horizontal projection of the ink has the
 * sharpest peaks is the one the lines run along.
 */
export async function skewDegrees(bytes: Uint8Array): Promise<number> {
  const { data, info } = await source(bytes)
    .autoOrient()
    .greyscale()
    .resize({ width: PROBE_WIDTH, withoutEnlargement: false })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const neighbourhood = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: 1 },
  })
    .blur(6)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = y * info.width + x;
      if (Math.abs(data[i] - neighbourhood[i]) > 20) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length === 0) return 0;
  const diagonal = Math.ceil(Math.hypot(info.width, info.height));
  const bins = new Float64Array(2 * diagonal + 2);
  let best = { angle: 0, score: -1 };
  for (let angle = -MAX_SKEW; angle <= MAX_SKEW; angle += SKEW_STEP) {
    const radians = (angle * Math.PI) / 180;
    const cos = Math.cos(radians);
    const sin = Math.sin(radians);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i] * cos - xs[i] * sin) + diagonal]++;
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
 * The photo as the OCR reads it best: turned upright (EXIF), levelled (skew), grey, its contrast
 * stretched, at a fixed width ("small": a narrower one). "denoised" and "small" also take out
 * grain with a median filter; "binarised" leaves black ink on white.
 */
export async function prepareForOcr(
  bytes: Uint8Array,
  skew: number,
  preparation: Preparation = "plain",
): Promise<Buffer> {
  let image = source(bytes)
    .autoOrient()
    .greyscale()
    .rotate(-skew, { background: "#ffffff" })
    .normalise({ lower: 1, upper: 99 })
    .resize({ width: preparation === "small" ? SMALL_WIDTH : READ_WIDTH });
  if (preparation === "denoised" || preparation === "small") image = image.median(3);
  if (preparation === "binarised") image = image.median(3).threshold(128);
  return image.png({ compressionLevel: 1 }).toBuffer();
}

/** Decodes the header only: whether the bytes are an image sharp can read, and its size. */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  try {
    const { width, height } = await source(bytes).metadata();
    if (!width || !height) throw new UnreadableImageError("sem dimensões");
    if (width * height > MAX_INPUT_PIXELS) throw new UnreadableImageError("grande demais");
    return { width, height };
  } catch (error) {
    throw error instanceof UnreadableImageError ? error : new UnreadableImageError(String(error));
  }
}
