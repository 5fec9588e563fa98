import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  codeCandidates,
  lookAlikeVariants,
  MAX_CANDIDATES,
  type ReadLine,
} from "./code-candidates";
import { normalizeCode } from "./codes";

/** A line as the OCR gives it: words with a confidence and a height (px). */
const line = (text: string, height = 20, confidence = 90): ReadLine =>
  text.split(" ").map((word) => ({ text: word, confidence, height }));

const printed = (lines: ReadLine[]) => codeCandidates(lines).map((c) => c.printed);

describe("codeCandidates", () => {
  it("picks the code out of a label's text and ranks the big print first", () => {
    const label = [
      line("BOSCH", 40),
      line("Pastilha de freio dianteira", 18),
      line("0986AB1234", 60),
      line("Made in Brazil 12 un.", 14),
    ];
    expect(printed(label)[0]).toBe("0986AB1234");
    expect(printed(label)).not.toContain("BOSCH");
    expect(printed(label)).not.toContain("Pastilha");
  });

  it("joins a code printed with spaces inside, and keeps its parts as fallbacks", () => {
    const found = printed([line("W 712/95", 50), line("Filtro de oleo", 20)]);
    expect(found[0]).toBe("W 712/95");
    expect(found).toContain("712/95");
    expect(printed([line("HG 31069", 50)])[0]).toBe("HG 31069");
  });

  it("skips the words a label puts before a code and never joins across them", () => {
    const found = printed([line("Cód.: 5U0698151A", 40), line("REF N 12345", 40)]);
    expect(found).toContain("5U0698151A");
    expect(found).toContain("N 12345");
    expect(found.some((code) => /COD|REF/i.test(code))).toBe(false);
  });

  it("does not offer barcode digits, words without digits or two-character bits", () => {
    const found = printed([line("7891234567895", 12), line("FREIOS 12", 30), line("PSL55", 30)]);
    expect(found[0]).toBe("PSL55");
    expect(found).not.toContain("FREIOS");
    expect(found).not.toContain("12");
    expect(found.indexOf("7891234567895")).toBeGreaterThan(found.indexOf("PSL55"));
  });

  it("trims punctuation the OCR glued to a word", () => {
    expect(printed([line("(BR-123.456),", 40)])[0]).toBe("BR-123.456");
  });

  it("answers nothing for text with no code in it, or no text", () => {
    expect(codeCandidates([])).toEqual([]);
    expect(codeCandidates([line("Pastilha de freio"), []])).toEqual([]);
  });

  it("holds for any text: normalised, within bounds, unique, best first, at most MAX_CANDIDATES", () => {
    const word = fc.record({
      text: fc.string({ maxLength: 16 }),
      confidence: fc.double({ min: 0, max: 100, noNaN: true }),
      height: fc.integer({ min: 0, max: 200 }),
    });
    fc.assert(
      fc.property(fc.array(fc.array(word, { maxLength: 8 }), { maxLength: 8 }), (lines) => {
        const found = codeCandidates(lines);
        expect(found.length).toBeLessThanOrEqual(MAX_CANDIDATES);
        expect(new Set(found.map((c) => c.norm)).size).toBe(found.length);
        for (const [index, candidate] of found.entries()) {
          expect(candidate.norm).toBe(normalizeCode(candidate.printed));
          expect(candidate.norm).toMatch(/^[A-Z0-9]{3,20}$/);
          expect(candidate.norm).toMatch(/\d/);
          if (index > 0) expect(found[index - 1].score).toBeGreaterThanOrEqual(candidate.score);
        }
      }),
    );
  });
});

describe("lookAlikeVariants", () => {
  it("swaps the characters an OCR confuses, fewest swaps first", () => {
    const variants = lookAlikeVariants("5UO698151A");
    expect(variants).toContain("5U0698151A");
    expect(variants).not.toContain("5UO698151A");
    expect(lookAlikeVariants("PSLSS")).toContain("PSL55");
    const oneSwap = lookAlikeVariants("B1", 1);
    expect(oneSwap.sort()).toEqual(["81", "BI"].sort());
  });

  it("stays within its swaps and its limit, for any code", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9]{1,14}$/),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 60 }),
        (code, maxSwaps, limit) => {
          const variants = lookAlikeVariants(code, maxSwaps, limit);
          expect(variants.length).toBeLessThanOrEqual(limit);
          expect(new Set(variants).size).toBe(variants.length);
          expect(variants).not.toContain(code);
          for (const variant of variants) {
            expect(variant).toHaveLength(code.length);
            const swaps = [...variant].filter((char, i) => char !== code[i]).length;
            expect(swaps).toBeGreaterThanOrEqual(1);
            expect(swaps).toBeLessThanOrEqual(maxSwaps);
          }
        },
      ),
    );
  });
});
