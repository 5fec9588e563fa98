import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cnpjCharacters, cnpjCheckDigits, formatCnpj, isValidCnpj } from "./cnpj";

const BASE_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

const baseOf = (alphabet: string[]) =>
  fc
    .array(fc.constantFrom(...alphabet), { minLength: 12, maxLength: 12 })
    .map((characters) => characters.join(""))
    .filter((base) => !/^(\d)\1{11}$/.test(base));

/** Twelve characters (digits, or digits and letters) with their check digits: a CNPJ. */
const numericCnpj = baseOf(BASE_CHARACTERS.slice(0, 10)).map((b) => b + cnpjCheckDigits(b));
const alphanumericCnpj = baseOf(BASE_CHARACTERS).map((b) => b + cnpjCheckDigits(b));

describe("isValidCnpj", () => {
  it.each(["11222333000181", "11444777000161", "00000000000191", "12ABC34501DE35"])(
    "accepts %s, bare and masked",
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
      expect(isValidCnpj(formatCnpj(cnpj))).toBe(true);
    },
  );

  it("takes letters in either case", () => {
    expect(isValidCnpj("12.abc.345/01de-35")).toBe(true);
  });

  it.each([
    ["a wrong first check digit", "11222333000191"],
    ["a wrong second check digit", "11222333000182"],
    ["fourteen equal digits", "11111111111111"],
    ["thirteen characters", "1122233300018"],
    ["fifteen characters", "112223330001811"],
    ["letters where the check digits are", "112223330001AB"],
    ["a stray character", "11.222.333/0001-81#"],
    ["nothing", ""],
  ])("refuses %s", (_, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it("accepts every base with its check digits, numeric or alphanumeric", () => {
    fc.assert(fc.property(fc.oneof(numericCnpj, alphanumericCnpj), (c) => isValidCnpj(c)));
  });

  it("refuses a CNPJ with either check digit changed", () => {
    fc.assert(
      fc.property(
        numericCnpj,
        fc.integer({ min: 12, max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (cnpj, position, shift) => {
          const changed = (Number(cnpj[position]) + shift) % 10;
          const wrong = `${cnpj.slice(0, position)}${changed}${cnpj.slice(position + 1)}`;
          return !isValidCnpj(wrong);
        },
      ),
    );
  });
});

describe("cnpjCharacters and formatCnpj", () => {
  it("strips and puts back the mask", () => {
    expect(cnpjCharacters(" 11.222.333/0001-81 ")).toBe("11222333000181");
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("123")).toBe("123");
  });

  it("refuses a base that is not twelve characters", () => {
    expect(() => cnpjCheckDigits("123")).toThrow(RangeError);
  });
});
