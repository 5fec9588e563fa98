import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import type { ReadLine } from "~/utils/code-candidates";

/**
 * Tesseract (tesseract.js, WebAssembly) in a worker thread, so reading a photo never blocks the
 * request thread. The English LSTM model ships in the npm package @tesseract.js-data/eng: nothing
 * is fetched at run time. One worker per process, started on first use and stopped when idle
 * (it holds ~100 MB). ADR 0026.
 */

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(
  path.dirname(require.resolve("@tesseract.js-data/eng/package.json")),
  "4.0.0_best_int",
);
/** Part codes use Latin letters, digits and a few separators; nothing else can be in one. */
const CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-./ ";
const IDLE_MS = 60_000;

export class OcrTimeoutError extends Error {}
export class OcrBusyError extends Error {}

type Job = {
  run: (worker: Worker) => Promise<void>;
  fail: (error: unknown) => void;
  /** Frees the queue for the next photo: when the read ends, or when its time is up. */
  release?: () => void;
};

let worker: Promise<Worker> | null = null;
let idleTimer: NodeJS.Timeout | null = null;
const queue: Job[] = [];
let running = false;

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

function drain() {
  if (running) return;
  const job = queue.shift();
  if (!job) {
    idleTimer = setTimeout(() => void stopOcrWorker(), IDLE_MS);
    idleTimer.unref();
    return;
  }
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  running = true;
  const released = new Promise<void>((resolve) => (job.release = resolve));
  worker ??= startWorker();
  worker
    .then((ready) => job.run(ready), job.fail)
    .catch(() => undefined)
    .finally(() => job.release?.());
  void released.then(() => {
    running = false;
    drain();
  });
}

type RecognizedWord = {
  text: string;
  confidence: number;
  bbox: { y0: number; y1: number };
};

/**
 * Reads the text of a prepared image as lines of words. Waits its turn behind at most `maxQueue`
 * other photos (else OcrBusyError); past `deadline` (epoch ms) it gives up with OcrTimeoutError
 * and stops the worker, so a stuck read cannot hold the next one.
 */
export function recognizeLines(
  image: Buffer,
  { deadline, maxQueue }: { deadline: number; maxQueue: number },
): Promise<ReadLine[]> {
  if (queue.length + (running ? 1 : 0) >= maxQueue) return Promise.reject(new OcrBusyError());
  return new Promise<ReadLine[]>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () => {
        if (settled) return;
        settled = true;
        const waiting = queue.indexOf(job);
        if (waiting >= 0) queue.splice(waiting, 1);
        else {
          void stopOcrWorker();
          job.release?.();
        }
        reject(new OcrTimeoutError());
      },
      Math.max(0, deadline - Date.now()),
    );
    const job: Job = {
      run: async (ready) => {
        if (settled) return;
        try {
          const { data } = await ready.recognize(image, {}, { text: false, blocks: true });
          const lines: ReadLine[] = [];
          for (const block of data.blocks ?? [])
            for (const paragraph of block.paragraphs)
              for (const line of paragraph.lines)
                lines.push(
                  line.words.map((word: RecognizedWord) => ({
                    text: word.text,
                    confidence: word.confidence,
                    height: word.bbox.y1 - word.bbox.y0,
                  })),
                );
          if (!settled) resolve(lines);
        } catch (error) {
          if (!settled) reject(error instanceof Error ? error : new Error(String(error)));
        } finally {
          settled = true;
          clearTimeout(timer);
        }
      },
      fail: (error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    };
    queue.push(job);
    drain();
  });
}
