import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { findTextRegions, isLightOnDark, normaliseLine, type Grey } from "./regions.server";

/** An SVG drawn grey, one byte a pixel. */
async function draw(svg: string): Promise<Grey> {
  const { data, info } = await sharp(Buffer.from(svg))
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const line = (fill: string, ink: string) =>
  draw(`<svg xmlns="http://www.w3.org/2000/svg" width="360" height="80">
    <rect width="360" height="80" fill="${fill}"/>
    <text x="20" y="58" font-family="DejaVu Sans" font-weight="bold" font-size="48" fill="${ink}">PLKR7A</text>
  </svg>`);

describe("isLightOnDark / normaliseLine", () => {
  it("tells white print on a dark label from dark print on a light one", async () => {
    expect(isLightOnDark(await line("#14306e", "#ffffff"))).toBe(true);
    expect(isLightOnDark(await line("#1f1f24", "#f6f3e8"))).toBe(true);
    expect(isLightOnDark(await line("#f4efe2", "#111111"))).toBe(false);
    expect(isLightOnDark(await line("#c9a36b", "#1c1c24"))).toBe(false);
  });

  it("turns light-on-dark print dark-on-light, with its tones stretched to black and white", async () => {
    const inverted = await line("#1d2b53", "#fff8dc");
    expect(normaliseLine(inverted)).toEqual({ inverted: true });
    const plain = await line("#c9a36b", "#2a1c10");
    expect(normaliseLine(plain)).toEqual({ inverted: false });
    for (const image of [inverted, plain]) {
      // Mostly paper (white), some ink (black), as Tesseract wants it.
      const white = image.data.filter((v) => v > 200).length / image.data.length;
      const black = image.data.filter((v) => v < 55).length / image.data.length;
      expect(white).toBeGreaterThan(0.6);
      expect(black).toBeGreaterThan(0.05);
    }
  });
});

describe("findTextRegions", () => {
  it("finds the lines of print biggest first, skipping small print, barcodes and the label's frame", async () => {
    const bars = Array.from(
      { length: 40 },
      (_, i) => `<rect x="${420 + i * 7}" y="300" width="${1 + (i % 3)}" height="70" fill="#111"/>`,
    ).join("");
    const probe = await draw(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="420">
      <rect width="800" height="420" fill="#c9a36b"/>
      <rect x="30" y="30" width="740" height="250" rx="10" fill="#f7f4e6" stroke="#333" stroke-width="3"/>
      <text x="60" y="100" font-family="DejaVu Sans" font-size="30" fill="#222">Pastilha de freio</text>
      <text x="60" y="200" font-family="DejaVu Serif" font-weight="bold" font-size="80" fill="#111">W 712/95</text>
      <text x="60" y="250" font-family="DejaVu Sans" font-size="9" fill="#333">Made in Brazil</text>
      ${bars}
    </svg>`);
    const neighbourhood = await sharp(Buffer.from(probe.data), {
      raw: { width: probe.width, height: probe.height, channels: 1 },
    })
      .blur(10)
      .extractChannel(0)
      .raw()
      .toBuffer();
    const regions = findTextRegions(probe, neighbourhood);
    expect(regions.length).toBeGreaterThanOrEqual(2);
    const [code, name] = regions;
    // The code's line, words joined across the space, first; then the part name.
    expect(code!.top).toBeGreaterThan(115);
    expect(code!.top + code!.height).toBeLessThan(225);
    expect(code!.left).toBeLessThan(70);
    expect(code!.width).toBeGreaterThan(330);
    expect(name!.top).toBeGreaterThan(65);
    expect(name!.top + name!.height).toBeLessThan(115);
    // Nothing over the barcode, nothing as big as the label itself.
    for (const region of regions) {
      expect(region.top >= 290 && region.left >= 400, JSON.stringify(region)).toBe(false);
      expect(region.height).toBeLessThan(150);
    }
  });

  it("finds nothing on a blank photo", async () => {
    const blank = await draw(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#e8e2d0"/></svg>`,
    );
    expect(findTextRegions(blank, blank.data)).toEqual([]);
  });
});
