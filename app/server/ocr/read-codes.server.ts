import { resolveReadCodes } from "~/models/read-code-search.server";
import { accept, refuse, type Outcome } from "~/models/outcome";
import { codeCandidates, type CodeCandidate } from "~/utils/code-candidates";
import { env } from "~/utils/env.server";
import * as messages from "~/messages";
import { OcrBusyError, OcrTimeoutError, recognizeLines } from "./engine.server";
import {
  imageSize,
  prepareForOcr,
  skewDegrees,
  UnreadableImageError,
  type Preparation,
} from "./prepare.server";

export type ImageReading = {
  /** Code-shaped text read, best first, as printed. */
  codes: string[];
  /** How many OCR passes it took (another runs while none finds a code the catalogue knows). */
  passes: number;
  skew: number;
  ms: number;
};

/**
 * The preparations tried in turn until one finds a code the catalogue knows. The order is the one
 * that read the most codes of the test photos in the fewest passes (ADR 0026): a smaller copy
 * first (big print reads better small), then a denoised full-size one, then black and white.
 */
const PASSES: readonly Preparation[] = ["small", "denoised", "binarised", "plain"];
const m = messages.search;

function merge(into: Map<string, CodeCandidate>, found: CodeCandidate[]) {
  for (const candidate of found) {
    const known = into.get(candidate.norm);
    if (!known || known.score < candidate.score) into.set(candidate.norm, candidate);
  }
}

const ranked = (all: Map<string, CodeCandidate>) =>
  [...all.values()].sort((a, b) => b.score - a.score).map((candidate) => candidate.printed);

/**
 * Reads the part codes printed on a photo: levels and cleans the image, runs the OCR, and keeps
 * the code-shaped text. Another preparation is tried only while no code read is one the
 * catalogue knows, and only within the time limit.
 */
export async function readCodesFromImage(
  bytes: Uint8Array,
  options: { timeoutMs?: number } = {},
): Promise<Outcome<ImageReading>> {
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? env().OCR_TIMEOUT_MS);
  const maxQueue = env().OCR_MAX_QUEUE;
  try {
    await imageSize(bytes);
    const skew = await skewDegrees(bytes);
    const all = new Map<string, CodeCandidate>();
    let passes = 0;
    for (const preparation of PASSES) {
      if (passes > 0 && Date.now() > deadline - 1000) break;
      const image = await prepareForOcr(bytes, skew, preparation);
      merge(all, codeCandidates(await recognizeLines(image, { deadline, maxQueue })));
      passes++;
      if (resolveReadCodes(ranked(all))) break;
    }
    const codes = ranked(all);
    if (codes.length === 0) return refuse("unreadable", m.imageNoCode, "image");
    return accept({ codes, passes, skew, ms: Date.now() - started });
  } catch (error) {
    if (error instanceof UnreadableImageError)
      return refuse("unreadable", m.imageUndecodable, "image");
    if (error instanceof OcrBusyError) return refuse("busy", m.imageBusy, "image");
    if (error instanceof OcrTimeoutError) return refuse("busy", m.imageTimeout, "image");
    throw error;
  }
}
