import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { normalizeCode } from "~/utils/codes";
import * as messages from "~/messages";
import { OcrBusyError, OcrTimeoutError, recognizeLines, stopOcrWorker } from "./engine.server";
import { skewDegrees } from "./prepare.server";
import { readCodesFromImage } from "./read-codes.server";

/**
 * The OCR for real (tesseract.js in its worker thread) on a few photos of the committed test set
 * (tests/fixtures/ocr, the set `npm run bench:ocr` measures), and its limits: time and queue.
 */

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/ocr");
type Entry = { file: string; code: string; variant: { rotationDeg: number; polarity: string } };
const manifest = JSON.parse(readFileSync(path.join(FIXTURES, "manifest.json"), "utf8")) as Entry[];
const photo = (entry: Entry) => new Uint8Array(readFileSync(path.join(FIXTURES, entry.file)));

/** One photo per kind of difficulty: the most rotated each way, a light-on-dark band, a level one. */
const sample = [
  manifest.reduce((a, b) => (b.variant.rotationDeg < a.variant.rotationDeg ? b : a)),
  manifest.reduce((a, b) => (b.variant.rotationDeg > a.variant.rotationDeg ? b : a)),
  manifest.find((entry) => entry.variant.polarity === "light-on-dark")!,
  manifest.find((entry) => Math.abs(entry.variant.rotationDeg) < 1)!,
];

afterAll(() => stopOcrWorker());

describe("readCodesFromImage on the test photos", () => {
  it.each(sample.map((entry) => [entry.file, entry] as const))(
    "reads the code printed on %s",
    async (_file, entry) => {
      const reading = await readCodesFromImage(photo(entry), { timeoutMs: 60_000 });
      expect(reading.ok).toBe(true);
      if (!reading.ok) return;
      expect(reading.value.codes.map(normalizeCode)).toContain(normalizeCode(entry.code));
    },
    90_000,
  );

  it("measures the tilt of a photo within a degree", async () => {
    for (const entry of sample.slice(0, 2)) {
      // The generator turns the label by rotationDeg (clockwise); the skew found is that angle.
      expect(
        Math.abs((await skewDegrees(photo(entry))) - entry.variant.rotationDeg),
      ).toBeLessThanOrEqual(1);
    }
  });
});

describe("limits", () => {
  it("gives up past its time limit with a pt-BR message, and the next photo is read normally", async () => {
    const slow = await readCodesFromImage(photo(sample[3]), { timeoutMs: 5 });
    expect(slow).toMatchObject({
      ok: false,
      reason: "busy",
      message: messages.search.imageTimeout,
    });
    const next = await readCodesFromImage(photo(sample[3]), { timeoutMs: 60_000 });
    expect(next.ok).toBe(true);
  }, 90_000);

  it("refuses a photo past the queue instead of piling up work", async () => {
    const image = await sharp({
      create: { width: 400, height: 200, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    const deadline = Date.now() + 60_000;
    const first = recognizeLines(image, { deadline, maxQueue: 1 });
    await expect(recognizeLines(image, { deadline, maxQueue: 1 })).rejects.toBeInstanceOf(
      OcrBusyError,
    );
    await expect(first).resolves.toBeInstanceOf(Array);
  }, 90_000);

  it("a read stuck past its deadline frees the queue for the next one", async () => {
    const image = await sharp({
      create: { width: 400, height: 200, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    await expect(
      recognizeLines(image, { deadline: Date.now(), maxQueue: 2 }),
    ).rejects.toBeInstanceOf(OcrTimeoutError);
    await expect(
      recognizeLines(image, { deadline: Date.now() + 60_000, maxQueue: 1 }),
    ).resolves.toBeInstanceOf(Array);
  }, 90_000);

  it("refuses bytes that are no image, and an image with no code in it", async () => {
    expect(await readCodesFromImage(new Uint8Array([1, 2, 3]))).toMatchObject({
      ok: false,
      reason: "unreadable",
      message: messages.search.imageUndecodable,
    });
    const plain = await sharp({
      create: { width: 500, height: 300, channels: 3, background: "#ddd" },
    })
      .jpeg()
      .toBuffer();
    expect(await readCodesFromImage(new Uint8Array(plain), { timeoutMs: 60_000 })).toMatchObject({
      ok: false,
      reason: "unreadable",
      message: messages.search.imageNoCode,
    });
  }, 90_000);
});
