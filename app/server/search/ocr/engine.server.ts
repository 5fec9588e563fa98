import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import type { ReadLine } from "~/utils/code-candidates";

/** A line of words read, and where it lies on the image (pixel rows). */
export type PlacedLine = { words: ReadLine; top: number; bottom: number };

/**
 * Tesseract (tesseract.js, WebAssembly) in a worker thread, so reading a photo never blocks the
 * request thread. The English LSTM model ships in the npm package @tesseract.js-data/eng: nothing
 * is fetched at run time. One worker per process, started on first use and stopped when idle
 * (it holds ~100 MB). ADR 0026.
 *
 * The whole reading of a photo — decoding, levelling, preparing and recognising — runs in one
 * lane per process (`inOcrLane`): one photo at a time, at most `maxQueue` reading or waiting, at
 * most one per owner (user), all inside the photo's time limit. ADR 0026, "Bounded end to end".
 */

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(
  path.dirname(require.resolve("@tesseract.js-data/eng/package.json")),
  "4.0.0_best_int",
);
/** Part codes use Latin letters, digits and a few separators; nothing else can be in one. */
const CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-./ ";
const IDLE_MS = 60_000;

/** The photo's time is up (waiting for the lane, or while it was being read). */
export class OcrTimeoutError extends Error {}
/** Every place in this process's lane is taken. */
export class OcrBusyError extends Error {}
/** The same owner (user) already has a photo reading or waiting. */
export class OcrOwnerBusyError extends Error {}

let worker: Promise<Worker> | null = null;
let idleTimer: NodeJS.Timeout | null = null;

function startWorker(): Promise<Worker> {
  const started = createWorker("eng", OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    cacheMethod: "none",
    gzip: true,
  }).then(async (created) => {
    await created.setParameters({
      tessedit_pageseg_mode: PSM.SPARSE_TEXT,
      tessedit_char_whitelist: CHARACTERS,
      user_defined_dpi: "300",
      // Sauvola's local threshold: a label on a grey box under uneven light has no one global level
      // (measured on the test photos: 38 of 51 codes read in one pass, against 20 with Otsu).
      thresholding_method: "2",
      // Tesseract's own diagnostics ("Detected 12 diacritics") would flood the server log.
      debug_file: "/dev/null",
    });
    return created;
  });
  started.catch(() => {
    if (worker === started) worker = null;
  });
  return started;
}

/** Stops the worker now (a stuck read, the idle timer, or shutdown); the next read starts another. */
export async function stopOcrWorker(): Promise<void> {
  const stopping = worker;
  worker = null;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (stopping) await (await stopping.catch(() => null))?.terminate().catch(() => undefined);
}

// --- The lane -------------------------------------------------------------------------------------

type Ticket = { begin: () => void };

let reading = 0;
const waiting: Ticket[] = [];
const owners = new Set<string | number>();

function next() {
  if (reading > 0) return;
  const ticket = waiting.shift();
  if (ticket) {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    ticket.begin();
    return;
  }
  if (worker && !idleTimer) {
    idleTimer = setTimeout(() => void stopOcrWorker(), IDLE_MS);
    idleTimer.unref();
  }
}

/**
 * How many photos this process is reading or holding waiting (for tests and diagnostics).
 * @internal
 */
export function ocrLaneLoad(): number {
  return reading + waiting.length;
}

/**
 * What the lane would answer a photo of `owner` now, before its upload is even read: the same
 * refusals `inOcrLane` makes, so a request it would refuse costs no parsing of a 10 MB body.
 */
export function laneRefusal(
  owner: string | number | undefined,
  maxQueue: number,
): OcrOwnerBusyError | OcrBusyError | null {
  if (owner !== undefined && owners.has(owner)) return new OcrOwnerBusyError();
  if (reading + waiting.length >= maxQueue) return new OcrBusyError();
  return null;
}

/**
 * Runs `work` (one photo's whole reading) in this process's lane, one photo at a time. Refuses at
 * once — before any decoding — when `maxQueue` photos are already reading or waiting
 * (OcrBusyError) or when `owner` already has one there (OcrOwnerBusyError). Past `deadline` (epoch
 * ms) the caller gets OcrTimeoutError, waiting or not; `work` must itself stop soon after the
 * deadline (every step it takes is bounded by it), and only then does the lane take the next photo:
 * a photo out of time cannot leave work running beside the next one.
 */
export function inOcrLane<T>(
  work: () => Promise<T>,
  { deadline, maxQueue, owner }: { deadline: number; maxQueue: number; owner?: string | number },
): Promise<T> {
  const refusal = laneRefusal(owner, maxQueue);
  if (refusal) return Promise.reject(refusal);
  if (owner !== undefined) owners.add(owner);
  const leave = () => {
    if (owner !== undefined) owners.delete(owner);
  };
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (answer: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      answer();
    };
    const ticket: Ticket = {
      begin: () => {
        reading++;
        Promise.resolve()
          .then(work)
          .then(
            (value) => settle(() => resolve(value)),
            (error: unknown) =>
              settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
          )
          .finally(() => {
            reading--;
            leave();
            next();
          });
      },
    };
    const timer = setTimeout(
      () => {
        const at = waiting.indexOf(ticket);
        if (at >= 0) {
          waiting.splice(at, 1);
          leave();
        }
        settle(() => reject(new OcrTimeoutError()));
      },
      Math.max(0, deadline - Date.now()),
    );
    waiting.push(ticket);
    next();
  });
}

// --- Recognition ----------------------------------------------------------------------------------

type RecognizedWord = {
  text: string;
  confidence: number;
  bbox: { y0: number; y1: number };
};

/**
 * Reads the text of a prepared image as lines of words (call it inside the lane). Past `deadline`
 * (epoch ms) it gives up with OcrTimeoutError and stops the worker, so a stuck read cannot hold
 * the next photo: the next read starts a fresh worker.
 */
export async function recognizeLines(image: Buffer, deadline: number): Promise<ReadLine[]> {
  return (await recognizePlacedLines(image, deadline)).map((line) => line.words);
}

/** `recognizeLines`, each line with the rows it lies on (to tell apart lines stacked on one image). */
export async function recognizePlacedLines(image: Buffer, deadline: number): Promise<PlacedLine[]> {
  if (Date.now() >= deadline) throw new OcrTimeoutError();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void stopOcrWorker();
      reject(new OcrTimeoutError());
    }, deadline - Date.now());
  });
  try {
    worker ??= startWorker();
    const ready = await Promise.race([worker, expired]);
    const recognition = ready.recognize(image, {}, { text: false, blocks: true });
    // Once the worker is stopped, its pending read may reject (or never settle): nobody waits on it.
    recognition.catch(() => undefined);
    const { data } = await Promise.race([recognition, expired]);
    const lines: PlacedLine[] = [];
    for (const block of data.blocks ?? [])
      for (const paragraph of block.paragraphs)
        for (const line of paragraph.lines)
          lines.push({
            words: line.words.map((word: RecognizedWord) => ({
              text: word.text,
              confidence: word.confidence,
              height: word.bbox.y1 - word.bbox.y0,
            })),
            top: line.bbox.y0,
            bottom: line.bbox.y1,
          });
    return lines;
  } finally {
    clearTimeout(timer);
    if (reading === 0 && waiting.length === 0) next();
  }
}
