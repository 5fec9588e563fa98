import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compactKey,
  editDistance,
  fourDigitYear,
  pluralForms,
  queryTokens,
  singularStem,
  twoDigitYear,
  typoAllowance,
  wordForms,
} from "./words";

describe("query words", () => {
  it("folds case and accents and keeps engines, hyphenated and alphanumeric models whole", () => {
    expect(queryTokens("FILTRO ÓLEO HB20 1.6 16V, T-Cross!")).toEqual([
      "filtro",
      "oleo",
      "hb20",
      "1.6",
      "16v",
      "t-cross",
    ]);
    expect(queryTokens("  ,, ")).toEqual([]);
    expect(compactKey("T-Cross")).toBe(compactKey("t cross"));
    expect(compactKey("CG 160")).toBe("cg160");
  });

  it("turns pt-BR plurals into singular, without accents, and back", () => {
    expect(singularStem("pastilhas")).toBe("pastilha");
    expect(singularStem("suspensões")).toBe("suspensao");
    expect(singularStem("pedais")).toBe("pedal");
    expect(singularStem("motores")).toBe("motor");
    expect(singularStem("freio")).toBe("freio");
    expect(singularStem("hb20")).toBe("hb20");
    expect(pluralForms("pastilha")).toEqual(["pastilhas"]);
    expect(wordForms("amortecedores")).toEqual(
      ["amortecedores", "amortecedor", "amortecedores"].filter((v, i, a) => a.indexOf(v) === i),
    );
  });

  it("counts a transposition as one typo and stops past the allowance", () => {
    expect(editDistance("pastilah", "pastilha", 2)).toBe(1);
    expect(editDistance("amortceedor", "amortecedor", 2)).toBe(1);
    expect(editDistance("amrtecedr", "amortecedor", 2)).toBe(2);
    expect(editDistance("vela", "bomba", 1)).toBe(2);
    expect(typoAllowance("gol")).toBe(0);
    expect(typoAllowance("vela")).toBe(1);
    expect(typoAllowance("amortecedor")).toBe(2);
  });

  it("is a distance: zero only for equal words, symmetric, bounded by the longer word", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b, 30);
        expect(d === 0).toBe(a === b);
        expect(editDistance(b, a, 30)).toBe(d);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it("reads years", () => {
    expect(fourDigitYear("2015")).toBe(2015);
    expect(fourDigitYear("1600")).toBeNull();
    expect(twoDigitYear("15")).toBe(2015);
    expect(twoDigitYear("98")).toBe(1998);
    expect(twoDigitYear("150")).toBeNull();
  });
});
