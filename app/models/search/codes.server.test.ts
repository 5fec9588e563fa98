import { beforeAll, describe, expect, it } from "vitest";
import { createCategory, createPart } from "../../../tests/support/factories";
import { isDescriptionQuery, normalizeCode } from "~/utils/codes";
import { searchByCode } from "./codes.server";

describe("normalizeCode", () => {
  it("keeps only upper-case letters and digits", () => {
    expect(normalizeCode("BR-123.456")).toBe("BR123456");
    expect(normalizeCode("br 123456")).toBe("BR123456");
    expect(normalizeCode(" w 712/95 ")).toBe("W71295");
    expect(normalizeCode("Ç-ã")).toBe("CA");
  });
});

describe("isDescriptionQuery", () => {
  it("follows the spec: whitespace or a 19xx/20xx year; a comma only in the header box", () => {
    expect(isDescriptionQuery("BR-123.456")).toBe(false);
    expect(isDescriptionQuery("pastilha freio")).toBe(true);
    expect(isDescriptionQuery("gol2015")).toBe(true);
    expect(isDescriptionQuery("5U0698151A")).toBe(false);
    expect(isDescriptionQuery("pastilha,gol")).toBe(false);
    expect(isDescriptionQuery("pastilha,gol", { header: true })).toBe(true);
  });
});

describe("code search ladder", () => {
  beforeAll(() => {
    const brakes = createCategory("Freios Teste");
    createPart({
      code: "BR-123456",
      name: "Pastilha de Freio Dianteira",
      categoryId: brakes.id,
      alternatives: ["GDB-1234", "5U0698151A"],
    });
    createPart({ code: "GDB1234", name: "Pastilha TRW", manufacturer: "TRW" });
    createPart({ code: "BR123999", name: "Disco de Freio", manufacturer: "Cobreq" });
    createPart({ code: "XYZ-1", name: "Outra peça", alternatives: ["BR12-3000"] });
  });

  it("finds the own code however it is typed", () => {
    for (const typed of ["BR-123.456", "br 123456", "BR123456"]) {
      const hits = searchByCode(typed);
      expect(hits.map((h) => h.code)).toEqual(["BR-123456"]);
      expect(hits[0]).toMatchObject({ match: "code", viaCode: null, categoryName: "Freios Teste" });
    }
  });

  it("finds a part through an alternative code and says which", () => {
    const hits = searchByCode("5u0-698-151a");
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      code: "BR-123456",
      match: "alternative",
      viaCode: "5U0698151A",
    });
  });

  it("ranks an exact own code before parts that list it as alternative", () => {
    const hits = searchByCode("gdb 1234");
    expect(hits.map((h) => [h.code, h.match])).toEqual([
      ["GDB1234", "code"],
      ["BR-123456", "alternative"],
    ]);
  });

  it("falls back to prefixes, own codes before alternative codes", () => {
    const hits = searchByCode("BR123");
    expect(hits.map((h) => [h.code, h.match])).toEqual([
      ["BR-123456", "code_prefix"],
      ["BR123999", "code_prefix"],
      ["XYZ-1", "alternative_prefix"],
    ]);
  });

  it("has no typo tolerance on codes", () => {
    expect(searchByCode("BR123457")).toEqual([]);
    expect(searchByCode("-")).toEqual([]);
  });
});
