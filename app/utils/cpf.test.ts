import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cpfCheckDigits, cpfDigits, formatCpf, isValidCpf } from "./cpf";

const digitString = (length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .map((d) => d.join(""));

/** Nine digits that are not all equal, with their check digits: a CPF. */
const validCpf = digitString(9)
  .filter((base) => !/^(\d)\1{8}$/.test(base))
  .map((base) => base + cpfCheckDigits(base));

const replaceDigit = (cpf: string, position: number, digit: number) =>
  `${cpf.slice(0, position)}${digit}${cpf.slice(position + 1)}`;

const mask = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

describe("cpfDigits", () => {
  it("keeps only the digits", () => {
    expect(cpfDigits("123.456.789-09")).toBe("12345678909");
    expect(cpfDigits(" 191 191 191-00 ")).toBe("19119119100");
    expect(cpfDigits("")).toBe("");
  });
});

describe("isValidCpf", () => {
  it.each(["12345678909", "19119119100", "00000000191", "89115748057"])(
    "accepts %s, bare and masked",
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(true);
      expect(isValidCpf(mask(cpf))).toBe(true);
    },
  );

  it.each([
    ["a wrong first check digit", "12345678919"],
    ["a wrong second check digit", "12345678908"],
    ["ten digits", "1234567890"],
    ["twelve digits", "123456789090"],
    ["eleven equal digits", "11111111111"],
    ["all zeros", "000.000.000-00"],
    ["letters among the digits", "abc12345678909"],
    ["nothing", ""],
  ])("refuses %s", (_, input) => {
    expect(isValidCpf(input)).toBe(false);
  });

  it("computes the documented check digits", () => {
    expect(cpfCheckDigits("123456789")).toBe("09");
    expect(cpfCheckDigits("000000001")).toBe("91");
    expect(() => cpfCheckDigits("12345")).toThrow(RangeError);
  });

  it("accepts any nine digits followed by their check digits, masked or not", () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(mask(cpf))).toBe(true);
      }),
    );
  });

  it("refuses a CPF with either check digit changed", () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.constantFrom(9, 10),
        fc.integer({ min: 1, max: 9 }),
        (cpf, position, shift) => {
          expect(
            isValidCpf(replaceDigit(cpf, position, (Number(cpf[position]) + shift) % 10)),
          ).toBe(false);
        },
      ),
    );
  });

  it("refuses a CPF with one of its digits 2 to 9 moved up or down by one", () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(-1, 1),
        (cpf, position, step) => {
          const digit = Number(cpf[position]);
          const moved = digit + step < 0 || digit + step > 9 ? digit - step : digit + step;
          expect(isValidCpf(replaceDigit(cpf, position, moved))).toBe(false);
        },
      ),
    );
  });

  it("shares the rule's known blind spots: a 0 check digit stands for remainders 0 and 1", () => {
    // A change that moves both sums across that collapsed pair goes unseen: a digit moved by 2
    // or 9, or the first digit moved by 1 (its weight in the second sum, 11, vanishes mod 11).
    expect(isValidCpf("00005239508")).toBe(true);
    expect(isValidCpf("10005239508")).toBe(true);
    expect(isValidCpf("26100602709")).toBe(true);
    expect(isValidCpf("16100602709")).toBe(true);
  });

  it("refuses anything that is not eleven digits", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }).filter((s) => cpfDigits(s).length !== 11),
        (input) => {
          expect(isValidCpf(input)).toBe(false);
        },
      ),
    );
  });
});

describe("formatCpf", () => {
  it("masks eleven digits and leaves anything else as given", () => {
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
    expect(formatCpf("529.982.247-25")).toBe("529.982.247-25");
    expect(formatCpf("123")).toBe("123");
  });
});
