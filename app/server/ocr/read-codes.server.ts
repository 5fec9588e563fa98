import { resolveReadCodes } from "~/models/search/read-codes.server";
import { accept, refuse, type Outcome, type Refusal } from "~/models/outcome";
import { codeCandidates, type CodeCandidate } from "~/utils/code-candidates";
import { env } from "~/utils/env.server";
import * as messages from "~/messages";
import {
  inOcrLane,
  laneRefusal,
  OcrBusyError,
  OcrOwnerBusyError,
  OcrTimeoutError,
  recognizeLines,
} from "./engine.server";
import {
  decodeWorkingCopy,
  prepareForOcr,
  readHeader,
  skewDegrees,
  UnreadableImageError,
  type ImageHeader,
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

/** One photo's whole reading, inside the lane: decode once, level, then the OCR passes. */
async function readPhoto(bytes: Uint8Array, header: ImageHeader, deadline: number) {
  const copy = await decodeWorkingCopy(bytes, header, deadline);
  const skew = await skewDegrees(copy, deadline);
  const all = new Map<string, CodeCandidate>();
  let passes = 0;
  for (const preparation of PASSES) {
    if (passes > 0 && Date.now() > deadline - 1000) break;
    const image = await prepareForOcr(copy, skew, preparation, deadline);
    merge(all, codeCandidates(await recognizeLines(image, deadline)));
    passes++;
    if (resolveReadCodes(ranked(all))) break;
  }
  return { codes: ranked(all), passes, skew };
}

/**
 * Reads the part codes printed on a photo: levels and cleans the image, runs the OCR, and keeps
 * the code-shaped text. Another preparation is tried only while no code read is one the
 * catalogue knows, and only within the time limit. The header is checked first (a photo too big
 * to decode, or no image, is refused at once); everything after it — decoding included — waits
 * its turn in the process's OCR lane, one photo per `owner` (user) at a time, all within
 * `timeoutMs` from the call (ADR 0026).
 */
export async function readCodesFromImage(
  bytes: Uint8Array,
  options: { timeoutMs?: number; owner?: string | number } = {},
): Promise<Outcome<ImageReading>> {
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? env().OCR_TIMEOUT_MS);
  const maxQueue = env().OCR_MAX_QUEUE;
  try {
    const header = await readHeader(bytes);
    const { codes, passes, skew } = await inOcrLane(() => readPhoto(bytes, header, deadline), {
      deadline,
      maxQueue,
      owner: options.owner,
    });
    if (codes.length === 0) return refuse("unreadable", m.imageNoCode, "image");
    return accept({ codes, passes, skew, ms: Date.now() - started });
  } catch (error) {
    const refusal = readingRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}

function readingRefusal(error: unknown): Refusal | null {
  if (error instanceof UnreadableImageError) return refuse("unreadable", m.imageInvalid, "image");
  if (error instanceof OcrOwnerBusyError) return refuse("rate_limited", m.imageOnePerUser, "image");
  if (error instanceof OcrBusyError) return refuse("busy", m.imageBusy, "image");
  if (error instanceof OcrTimeoutError) return refuse("busy", m.imageTimeout, "image");
  return null;
}

/**
 * Whether a photo of `owner` would be taken now: call it before reading the upload, so a user
 * who already has a photo in the lane, or a full lane, is answered without parsing the body. The
 * lane checks again when the photo comes (another may have taken the place meanwhile).
 */
export function photoAdmission(owner: string | number): Outcome<null> {
  return readingRefusal(laneRefusal(owner, env().OCR_MAX_QUEUE)) ?? accept(null);
}
