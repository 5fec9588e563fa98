import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeCode } from "~/utils/codes";
import { buildCatalogue } from "~db/seed-data/catalogue";

/**
 * The committed OCR test set (tests/fixtures/ocr, written by bench/ocr-fixtures.ts): every entry
 * of the manifest is an image on disk whose code a demo catalogue search would find. No OCR here.
 */
const DIR = path.resolve("tests/fixtures/ocr");

type Entry = { file: string; code: string; variant: { kind?: string } & Record<string, unknown> };

const manifest = JSON.parse(readFileSync(path.join(DIR, "manifest.json"), "utf8")) as Entry[];

const demoCodes = new Set(
  buildCatalogue().parts.flatMap((part) => [
    normalizeCode(part.code),
    ...part.alternativeCodes.map((alt) => normalizeCode(alt.code)),
  ]),
);

describe("the OCR test set", () => {
  it("has at least 80 images, each listed once, with issue #25's failing kinds", () => {
    expect(manifest.length).toBeGreaterThanOrEqual(80);
    const kinds = new Map<string, number>();
    for (const e of manifest)
      kinds.set(e.variant.kind ?? "?", (kinds.get(e.variant.kind ?? "?") ?? 0) + 1);
    expect(kinds.get("mixed")).toBe(51);
    for (const kind of ["large-serif", "light-on-dark", "heavy-blur"])
      expect(kinds.get(kind), kind).toBeGreaterThanOrEqual(10);
    // The two white-on-dark codes the tester saw misread are in.
    const dark = manifest.filter((e) => e.variant.kind === "light-on-dark").map((e) => e.code);
    expect(dark).toEqual(expect.arrayContaining(["PLKR7A", "CT-0584"]));
    expect(new Set(manifest.map((e) => e.file)).size).toBe(manifest.length);
  });

  it("lists only JPEG files that exist", () => {
    const missing = manifest.filter(
      (e) => !/^[\w-]+\.jpg$/.test(e.file) || !existsSync(path.join(DIR, e.file)),
    );
    expect(missing.map((e) => e.file)).toEqual([]);
    for (const e of manifest) {
      const bytes = readFileSync(path.join(DIR, e.file)).subarray(0, 3);
      expect([...bytes], e.file).toEqual([0xff, 0xd8, 0xff]);
    }
  });

  it("prints only codes of the demo catalogue (by normalised code)", () => {
    const unknown = manifest.filter((e) => !demoCodes.has(normalizeCode(e.code)));
    expect(unknown.map((e) => e.code)).toEqual([]);
    for (const e of manifest) {
      expect(e.code.length, e.code).toBeGreaterThanOrEqual(4);
      expect(e.code.length, e.code).toBeLessThanOrEqual(13);
      expect(e.variant, e.file).toEqual(
        expect.objectContaining({ rotationDeg: expect.any(Number) }),
      );
    }
  });

  it("stays small enough to commit", () => {
    const bytes = manifest.reduce((sum, e) => sum + statSync(path.join(DIR, e.file)).size, 0);
    // The large photos (up to 4000 px wide, as phones take them) are most of it.
    expect(bytes).toBeLessThan(12 * 1024 * 1024);
  });
});
