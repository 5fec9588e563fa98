/**
 * Where the text is on a levelled photo, and each piece of it made easy for the OCR (ADR 0033):
 * the lines of print are found on a small copy (ink = pixels clearly apart from their
 * neighbourhood, joined along the line), then each line is cut from the photo, scaled to the
 * print height the OCR reads best, turned dark-on-light when it is light-on-dark, and its contrast
 * stretched on its own (uneven light no longer matters). Pure functions on grey pixels.
 */

/** A grey image, one byte a pixel. */
export type Grey = { data: Uint8Array; width: number; height: number };

/** A line of print, in the coordinates of the image it was found on. */
export type Region = { left: number; top: number; width: number; height: number };

/** Lines shorter than this share of the probe's width are small print (a code is bigger). */
const MIN_HEIGHT_SHARE = 0.014;
/** Gaps along a line shorter than this many line heights join its letters and words. */
const JOIN_GAP_HEIGHTS = 0.9;
/** A row belongs to a line when this share of the line's width is ink. */
const ROW_INK_SHARE = 0.06;
/** More ink edges than this per line height of width along the middle row: a barcode. */
const BARCODE_EDGES = 12;
/** At most this many lines are read, biggest print first. */
export const MAX_REGIONS = 8;

/** Pixels clearly darker or lighter than their neighbourhood (a blurred copy). */
export function inkMask(image: Grey, neighbourhood: Uint8Array, threshold = 18): Uint8Array {
  const mask = new Uint8Array(image.data.length);
  for (let i = 0; i < mask.length; i++)
    mask[i] = Math.abs(image.data[i]! - neighbourhood[i]!) > threshold ? 1 : 0;
  return mask;
}

/** Fills each row's gaps of at most `gap` pixels between ink (letters into words into lines). */
function joinAlongRows(mask: Uint8Array, width: number, height: number, gap: number): Uint8Array {
  const out = Uint8Array.from(mask);
  for (let y = 0; y < height; y++) {
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      if (last >= 0 && x - last > 1 && x - last <= gap)
        out.fill(1, y * width + last + 1, y * width + x);
      last = x;
    }
  }
  return out;
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** Bounding boxes of the 4-connected groups of set pixels. */
function components(mask: Uint8Array, width: number, height: number): Box[] {
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  const boxes: Box[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    const box = { x0: width, y0: height, x1: -1, y1: -1 };
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % width;
      const y = (i - x) / width;
      if (x < box.x0) box.x0 = x;
      if (x > box.x1) box.x1 = x;
      if (y < box.y0) box.y0 = y;
      if (y > box.y1) box.y1 = y;
      const push = (j: number) => {
        if (mask[j] && !seen[j]) {
          seen[j] = 1;
          stack[top++] = j;
        }
      };
      if (x > 0) push(i - 1);
      if (x < width - 1) push(i + 1);
      if (y > 0) push(i - width);
      if (y < height - 1) push(i + width);
    }
    boxes.push(box);
  }
  return boxes;
}

/**
 * Splits a box into its lines: runs of rows with enough ink (a label's border or two lines of
 * print touching make one group of pixels; their rows tell them apart).
 */
function splitRows(mask: Uint8Array, width: number, box: Box): Box[] {
  const w = box.x1 - box.x0 + 1;
  const needed = Math.max(2, w * ROW_INK_SHARE);
  const lines: Box[] = [];
  let from = -1;
  const close = (to: number) => {
    let x0 = box.x1;
    let x1 = box.x0;
    for (let y = from; y <= to; y++)
      for (let x = box.x0; x <= box.x1; x++)
        if (mask[y * width + x]) {
          if (x < x0) x0 = x;
          if (x > x1) x1 = x;
        }
    if (x1 >= x0) lines.push({ x0, y0: from, x1, y1: to });
    from = -1;
  };
  for (let y = box.y0; y <= box.y1; y++) {
    let ink = 0;
    for (let x = box.x0; x <= box.x1; x++) ink += mask[y * width + x]!;
    if (ink >= needed) {
      if (from < 0) from = y;
    } else if (from >= 0) close(y - 1);
  }
  if (from >= 0) close(box.y1);
  return lines;
}

/**
 * Dark/light changes along the middle row of a box (split at the row's mean), per line height of
 * its width: print has a few per letter, a barcode's bars many more.
 */
function edgesPerHeight(image: Grey, box: Box): number {
  const y = Math.round((box.y0 + box.y1) / 2);
  const row = image.data.subarray(y * image.width + box.x0, y * image.width + box.x1 + 1);
  let sum = 0;
  for (const v of row) sum += v;
  const mean = sum / Math.max(1, row.length);
  let edges = 0;
  for (let x = 1; x < row.length; x++) if (row[x]! < mean !== row[x - 1]! < mean) edges++;
  const h = box.y1 - box.y0 + 1;
  return edges / Math.max(1, (box.x1 - box.x0 + 1) / h);
}

/**
 * The lines of print on `probe` (a small copy of the levelled photo), biggest first: groups of ink
 * joined along rows, split into lines, kept when they look like print of a readable size (wider
 * than tall, not small print, not a barcode). `neighbourhood` is `probe` blurred.
 */
export function findTextRegions(probe: Grey, neighbourhood: Uint8Array): Region[] {
  const { width, height } = probe;
  const ink = inkMask(probe, neighbourhood);
  const minHeight = Math.max(6, Math.round(width * MIN_HEIGHT_SHARE));
  // Letters of the smallest print worth reading sit a few pixels apart; big print further.
  const joined = joinAlongRows(ink, width, height, Math.round(minHeight * 1.6));
  const found: Box[] = [];
  for (const group of components(joined, width, height)) {
    if (group.y1 - group.y0 + 1 < minHeight || group.x1 - group.x0 + 1 < minHeight) continue;
    // Rows are counted on the ink itself: the joined gaps would count a label's border twice.
    for (const line of splitRows(ink, width, group)) {
      const h = line.y1 - line.y0 + 1;
      const w = line.x1 - line.x0 + 1;
      if (h < minHeight || h > height * 0.6) continue;
      if (w >= h * 1.4 && edgesPerHeight(probe, line) > BARCODE_EDGES) continue;
      found.push(line);
    }
  }
  // Wide gaps inside a line (a code printed "W 712/95", big print's letters) were not joined at
  // the small gap: join boxes on the same line that are close for their height, then keep the
  // lines wider than tall (a code has three characters at least).
  found.sort((a, b) => a.x0 - b.x0);
  const merged: Box[] = [];
  for (const box of found) {
    const h = box.y1 - box.y0 + 1;
    const mate = merged.find((m) => {
      const mh = m.y1 - m.y0 + 1;
      const overlap = Math.min(m.y1, box.y1) - Math.max(m.y0, box.y0) + 1;
      return (
        overlap > 0.6 * Math.min(h, mh) &&
        Math.max(h, mh) < 1.6 * Math.min(h, mh) &&
        box.x0 - m.x1 <= JOIN_GAP_HEIGHTS * Math.max(h, mh)
      );
    });
    if (mate) {
      mate.x0 = Math.min(mate.x0, box.x0);
      mate.x1 = Math.max(mate.x1, box.x1);
      mate.y0 = Math.min(mate.y0, box.y0);
      mate.y1 = Math.max(mate.y1, box.y1);
    } else merged.push({ ...box });
  }
  // A box holding smaller lines is a label's frame around them, not a line.
  const holds = (outer: Box, inner: Box) =>
    inner !== outer &&
    inner.x0 >= outer.x0 &&
    inner.x1 <= outer.x1 &&
    inner.y0 >= outer.y0 &&
    inner.y1 <= outer.y1 &&
    inner.y1 - inner.y0 < 0.7 * (outer.y1 - outer.y0);
  return merged
    .filter((b) => b.x1 - b.x0 + 1 >= 1.4 * (b.y1 - b.y0 + 1))
    .filter((b, _, all) => !all.some((inner) => holds(b, inner)))
    .sort((a, b) => b.y1 - b.y0 - (a.y1 - a.y0))
    .slice(0, MAX_REGIONS)
    .map((b) => ({ left: b.x0, top: b.y0, width: b.x1 - b.x0 + 1, height: b.y1 - b.y0 + 1 }));
}

/** Otsu's threshold of some grey pixels. */
function otsu(data: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const v of data) histogram[v]!++;
  const total = data.length;
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * histogram[v]!;
  let below = 0;
  let sumBelow = 0;
  let best = { level: 127, spread: -1 };
  for (let v = 0; v < 256; v++) {
    below += histogram[v]!;
    if (below === 0 || below === total) continue;
    sumBelow += v * histogram[v]!;
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / (total - below);
    const spread = below * (total - below) * (meanBelow - meanAbove) ** 2;
    if (spread > best.spread) best = { level: v, spread };
  }
  return best.level;
}

/**
 * Whether a cut-out line of print is light on dark: print is the smaller of the two tones (split
 * at Otsu's threshold) in a cut-out with a margin of background around the line.
 */
export function isLightOnDark(line: Grey): boolean {
  const level = otsu(line.data);
  let light = 0;
  for (const v of line.data) if (v > level) light++;
  return light < line.data.length / 2;
}

/**
 * The line made ready for the OCR, in place: dark on light (negated when light on dark) and its
 * tones stretched so that the 1st and 99th percentiles become black and white.
 */
export function normaliseLine(line: Grey): { inverted: boolean } {
  const inverted = isLightOnDark(line);
  const { data } = line;
  if (inverted) for (let i = 0; i < data.length; i++) data[i] = 255 - data[i]!;
  const histogram = new Uint32Array(256);
  for (const v of data) histogram[v]!++;
  const at = (share: number) => {
    let count = 0;
    for (let v = 0; v < 256; v++) {
      count += histogram[v]!;
      if (count >= share * data.length) return v;
    }
    return 255;
  };
  const lo = at(0.01);
  const hi = at(0.99);
  if (hi - lo >= 8)
    for (let i = 0; i < data.length; i++)
      data[i] = Math.max(0, Math.min(255, Math.round(((data[i]! - lo) * 255) / (hi - lo))));
  return { inverted };
}
