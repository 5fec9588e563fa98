import { beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { creditLedger, rateBuckets, searches } from "~db/schema";
import { db } from "~/utils/db.server";
import { createCategory, createPart, createVehicle, fit } from "../../../tests/support/factories";
import { codeTeaser, TEASER_MAX_LENGTH, teaserRate, teaserBucket } from "./teaser.server";

let address = 0;
/** A fresh client address per test: each starts with a full bucket. */
const fresh = () => `203.0.113.${++address}`;

const rows = (table: typeof searches | typeof creditLedger) =>
  db().select({ n: count() }).from(table).get()!.n;

beforeAll(() => {
  const brakes = createCategory("Freios Teaser");
  const part = createPart({
    code: "TZ-4455",
    name: "Pastilha de Freio Teaser",
    categoryId: brakes.id,
    alternatives: ["ALT-TZ-99"],
  });
  for (const year of [2015, 2016, 2017]) fit(part.id, createVehicle({ year }).id);
  createPart({ code: "TZ-7788", name: "Peça sem categoria" });
});

describe("the landing's code teaser", () => {
  it("names the part, its category and how many vehicles it fits, however the code is typed", () => {
    for (const typed of ["TZ-4455", " tz 4455 ", "tz.4455"]) {
      expect(codeTeaser(typed, fresh())).toEqual({
        status: "found",
        code: typed.trim(),
        partName: "Pastilha de Freio Teaser",
        categoryName: "Freios Teaser",
        vehicleCount: 3,
        viaAlternative: false,
        otherParts: 0,
      });
    }
  });

  it("finds a part through its alternative code, and says so", () => {
    expect(codeTeaser("alt tz 99", fresh())).toMatchObject({
      status: "found",
      partName: "Pastilha de Freio Teaser",
      vehicleCount: 3,
      viaAlternative: true,
    });
  });

  it("a part with no category and no vehicles says so, with zeros", () => {
    expect(codeTeaser("TZ7788", fresh())).toMatchObject({
      status: "found",
      categoryName: null,
      vehicleCount: 0,
    });
  });

  it("an unknown code is not found; a prefix is not a match (the box never lists the catalogue)", () => {
    expect(codeTeaser("NAOEXISTE-1", fresh())).toEqual({
      status: "not_found",
      code: "NAOEXISTE-1",
    });
    expect(codeTeaser("TZ", fresh())).toEqual({ status: "not_found", code: "TZ" });
  });

  it("spends no credit and logs no search", () => {
    const before = { searches: rows(searches), ledger: rows(creditLedger) };
    codeTeaser("TZ-4455", fresh());
    codeTeaser("NAOEXISTE-2", fresh());
    expect({ searches: rows(searches), ledger: rows(creditLedger) }).toEqual(before);
  });

  it("throttles one address after the burst, then lets it in again as the bucket refills", () => {
    const client = fresh();
    let now = 1_000_000;
    const clock = () => now;
    for (let i = 0; i < teaserRate().burst; i++)
      expect(codeTeaser("TZ-4455", client, clock).status).toBe("found");
    expect(codeTeaser("TZ-4455", client, clock)).toEqual({
      status: "throttled",
      retryAfterSeconds: 12,
    });
    // An unknown code costs a test too: guessing codes is throttled alike.
    expect(codeTeaser("NAOEXISTE-3", client, clock).status).toBe("throttled");
    // Another address is not held back.
    expect(codeTeaser("TZ-4455", fresh(), clock).status).toBe("found");
    now += 12_000;
    expect(codeTeaser("TZ-4455", client, clock).status).toBe("found");
    expect(codeTeaser("TZ-4455", client, clock).status).toBe("throttled");
  });

  it("refuses hostile input before it reaches the catalogue or the bucket", () => {
    const client = fresh();
    expect(codeTeaser("X".repeat(TEASER_MAX_LENGTH + 1), client)).toEqual({
      status: "too_long",
      maxLength: TEASER_MAX_LENGTH,
    });
    for (const blank of ["", "   ", "--/.", "\u0000\u200b"])
      expect(codeTeaser(blank, client)).toEqual({ status: "empty" });
    const bucket = db().select().from(rateBuckets).all();
    expect(bucket.map((row) => row.key)).not.toContain(teaserBucket(client));
    // Markup and SQL are just characters of a code nobody has.
    expect(codeTeaser("<script>alert(1)</script>", client).status).toBe("not_found");
    expect(codeTeaser("' or 1=1 --", client).status).toBe("not_found");
  });
});
