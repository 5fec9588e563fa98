import { crc32, deflateSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { searches } from "~db/schema";
import { createSession } from "~/models/accounts/session.server";
import * as apiRoute from "~/routes/search/api.search.image";
import * as homeRoute from "~/routes/accounts/_app.home";
import * as searchRoute from "~/routes/search/_app.search";
import { IMAGE_MAX_BYTES } from "~/schemas/search/image-search";
import { ocrLaneLoad } from "~/server/search/ocr/engine.server";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import {
  createFreePlan,
  createPart,
  createUser,
  invoke,
  sessionHeaders,
  setDailyAllowance,
} from "../support/factories";

/**
 * Search by photo through its two doors: the home page's upload (a form that redirects to the
 * results) and POST /api/search/image. The photos are drawn here, so the OCR reads them for real.
 */

const m = messages.search;

/** A box label with a brand, a description and `code` in big print, as a JPEG. */
async function label(code: string, angle = 0): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="420">
    <rect width="900" height="420" fill="#d9b77e"/>
    <rect x="40" y="40" width="820" height="340" rx="10" fill="#f4efe2" stroke="#333" stroke-width="3"/>
    <text x="80" y="120" font-family="DejaVu Sans" font-size="40" font-weight="bold" fill="#1b3a8a">COBREQ</text>
    <text x="80" y="170" font-family="DejaVu Sans" font-size="26" fill="#333">Pastilha de freio dianteira</text>
    <text x="80" y="270" font-family="DejaVu Sans Mono" font-size="64" fill="#111">${code}</text>
    <text x="80" y="340" font-family="DejaVu Sans" font-size="22" fill="#555">Made in Brazil 12 un.</text>
  </svg>`;
  return new Uint8Array(
    await sharp(Buffer.from(svg)).rotate(angle, { background: "#8a7350" }).jpeg().toBuffer(),
  );
}

async function blank(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 600, height: 400, channels: 3, background: "#e8e2d0" } })
      .jpeg()
      .toBuffer(),
  );
}

function upload(file: Blob | string | null, name = "foto.jpg"): FormData {
  const form = new FormData();
  if (file instanceof Blob) form.set("image", file, name);
  else if (file !== null) form.set("image", file);
  return form;
}

const jpeg = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
const png = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: "image/png" });

/** A noisy PNG cut in half, as a phone's interrupted upload leaves it. */
async function cutPng(): Promise<Uint8Array> {
  const raw = Buffer.alloc(600 * 400 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2_654_435_761) >>> 24;
  const whole = await sharp(raw, { raw: { width: 600, height: 400, channels: 3 } })
    .png()
    .toBuffer();
  return new Uint8Array(whole.subarray(0, whole.length / 2));
}

/** A PNG whose header claims 100 000 × 100 000 pixels, with a few bytes of data. */
function bombPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const frame = Buffer.alloc(8 + body.length);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc32(body), 4 + body.length);
    return frame;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(Buffer.alloc(4 * 100_001))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** A flat grey square PNG: a few hundred KB that claim side² pixels. */
async function flatPng(side: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: side, height: side, channels: 3, background: "#eee" } })
      .png()
      .toBuffer(),
  );
}

let partId = 0;
let photo: Uint8Array;

beforeAll(async () => {
  createFreePlan();
  partId = createPart({ code: "IMG-7702", name: "Pastilha da foto", alternatives: ["TX 4418"] }).id;
  photo = await label("TX 4418", 9);
});

async function customer(daily = 5) {
  const { user } = await createUser();
  setDailyAllowance(user.id, daily);
  return user;
}

const imageSearches = (userId: number) =>
  db()
    .select()
    .from(searches)
    .where(and(eq(searches.userId, userId), eq(searches.type, "image")))
    .all();

describe("POST /api/search/image", () => {
  async function post(token: string | null, body: BodyInit, headers: Record<string, string> = {}) {
    return invoke(apiRoute.action as never, "/api/search/image", {
      method: "POST",
      body,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    });
  }

  it("reads the code on the photo, finds its part through the alternative code, and charges one credit", async () => {
    const user = await customer();
    const token = createSession(user.id, "api").id;
    const response = await post(token, upload(jpeg(photo)));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      message: m.foundOne,
      data: {
        reading: { code: "TX 4418", match: "as_read" },
        parts: [{ id: partId, code: "IMG-7702" }],
      },
    });
    expect(body.data.reading.codes[0]).toBe("TX 4418");
    expect(response.headers.get("X-Search-Charged")).toBe("true");
    expect(response.headers.get("X-Search-Type")).toBe("image");
    expect(imageSearches(user.id).map((row) => [row.queryNorm, row.charged, row.partId])).toEqual([
      ["TX4418", true, partId],
    ]);
  });

  it("reads one photo at a time per user: the others sent at once get 429, and the same code is charged once", async () => {
    const user = await customer(3);
    const token = createSession(user.id, "api").id;
    const answers = await Promise.all([1, 2, 3].map(() => post(token, upload(jpeg(photo)))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429]);
    for (const answer of answers.filter((a) => a.status === 429))
      expect((await answer.json()).message).toBe(m.imageOnePerUser);
    // Another user is not held back by this one.
    const other = createSession((await customer()).id, "api").id;
    const [mine, theirs] = await Promise.all([
      post(token, upload(jpeg(photo))),
      post(other, upload(jpeg(photo))),
    ]);
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    const rows = imageSearches(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.charged)).toHaveLength(1);
  });

  it("a second photo while the first is reading is a 429 before its upload is read", async () => {
    const user = await customer();
    const token = createSession(user.id, "api").id;
    const first = post(token, upload(jpeg(photo)));
    while (ocrLaneLoad() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // A body that never ends: reading it would hang the answer.
    const endless = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const request = new Request("http://localhost/api/search/image", {
      method: "POST",
      body: endless,
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "multipart/form-data; boundary=nunca",
      },
      duplex: "half",
    } as RequestInit);
    const second = await apiRoute.action({ request, params: {}, context: {} });
    expect(second.status).toBe(429);
    expect((await second.json()).message).toBe(m.imageOnePerUser);
    expect((await first).status).toBe(200);
  });

  it("refuses what is not a usable photo with a pt-BR 4xx, and logs no search", async () => {
    const user = await customer();
    const token = createSession(user.id, "api").id;
    const cases: [BodyInit, Record<string, string>, number, string][] = [
      [upload(null), {}, 400, m.imageRequired],
      [upload("texto no lugar do arquivo"), {}, 400, m.imageRequired],
      [upload(new Blob(["a,b\n1,2"], { type: "text/csv" }), "pecas.csv"), {}, 400, m.imageInvalid],
      [
        upload(new Blob([new Uint8Array(64)], { type: "image/png" }), "falsa.png"),
        {},
        400,
        m.imageInvalid,
      ],
      [upload(jpeg(photo.slice(0, photo.length / 2))), {}, 400, m.imageInvalid],
      // Cut right after its header (the size is known, no pixel is), and a PNG cut mid-header.
      [upload(jpeg(photo.slice(0, 700))), {}, 400, m.imageInvalid],
      [upload(png((await cutPng()).slice(0, 40))), {}, 400, m.imageInvalid],
      [upload(png(await cutPng())), {}, 400, m.imageInvalid],
      [upload(png(bombPng())), {}, 400, m.imageInvalid],
      [upload(png(await flatPng(7745))), {}, 400, m.imageInvalid],
      [upload(jpeg(await blank())), {}, 400, m.imageNoCode],
      [
        upload(new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)], { type: "image/jpeg" })),
        {},
        413,
        m.imageTooLarge,
      ],
      [
        JSON.stringify({ image: "x" }),
        { "Content-Type": "application/json" },
        415,
        messages.formPost.unsupportedType,
      ],
      [
        "--x\r\nbroken",
        { "Content-Type": "multipart/form-data; boundary=x" },
        400,
        messages.formPost.unreadable,
      ],
    ];
    for (const [body, headers, status, message] of cases) {
      const response = await post(token, body, headers);
      expect([response.status, (await response.json()).message]).toEqual([status, message]);
    }
    expect(imageSearches(user.id)).toEqual([]);
  });

  it("answers 401 without a session, 405 to GET, and 403 to a cookie-signed post from another site", async () => {
    expect((await post(null, upload(jpeg(photo)))).status).toBe(401);
    const user = await customer();
    const token = createSession(user.id, "api").id;
    const get = await invoke(apiRoute.loader as never, "/api/search/image", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(get.status).toBe(405);
    const crossSite = await post(null, upload(jpeg(photo)), {
      ...(await sessionHeaders(user, "web")),
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    expect(imageSearches(user.id)).toEqual([]);
  });

  it("answers 402 when the day's credits are spent", async () => {
    const user = await customer(1);
    const token = createSession(user.id, "api").id;
    createPart({ code: "IMG-SPENT-1", name: "Outra peça" });
    expect((await post(token, upload(jpeg(photo)))).status).toBe(200);
    const other = await post(token, upload(jpeg(await label("IMG-SPENT-1"))));
    expect(other.status).toBe(402);
    expect((await other.json()).message).toBe(m.exhausted);
  });
});

describe("the home page's photo upload", () => {
  const send = async (userId: number, form: FormData) => {
    const user = { id: userId } as never;
    return invoke(homeRoute.action as never, "/home?tab=imagem", {
      method: "POST",
      body: form,
      headers: { ...(await sessionHeaders(user, "web")), Origin: "http://localhost" },
    });
  };

  it("sends the codes read to the results page, which searches them and says what was read", async () => {
    const user = await customer();
    const response = await send(user.id, upload(jpeg(photo)));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/search");
    expect(location.searchParams.getAll("lido")[0]).toBe("TX 4418");

    const page = await invoke(
      searchRoute.loader as never,
      `${location.pathname}${location.search}`,
      {
        headers: await sessionHeaders(user, "web"),
      },
    );
    const data = await page.json();
    expect(data).toMatchObject({
      state: "results",
      type: "image",
      query: "TX 4418",
      reading: { code: "TX 4418", match: "as_read" },
      cards: [{ id: partId }],
    });
    // Paging a card's vehicles re-reads the result without a new log row.
    await invoke(searchRoute.loader as never, `/search${location.search}&v${partId}=2`, {
      headers: await sessionHeaders(user, "web"),
    });
    expect(imageSearches(user.id)).toHaveLength(1);
  });

  it("answers a photo with no code, a damaged photo, or no photo, on the form with the pt-BR message", async () => {
    const user = await customer();
    const noCode = await send(user.id, upload(jpeg(await blank())));
    expect(noCode.status).toBe(400);
    expect((await noCode.json()).error).toEqual({ image: [m.imageNoCode] });
    const cutShort = await send(user.id, upload(jpeg(photo.slice(0, photo.length / 2))));
    expect(cutShort.status).toBe(400);
    expect((await cutShort.json()).error).toEqual({ image: [m.imageInvalid] });
    // Issue #25: every truncated JPEG/PNG is the same 400, wherever it was cut.
    for (const cut of [
      jpeg(photo.slice(0, 700)),
      png(await cutPng()),
      png((await cutPng()).slice(0, 40)),
    ]) {
      const answer = await send(
        user.id,
        upload(cut, cut.type === "image/png" ? "foto.png" : "foto.jpg"),
      );
      expect(answer.status).toBe(400);
      expect((await answer.json()).error).toEqual({ image: [m.imageInvalid] });
    }
    const bomb = await send(user.id, upload(png(bombPng()), "bomba.png"));
    expect(bomb.status).toBe(400);
    expect((await bomb.json()).error).toEqual({ image: [m.imageInvalid] });
    const missing = await send(user.id, upload(null));
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toEqual({ image: [m.imageRequired] });
    const big = await send(
      user.id,
      upload(new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)], { type: "image/jpeg" })),
    );
    expect(big.status).toBe(400);
    expect((await big.json()).error).toEqual({ image: [m.imageTooLarge] });
    expect(imageSearches(user.id)).toEqual([]);
  });

  it("results for readings the catalogue does not know say what was read and offer the correction", async () => {
    const user = await customer();
    const page = await invoke(searchRoute.loader as never, "/search?lido=QQ%20404&lido=ZZ-77", {
      headers: await sessionHeaders(user, "web"),
    });
    expect(await page.json()).toMatchObject({
      state: "results",
      query: "QQ 404",
      cards: [],
      reading: { code: "QQ 404", match: null, others: ["ZZ-77"] },
    });
    const nothing = await invoke(searchRoute.loader as never, "/search?lido=%3F%3F", {
      headers: await sessionHeaders(user, "web"),
    });
    expect(await nothing.json()).toMatchObject({ state: "invalid", error: m.imageNoCode });
  });
});
