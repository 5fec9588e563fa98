import { normalizeCode } from "./codes";

/** A word the OCR read, with how sure it was (0–100) and how tall it is on the prepared image. */
export type ReadWord = { text: string; confidence: number; height: number };

/** A line of words, left to right, as the OCR grouped them. */
export type ReadLine = ReadWord[];

/** A code-shaped piece of the text read: as printed (separators kept) and normalised. */
export type CodeCandidate = { printed: string; norm: string; score: number };

/** Normalised part codes have 3 to 20 letters and digits (the catalogue's shortest are 4-digit). */
const MIN_CODE = 3;
const MAX_CODE = 20;
/** Characters a printed code may carry between its letters and digits. */
const SEPARATORS = /^[-./]+$/;
/** Words a label puts before a code ("Cód.:", "REF", "Código") and never part of it. */
const LABEL_WORDS = new Set(["COD", "CODIGO", "CODE", "REF", "REFERENCIA"]);
/** A code printed in groups ("F 000 99C 715") spans up to this many words. */
const MAX_JOINED = 4;
/** At most this many candidates are kept, best first: the lookup tries each one. */
export const MAX_CANDIDATES = 12;

/** The word with its leading and trailing punctuation removed ("(BR-123)" → "BR-123"). */
function trimWord(text: string): string {
  return text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

/**
 * How much a normalised string looks like a part code: codes carry digits, often mixed with a few
 * letters; words ("PASTILHA", "BRAZIL") carry none; long digit runs are barcodes (EAN-13).
 */
function shapeScore(norm: string): number {
  if (norm.length < MIN_CODE || norm.length > MAX_CODE) return 0;
  const digits = norm.replace(/\D/g, "").length;
  if (digits === 0) return 0;
  const letters = norm.length - digits;
  if (letters === 0 && (norm.length === 12 || norm.length === 13)) return 0.1; // EAN/UPC barcode digits
  let score = 1;
  if (letters > 0) score += 0.5;
  if (norm.length >= 5 && norm.length <= 13) score += 0.5;
  if (letters > digits) score -= 0.4;
  return score;
}

/**
 * Picks the code-shaped pieces of OCR text, best first. A code may be printed with spaces inside
 * ("W 712/95", "HG 31069"), so up to four neighbouring words are also joined. Taller text and
 * surer words rank higher: the code is what a label prints big.
 */
export function codeCandidates(lines: readonly ReadLine[]): CodeCandidate[] {
  const tallest = Math.max(1, ...lines.flatMap((line) => line.map((word) => word.height)));
  const byNorm = new Map<string, CodeCandidate>();
  const offer = (words: readonly ReadWord[]) => {
    const printed = words
      .map((word) => trimWord(word.text))
      .filter(Boolean)
      .join(" ");
    const norm = normalizeCode(printed);
    const shape = shapeScore(norm);
    if (shape === 0) return;
    const height = Math.min(...words.map((word) => word.height)) / tallest;
    const confidence = Math.min(...words.map((word) => word.confidence)) / 100;
    // A join is worth a little less than one word, so "HG 31069" beats "31069" only by being a code.
    const score = shape + height * 1.5 + confidence - (words.length - 1) * 0.15;
    const known = byNorm.get(norm);
    if (!known || known.score < score) byNorm.set(norm, { printed, norm, score });
  };

  for (const line of lines) {
    const words = line.filter((word) => {
      const bare = trimWord(word.text);
      return bare !== "" && !SEPARATORS.test(bare);
    });
    for (let start = 0; start < words.length; start++) {
      if (LABEL_WORDS.has(normalizeCode(words[start].text))) continue;
      for (let size = 1; size <= MAX_JOINED && start + size <= words.length; size++) {
        const group = words.slice(start, start + size);
        if (size > 1 && LABEL_WORDS.has(normalizeCode(group[size - 1].text))) break;
        offer(group);
      }
    }
  }
  return [...byNorm.values()].sort((a, b) => b.score - a.score).slice(0, MAX_CANDIDATES);
}

/** Letters and digits an OCR engine mistakes for one another on printed labels. */
const LOOK_ALIKES: Record<string, string[]> = {
  O: ["0"],
  "0": ["O"],
  D: ["0"],
  Q: ["0"],
  I: ["1"],
  L: ["1"],
  "1": ["I"],
  S: ["5"],
  "5": ["S"],
  B: ["8"],
  "8": ["B"],
  Z: ["2"],
  "2": ["Z"],
  G: ["6"],
  "6": ["G"],
  T: ["7"],
  A: ["4"],
  "4": ["A"],
};

/**
 * The readings a normalised code could have been, with up to `maxSwaps` look-alike characters
 * swapped (never the code itself), at most `limit` of them, fewest swaps first.
 */
export function lookAlikeVariants(norm: string, maxSwaps = 2, limit = 48): string[] {
  const out: string[] = [];
  const seen = new Set([norm]);
  let frontier = [norm];
  for (let swaps = 1; swaps <= maxSwaps && out.length < limit; swaps++) {
    const next: string[] = [];
    for (const code of frontier) {
      for (let i = 0; i < code.length; i++) {
        for (const swap of LOOK_ALIKES[code[i]] ?? []) {
          const variant = code.slice(0, i) + swap + code.slice(i + 1);
          if (seen.has(variant)) continue;
          seen.add(variant);
          next.push(variant);
          out.push(variant);
          if (out.length >= limit) return out;
        }
      }
    }
    frontier = next;
  }
  return out;
}
