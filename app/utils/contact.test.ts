import { describe, expect, it } from "vitest";
import { formatCep, formatPhone, isBrazilianPhone, isCep, phoneDigits } from "./contact";

describe("Brazilian phones", () => {
  it("keeps the national digits, the country code dropped", () => {
    expect(phoneDigits("+55 (11) 98765-4321")).toBe("11987654321");
    expect(phoneDigits("(55) 3456-7890")).toBe("5534567890");
    expect(phoneDigits("55 55 98765-4321")).toBe("55987654321");
  });

  it("takes mobiles (9 + 8 digits) and lines (8 digits from 2) with a DDD", () => {
    for (const valid of ["11987654321", "(21) 3456-7890", "+55 81 99999.0000", "5511987654321"])
      expect(isBrazilianPhone(valid), valid).toBe(true);
    for (const invalid of [
      "",
      "987654321",
      "(10) 98765-4321",
      "(01) 3456-7890",
      "(11) 1456-7890",
      "(11) 88765-4321",
      "119876543210",
      "11 98765-4321 x",
    ])
      expect(isBrazilianPhone(invalid), invalid).toBe(false);
  });

  it("writes them with the usual mask", () => {
    expect(formatPhone("5511987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("1134567890")).toBe("(11) 3456-7890");
    expect(formatPhone("123")).toBe("123");
  });
});

describe("CEP", () => {
  it("is eight digits, bare or masked", () => {
    expect(isCep("01310-100")).toBe(true);
    expect(isCep("01.310-100")).toBe(true);
    expect(isCep("0131010")).toBe(false);
    expect(isCep("01310-10a")).toBe(false);
    expect(formatCep("01310100")).toBe("01310-100");
  });
});
