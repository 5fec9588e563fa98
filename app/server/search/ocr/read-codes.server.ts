import { resolveReadCodes } from "~/models/search/index.server";
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
  recognizePlacedLines,
  type PlacedLine,
} from "./engine.server";
import {
  decodeWorkingCopy,
  levelCopy,
  prepareForOcr,
  readHeader,
  skewDegrees,
  stackLines,
  textRegions,
  UnreadableImageError,
  type ImageHeader,
  type Placement,
  type Preparation,
} from "./prepare.server";

export type ImageReading = {
  /** Code-shaped text read, best first, as printed. */
  codes: string[];
  /** How many OCR passes it took (another runs while none finds a code the catalogue knows). */
  passes: number;
  /** Lines of print found on the photo (the first passes read them, biggest first). */
  lines: number;
  skew: number;
  ms: number;
};

/**
 * After the lines of print (ADR 0033), whole-photo preparations are tried in turn while no code
 * the catalogue knows was read, and while the photo's work budget lasts: a smaller copy (big print
 * reads better small), its negative (light print on a dark label), a denoised full-size one.
 */
const WHOLE_PASSES: readonly Preparation[] = ["small", "inverted", "denoised"];
/** Lines read per OCR call, biggest first: the code is usually among the biggest print. */
const LINES_PER_PASS = 4;
/**
 * The CPU one photo may take once its turn comes (the process's CPU, all threads: the OCR worker's
 * included): no further pass starts past it, so a photo costs a few seconds of CPU at most, however
 * busy the machine. The time limit, OCR_TIMEOUT_MS, still bounds the wall-clock time (waiting too).
 */
export const WORK_MS = 4_000;
/** A pass is not started with less than this CPU left (a pass takes 0.2–0.8 s of CPU). */
const PASS_MS = 600;

function cpuClock() {
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
}
const m = messages.search;

/**
 * Whether the codes read so far include one the catalogue knows, as read or with look-alike
 * characters swapped: reading stops there. A code known only by its prefix (read cut short) does
 * not stop it: another pass may read it whole.
 */
export type KnownCode = (codes: readonly string[]) => boolean;

const knownInCatalogue: KnownCode = (codes) => {
  const found = resolveReadCodes(codes);
  return found !== null && found.match !== "prefix";
};

/** Words of a stack of lines, their heights back in the levelled photo's pixels. */
function unstack(lines: PlacedLine[], placements: Placement[]) {
  return lines.map(({ words, top, bottom }) => {
    const middle = (top + bottom) / 2;
    const placement = placements.find((p) => middle >= p.top && middle < p.bottom) ?? placements[0];
    const scale = placement?.scale ?? 1;
    return words.map((word) => ({ ...word, height: word.height / scale }));
  });
}

function merge(into: Map<string, CodeCandidate>, found: CodeCandidate[]) {
  for (const candidate of found) {
    const known = into.get(candidate.norm);
    if (!known || known.score < candidate.score) into.set(candidate.norm, candidate);
  }
}

const ranked = (all: Map<string, CodeCandidate>) =>
  [...all.values()].sort((a, b) => b.score - a.score).map((candidate) => candidate.printed);

/**
 * One photo's whole reading, inside the lane: decode once (small), level, find the lines of
 * print; read them biggest first, a few per OCR call, each dark-on-light at the size the OCR reads
 * best; then whole-photo passes. Stops as soon as `known` accepts the codes read, or when the work
 * budget is spent.
 */
async function readPhoto(
  bytes: Uint8Array,
  header: ImageHeader,
  deadline: number,
  known: KnownCode,
) {
  const cpu = cpuClock();
  const copy = await decodeWorkingCopy(bytes, header, deadline);
  const skew = await skewDegrees(copy, deadline);
  const levelled = await levelCopy(copy, skew, deadline);
  const regions = await textRegions(levelled, deadline);
  const all = new Map<string, CodeCandidate>();
  let passes = 0;
  const result = () => ({ codes: ranked(all), passes, skew, lines: regions.length });
  const timeLeft = () =>
    passes === 0 || (cpu() < WORK_MS - PASS_MS && Date.now() < deadline - 1000);
  // The biggest lines first, then the whole photo small (ADR 0026's best single pass), then the
  // other lines, then the remaining whole-photo preparations.
  const order: (number | Preparation)[] = [0];
  for (const [i, preparation] of WHOLE_PASSES.entries()) {
    order.push(preparation);
    if (i === 0)
      for (let first = LINES_PER_PASS; first < regions.length; first += LINES_PER_PASS)
        order.push(first);
  }
  for (const pass of order) {
    if (!timeLeft()) break;
    if (typeof pass === "number") {
      if (pass >= regions.length) continue;
      const group = regions.slice(pass, pass + LINES_PER_PASS);
      const { image, placements } = await stackLines(levelled, group, deadline);
      const lines = await recognizePlacedLines(image, deadline);
      merge(all, codeCandidates(unstack(lines, placements)));
    } else {
      const image = await prepareForOcr(copy, skew, pass, deadline);
      merge(all, codeCandidates(await recognizeLines(image, deadline)));
    }
    passes++;
    if (known(ranked(all))) break;
  }
  return result();
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
  options: { timeoutMs?: number; owner?: string | number; known?: KnownCode } = {},
): Promise<Outcome<ImageReading>> {
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? env().OCR_TIMEOUT_MS);
  const maxQueue = env().OCR_MAX_QUEUE;
  try {
    const header = await readHeader(bytes);
    const known = options.known ?? knownInCatalogue;
    const { codes, passes, skew, lines } = await inOcrLane(
      () => readPhoto(bytes, header, deadline, known),
      {
        deadline,
        maxQueue,
        owner: options.owner,
      },
    );
    if (codes.length === 0) return refuse("unreadable", m.imageNoCode, "image");
    return accept({ codes, passes, lines, skew, ms: Date.now() - started });
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
