import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { normalizeCode } from "~/utils/codes";
import * as messages from "~/messages";
import {
  inOcrLane,
  ocrLaneLoad,
  OcrBusyError,
  OcrOwnerBusyError,
  OcrTimeoutError,
  recognizeLines,
  stopOcrWorker,
} from "./engine.server";
import { decodeWorkingCopy, levelCopy, readHeader, skewDegrees } from "./prepare.server";
import { readCodesFromImage, WORK_MS } from "./read-codes.server";

/**
 * The OCR for real (tesseract.js in its worker thread) on a few photos of the committed test set
 * (tests/fixtures/ocr, the set `npm run bench:ocr` measures), and its limits: time, queue, one
 * photo per user, and damaged or oversized photos refused before they cost anything.
 */

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/ocr");
type Entry = { file: string; code: string; variant: { rotationDeg: number; polarity: string } };
const manifest = JSON.parse(readFileSync(path.join(FIXTURES, "manifest.json"), "utf8")) as Entry[];
const photo = (entry: Entry) => new Uint8Array(readFileSync(path.join(FIXTURES, entry.file)));
const level = async (bytes: Uint8Array) =>
  skewDegrees(await decodeWorkingCopy(bytes, await readHeader(bytes)));

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
      expect(Math.abs((await level(photo(entry))) - entry.variant.rotationDeg)).toBeLessThanOrEqual(
        1,
      );
    }
  });
});

/** A label with `code` on it, drawn at `width` px (4:3), its print scaled with it. */
async function drawnLabel(
  code: string,
  { width = 1000, panel = "#f4efe2", ink = "#111", font = "DejaVu Serif" } = {},
): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="750">
    <rect width="1000" height="750" fill="#c9a36b"/>
    <rect x="80" y="180" width="840" height="360" rx="12" fill="${panel}"/>
    <text x="130" y="270" font-family="DejaVu Sans" font-size="34" fill="${ink}">Filtro de Ar do Motor</text>
    <text x="130" y="430" font-family="${font}" font-weight="bold" font-size="120" fill="${ink}">${code}</text>
    <text x="130" y="500" font-family="DejaVu Sans" font-size="24" fill="${ink}">Fabricado no Brasil</text>
  </svg>`;
  return new Uint8Array(
    await sharp(Buffer.from(svg), { density: (72 * width) / 1000 })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}

describe("lines of print, light on dark, large photos, stopping early (ADR 0033)", () => {
  it("reads white print on a dark label (the line is turned dark on light)", async () => {
    for (const code of ["PLKR7A", "CT-0584"]) {
      const photo = await drawnLabel(code, {
        panel: "#14306e",
        ink: "#fff8dc",
        font: "DejaVu Sans",
      });
      const reading = await readCodesFromImage(photo, { timeoutMs: 60_000, known: () => false });
      expect(reading.ok).toBe(true);
      if (reading.ok) expect(reading.value.codes.map(normalizeCode)).toContain(normalizeCode(code));
    }
  }, 90_000);

  it("scales a large photo down before anything is read, and reads its big serif code", async () => {
    const large = await drawnLabel("C 1767", { width: 4000 });
    const header = await readHeader(large);
    expect(header).toMatchObject({ width: 4000, height: 3000 });
    const levelled = await levelCopy(await decodeWorkingCopy(large, header), 0);
    expect(levelled.width).toBeLessThanOrEqual(1600);
    const started = Date.now();
    const reading = await readCodesFromImage(large, {
      timeoutMs: 60_000,
      known: (codes) => codes.map(normalizeCode).includes("C1767"),
    });
    expect(reading.ok && reading.value.codes.map(normalizeCode)).toContain("C1767");
    // Well within the photo's time limit, and the first pass (its lines) was enough.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(reading.ok && reading.value.passes).toBe(1);
  }, 90_000);

  it("stops at the first pass whose codes the catalogue knows, and keeps to the work budget when none is", async () => {
    const photo = await drawnLabel("W 712/95");
    const stopped = await readCodesFromImage(photo, { timeoutMs: 60_000, known: () => true });
    expect(stopped.ok && stopped.value.passes).toBe(1);
    const cpu = process.cpuUsage();
    const all = await readCodesFromImage(photo, { timeoutMs: 60_000, known: () => false });
    expect(all.ok && all.value.passes).toBeGreaterThan(1);
    // No pass starts past the CPU budget; the last one started may take ~1 s more.
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(WORK_MS + 1500);
  }, 90_000);
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

  it("admits one photo per owner and at most maxQueue in all, refusing the rest at once", async () => {
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const deadline = Date.now() + 60_000;
    const first = inOcrLane(() => held, { deadline, maxQueue: 2, owner: 7 });
    await expect(
      inOcrLane(async () => 1, { deadline, maxQueue: 2, owner: 7 }),
    ).rejects.toBeInstanceOf(OcrOwnerBusyError);
    const second = inOcrLane(async () => 2, { deadline, maxQueue: 2, owner: 8 });
    await expect(
      inOcrLane(async () => 3, { deadline, maxQueue: 2, owner: 9 }),
    ).rejects.toBeInstanceOf(OcrBusyError);
    expect(ocrLaneLoad()).toBe(2);
    open();
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBe(2);
    expect(ocrLaneLoad()).toBe(0);
    // The owner may send again once its photo is done.
    await expect(inOcrLane(async () => 4, { deadline, maxQueue: 2, owner: 7 })).resolves.toBe(4);
  });

  it("a photo out of time while waiting leaves the lane; one out of time while reading holds it until its work stops", async () => {
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const reading = inOcrLane(() => held, { deadline: Date.now() + 50, maxQueue: 3, owner: 1 });
    const waiting = inOcrLane(async () => "never", {
      deadline: Date.now() + 50,
      maxQueue: 3,
      owner: 2,
    });
    await Promise.all([
      expect(waiting).rejects.toBeInstanceOf(OcrTimeoutError),
      expect(reading).rejects.toBeInstanceOf(OcrTimeoutError),
    ]);
    // The first photo's work has not stopped: its place (and its owner's) stay taken.
    expect(ocrLaneLoad()).toBe(1);
    await expect(
      inOcrLane(async () => 1, { deadline: Date.now() + 1000, maxQueue: 3, owner: 1 }),
    ).rejects.toBeInstanceOf(OcrOwnerBusyError);
    open();
    await held;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ocrLaneLoad()).toBe(0);
  });

  it("refuses a photo past the queue before decoding it", async () => {
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const deadline = Date.now() + 60_000;
    // OCR_MAX_QUEUE is 4 (the default): four photos of other users fill this process's lane.
    const others = [1, 2, 3, 4].map((owner) =>
      inOcrLane(() => held, { deadline, maxQueue: 4, owner: `other-${owner}` }),
    );
    const big = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: "#eee" },
    })
      .png()
      .toBuffer();
    const started = Date.now();
    expect(await readCodesFromImage(new Uint8Array(big), { owner: "me" })).toMatchObject({
      ok: false,
      reason: "busy",
      message: messages.search.imageBusy,
    });
    // Refused from the header: the 36-megapixel PNG was never decoded.
    expect(Date.now() - started).toBeLessThan(300);
    open();
    await Promise.all(others);
  });

  it("a read stuck past its deadline stops the worker, and the next one gets a fresh one", async () => {
    const image = await sharp({
      create: { width: 400, height: 200, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    await expect(recognizeLines(image, Date.now() + 1)).rejects.toBeInstanceOf(OcrTimeoutError);
    await expect(recognizeLines(image, Date.now() + 60_000)).resolves.toBeInstanceOf(Array);
  }, 90_000);

  it("refuses bytes that are no image, and an image with no code in it", async () => {
    expect(await readCodesFromImage(new Uint8Array([1, 2, 3]))).toMatchObject({
      ok: false,
      reason: "unreadable",
      message: messages.search.imageInvalid,
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

// --- Damaged and hostile photos -------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims width × height (8-bit grey) with `rows` rows of data, or none. */
function claimedPng(width: number, height: number, rows = 0): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const chunks = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
  ];
  if (rows > 0) chunks.push(pngChunk("IDAT", deflateSync(Buffer.alloc(rows * (width + 1)))));
  chunks.push(pngChunk("IEND", Buffer.alloc(0)));
  return new Uint8Array(Buffer.concat(chunks));
}

const cut = (bytes: Uint8Array, share: number) => bytes.slice(0, Math.floor(bytes.length * share));

async function noisyPng(width: number, height: number): Promise<Uint8Array> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2_654_435_761) >>> 24;
  return new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

describe("damaged and oversized photos", () => {
  it.each([
    ["a JPEG cut short (a phone's interrupted upload)", () => cut(photo(sample[3]), 0.5)],
    ["a PNG cut short", async () => cut(await noisyPng(600, 400), 0.5)],
    ["garbage bytes", () => new Uint8Array(4096).map((_, i) => (i * 7919) % 251)],
    [
      "garbage after a JPEG signature",
      () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(2048).fill(0x5a)]),
    ],
    ["a PNG header with no image data", () => claimedPng(5000, 5000)],
    ["a PNG whose header claims 10 gigapixels", () => claimedPng(100_000, 100_000, 4)],
    [
      "a 7745 × 7745 flat PNG (60 megapixels in ~190 KB)",
      async () =>
        new Uint8Array(
          await sharp({ create: { width: 7745, height: 7745, channels: 3, background: "#eee" } })
            .png()
            .toBuffer(),
        ),
    ],
    [
      "a 16-bit RGBA PNG that decodes past the size limit",
      async () => {
        // 22.5 megapixels (under the pixel limit), but 180 MB once decoded.
        const png = await sharp({
          create: { width: 5000, height: 4500, channels: 4, background: "#eeeeee80" },
        })
          .toColourspace("rgb16")
          .png()
          .toBuffer();
        expect(await sharp(png).metadata()).toMatchObject({ depth: "ushort", channels: 4 });
        return new Uint8Array(png);
      },
    ],
    [
      "an SVG (not a photo)",
      () =>
        new Uint8Array(
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><text x="10" y="100" font-size="60">W 712/95</text></svg>',
          ),
        ),
    ],
  ] as const)(
    "refuses %s with the invalid-image message, before any OCR",
    async (_name, make) => {
      const bytes = await make();
      const started = Date.now();
      expect(await readCodesFromImage(bytes, { timeoutMs: 60_000 })).toEqual({
        ok: false,
        reason: "unreadable",
        message: messages.search.imageInvalid,
        field: "image",
      });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(ocrLaneLoad()).toBe(0);
    },
    60_000,
  );
});
