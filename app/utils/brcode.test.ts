import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildPixBrCode, crc16, isValidBrCode, parseBrCode, type PixBrCodeInput } from "./brcode";

/** The static example of BCB's manual, as published (CRC included). */
const BCB_STATIC_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

const dynamicInput: PixBrCodeInput = {
  locationUrl: "http://127.0.0.1:3000/paghiper-sim/pix/ABCDEF0123456789",
  amountCents: 6666,
  merchantName: "ENCAIXA SIMULADOR",
  merchantCity: "SAO PAULO",
  txid: "ABCDEF0123456789",
};

describe("crc16", () => {
  it("is CRC-16/CCITT-FALSE, four upper-case hex digits", () => {
    expect(crc16("123456789")).toBe("29B1");
    expect(crc16("")).toBe("FFFF");
    expect(crc16(BCB_STATIC_EXAMPLE.slice(0, -4))).toBe("1D3D");
  });
});

describe("buildPixBrCode", () => {
  it("builds BCB's static example from its key, name and city", () => {
    const code = buildPixBrCode({
      pixKey: "123e4567-e12b-12d1-a456-426655440000",
      amountCents: 0,
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
      txid: "***",
    });
    expect(code).toBe(BCB_STATIC_EXAMPLE);
  });

  it("builds a dynamic, single-use code with the location URL without its scheme", () => {
    const code = buildPixBrCode(dynamicInput);
    expect(isValidBrCode(code)).toBe(true);
    const fields = parseBrCode(code)!;
    expect(fields.get("01")).toBe("12");
    const account = parseBrCode(fields.get("26")!)!;
    expect(account.get("00")).toBe("br.gov.bcb.pix");
    expect(account.get("25")).toBe("127.0.0.1:3000/paghiper-sim/pix/ABCDEF0123456789");
    expect(account.has("01")).toBe(false);
    expect(fields.get("52")).toBe("0000");
    expect(fields.get("53")).toBe("986");
    expect(fields.get("54")).toBe("66.66");
    expect(fields.get("58")).toBe("BR");
    expect(fields.get("59")).toBe("ENCAIXA SIMULADOR");
    expect(fields.get("60")).toBe("SAO PAULO");
    expect(parseBrCode(fields.get("62")!)!.get("05")).toBe("ABCDEF0123456789");
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
  });

  it("writes amounts with a dot and two decimals", () => {
    const amount = (amountCents: number) =>
      parseBrCode(buildPixBrCode({ ...dynamicInput, amountCents }))!.get("54");
    expect(amount(1)).toBe("0.01");
    expect(amount(300)).toBe("3.00");
    expect(amount(123456789)).toBe("1234567.89");
    expect(() => buildPixBrCode({ ...dynamicInput, amountCents: 1.5 })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...dynamicInput, amountCents: -1 })).toThrow(RangeError);
  });

  it("reduces name and city to ASCII and their maximum lengths, and txid to 25 alphanumerics", () => {
    const fields = parseBrCode(
      buildPixBrCode({
        ...dynamicInput,
        merchantName: "Peças & Acessórios São João do Ipiranga Ltda",
        merchantCity: "São José dos Campos",
        txid: "pedido-2024/ção_0001-ABCDEFGHIJKLMNOPQRSTUVWXYZ",
      }),
    )!;
    expect(fields.get("59")).toBe("Pecas & Acessorios Sao Jo");
    expect(fields.get("60")).toBe("Sao Jose dos Ca");
    expect(parseBrCode(fields.get("62")!)!.get("05")).toBe("pedido2024cao0001ABCDEFGH");
  });

  it("refuses a code without key or location, or with a location too long for field 26", () => {
    const { locationUrl: _, ...withoutLocation } = dynamicInput;
    expect(() => buildPixBrCode(withoutLocation)).toThrow(RangeError);
    expect(() =>
      buildPixBrCode({ ...dynamicInput, locationUrl: `pix.example.com/${"x".repeat(80)}` }),
    ).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...dynamicInput, merchantName: "日本" })).toThrow(RangeError);
  });
});

describe("parseBrCode", () => {
  it("reads the top-level fields in order", () => {
    const fields = parseBrCode(BCB_STATIC_EXAMPLE)!;
    expect([...fields.keys()]).toEqual(["00", "26", "52", "53", "58", "59", "60", "62", "63"]);
    expect(fields.get("59")).toBe("Fulano de Tal");
  });

  it.each([
    ["empty", ""],
    ["a length past the end", "000201260599"],
    ["a letter in an id", "0002010A02xx"],
    ["a repeated id", "000201000201"],
    ["a dangling header", "00020159"],
    ["non-ASCII", "000201590Xé"],
  ])("answers null for %s", (_, code) => {
    expect(parseBrCode(code)).toBeNull();
  });
});

describe("isValidBrCode", () => {
  it("accepts BCB's example and refuses it without its CRC or with a wrong one", () => {
    expect(isValidBrCode(BCB_STATIC_EXAMPLE)).toBe(true);
    expect(isValidBrCode(BCB_STATIC_EXAMPLE.slice(0, -8))).toBe(false);
    expect(isValidBrCode(`${BCB_STATIC_EXAMPLE.slice(0, -4)}1d3d`)).toBe(false);
    expect(isValidBrCode(`${BCB_STATIC_EXAMPLE.slice(0, -4)}0000`)).toBe(false);
    expect(isValidBrCode(BCB_STATIC_EXAMPLE.slice(6))).toBe(false);
  });
});

const alphanumeric = fc.constantFrom(
  ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".split(""),
);
const printableChar = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));

const anyInput: fc.Arbitrary<AnyInput> = fc.record({
  kind: fc.constantFrom("dynamic" as const, "static" as const),
  key: fc.string({ unit: alphanumeric, minLength: 1, maxLength: 60 }),
  amountCents: fc.integer({ min: 1, max: 99_999_999_99 }),
  merchantName: fc.string({ minLength: 1, maxLength: 40 }).map((s) => `Loja ${s}`),
  merchantCity: fc.string({ minLength: 1, maxLength: 30 }).map((s) => `C${s}`),
  txid: fc.string({ unit: alphanumeric, minLength: 1, maxLength: 25 }),
});

type AnyInput = { kind: "dynamic" | "static"; key: string } & Omit<
  PixBrCodeInput,
  "pixKey" | "locationUrl"
>;

function build({ kind, key, ...rest }: AnyInput): string {
  return buildPixBrCode(
    kind === "dynamic"
      ? { ...rest, locationUrl: `https://pix.example/${key}` }
      : { ...rest, pixKey: key },
  );
}

describe("BR Code properties", () => {
  it("every built code is valid and carries its amount and txid back", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const code = build(input);
        expect(isValidBrCode(code)).toBe(true);
        const fields = parseBrCode(code)!;
        const [reais, cents] = fields.get("54")!.split(".");
        expect(cents).toHaveLength(2);
        expect(Number(reais) * 100 + Number(cents)).toBe(input.amountCents);
        expect(parseBrCode(fields.get("62")!)!.get("05")).toBe(input.txid);
        expect(fields.get("59")!.length).toBeLessThanOrEqual(25);
        expect(fields.get("60")!.length).toBeLessThanOrEqual(15);
      }),
    );
  });

  it("any one character changed breaks the code", () => {
    fc.assert(
      fc.property(anyInput, fc.nat(), printableChar, (input, at, replacement) => {
        const code = build(input);
        const position = at % code.length;
        fc.pre(code[position] !== replacement);
        const tampered = code.slice(0, position) + replacement + code.slice(position + 1);
        expect(isValidBrCode(tampered)).toBe(false);
      }),
    );
  });
});
