import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { searches } from "~db/schema";
import { db } from "~/utils/db.server";
import {
  createFreePlan,
  createPart,
  createUser,
  setDailyAllowance,
} from "../../../tests/support/factories";
import { resolveReadCodes, searchReadCodes, usableReadCodes } from "./read-codes.server";

let ownId = 0;
let altId = 0;
let longId = 0;

beforeAll(() => {
  createFreePlan();
  ownId = createPart({ code: "RC-5U0698", name: "Pastilha foto" }).id;
  altId = createPart({ code: "RCX-100", name: "Filtro foto", alternatives: ["W 815/80"] }).id;
  longId = createPart({ code: "RC0986AB1234", name: "Disco foto" }).id;
});

const at = new Date();

describe("resolveReadCodes", () => {
  it("takes the first code read that the catalogue knows, own code or alternative code", () => {
    expect(resolveReadCodes(["ZZ999", "RC 5U0698", "W 815/80"])).toMatchObject({
      code: "RC 5U0698",
      norm: "RC5U0698",
      match: "as_read",
      hits: [{ id: ownId }],
    });
    expect(resolveReadCodes(["W815/80"])).toMatchObject({
      match: "as_read",
      hits: [{ id: altId, match: "alternative", viaCode: "W 815/80" }],
    });
  });

  it("fixes look-alike characters only when no code read is known as it was read", () => {
    expect(resolveReadCodes(["RC-5UO698"])).toMatchObject({
      code: "RC5U0698",
      match: "look_alike",
      hits: [{ id: ownId }],
    });
    expect(resolveReadCodes(["RCX-1OO", "RCX-100"])).toMatchObject({ match: "as_read" });
  });

  it("completes a long code cut short by prefix, but never a short one", () => {
    expect(resolveReadCodes(["RC0986AB12"])).toMatchObject({
      match: "prefix",
      hits: [{ id: longId, match: "code_prefix" }],
    });
    expect(resolveReadCodes(["RC098"])).toBeNull();
  });

  it("finds nothing in codes the catalogue does not know, and ignores unusable readings", () => {
    expect(resolveReadCodes(["QQ-000-QQ", "??", ""])).toBeNull();
    expect(usableReadCodes(["a", "Ab-1", "AB1", "ab 1", "X".repeat(25)])).toEqual([
      { printed: "Ab-1", norm: "AB1" },
    ]);
  });
});

describe("searchReadCodes (metered like a code search)", () => {
  async function customer(daily: number) {
    const { user } = await createUser();
    setDailyAllowance(user.id, daily);
    return user;
  }
  const logged = (userId: number) =>
    db()
      .select()
      .from(searches)
      .where(and(eq(searches.userId, userId), eq(searches.type, "image")))
      .orderBy(searches.id)
      .all();

  it("costs one credit when a part is found, nothing when not, and a repeat the same day is free", async () => {
    const user = await customer(5);
    const found = searchReadCodes(user, ["ZZ-1", "RC 5U0698"], at);
    expect(found).toMatchObject({
      status: "ok",
      charged: true,
      reading: { code: "RC 5U0698", match: "as_read" },
    });
    expect(found.status === "ok" && found.hits.map((hit) => hit.id)).toEqual([ownId]);
    expect(searchReadCodes(user, ["RC-5U0698"], at)).toMatchObject({ charged: false });
    const none = searchReadCodes(user, ["QQ 404"], at);
    expect(none).toMatchObject({
      status: "ok",
      charged: false,
      hits: [],
      reading: { code: "QQ 404", match: null },
    });
    expect(
      logged(user.id).map((row) => [row.queryNorm, row.charged, row.resultsCount, row.partId]),
    ).toEqual([
      ["RC5U0698", true, 1, ownId],
      ["RC5U0698", false, 1, ownId],
      ["QQ404", false, 0, null],
    ]);
    expect(none.status === "ok" && none.stats.remainingSearches).toBe(4);
  });

  it("stops when the day's credits are spent, but still shows a code already paid for today", async () => {
    const user = await customer(1);
    expect(searchReadCodes(user, ["RC 5U0698"], at)).toMatchObject({ charged: true });
    expect(searchReadCodes(user, ["W 815/80"], at)).toMatchObject({ status: "exhausted" });
    expect(searchReadCodes(user, ["RC5U0698"], at)).toMatchObject({ status: "ok", charged: false });
  });

  it("paging a result (replay) neither logs nor charges again", async () => {
    const user = await customer(3);
    searchReadCodes(user, ["RC 5U0698"], at);
    searchReadCodes(user, ["RC 5U0698"], at, { replay: true });
    expect(logged(user.id)).toHaveLength(1);
  });
});
