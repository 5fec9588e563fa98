import { describe, expect, it } from "vitest";
import { fipeBrandName, parseFipeModelName, parseYearCode } from "./names.server";

describe("parseFipeModelName", () => {
  it("splits the brief's examples into model, version, engine, fuel, gearbox and body", () => {
    expect(parseFipeModelName("Gol 1.0 Mi Total Flex 8V 4p")).toEqual({
      model: "Gol",
      version: "1.0 Mi Total Flex 8V 4p",
      engine: "1.0 8V",
      fuel: "Flex",
      transmission: "Manual",
      bodyType: null,
    });
    expect(parseFipeModelName("AMAROK High.CD 2.0 16V TDI 4x4 Dies. Aut")).toEqual({
      model: "Amarok",
      version: "High.CD 2.0 16V TDI 4x4 Dies. Aut",
      engine: "2.0 16V TDI",
      fuel: "Diesel",
      transmission: "Automática",
      bodyType: "Pickup",
    });
    expect(parseFipeModelName("Onix HATCH LT 1.0 12V Flex 5p Mec.")).toMatchObject({
      model: "Onix",
      version: "HATCH LT 1.0 12V Flex 5p Mec.",
      engine: "1.0 12V",
      fuel: "Flex",
      transmission: "Manual",
      bodyType: "Hatch",
    });
    expect(parseFipeModelName("Corolla XEi 2.0 Flex 16V Aut.")).toMatchObject({
      model: "Corolla",
      version: "XEi 2.0 Flex 16V Aut.",
      engine: "2.0 16V",
      fuel: "Flex",
      transmission: "Automática",
    });
  });

  it("reads gearboxes, turbo markers, bodies and multi-word models", () => {
    const readings: [name: string, reading: Partial<ReturnType<typeof parseFipeModelName>>][] = [
      ["Captur Intense 1.6 16V Flex 5p X-Tronic", { transmission: "CVT" }],
      ["Jetta 2.0 TSI 16V 211cv DSG", { transmission: "DSG" }],
      [
        "A3 Sedan 1.4 TFSI Flex Tiptronic 4p",
        { engine: "1.4 TFSI", transmission: "Automática", bodyType: "Sedan" },
      ],
      ["Onix HATCH Premier 1.0 12V TB Flex Aut.", { engine: "1.0 12V Turbo" }],
      [
        "Frontier XE CD 4x4 2.3 Bi-TB Diesel Aut.",
        { engine: "2.3 Biturbo", fuel: "Diesel", bodyType: "Pickup" },
      ],
      ["Saveiro Robust 1.6 Total Flex 16V CS", { bodyType: "Pickup" }],
      ["Jetta Variant 2.5 20V 170cv Tiptronic", { bodyType: "Wagon" }],
      ["Etios HB X 1.3 Flex 16V 5p Mec.", { bodyType: "Hatch" }],
      [
        "Grand Siena ATTRACTIVE 1.4 Evo F.Flex 8V",
        { model: "Grand Siena", version: "ATTRACTIVE 1.4 Evo F.Flex 8V", fuel: "Flex" },
      ],
      ["L200 Triton Sport HPE 2.4 CD Diesel Aut.", { model: "L200 Triton" }],
      ["SPACEFOX Trendline 1.6 Total Flex 8V 5p", { model: "SpaceFox" }],
      ["HR-V EX 1.8 Flexone 16V 5p Aut.", { model: "HR-V" }],
      ["Corolla Altis Premium Hybrid 1.8 16V Aut.", { fuel: "Híbrido" }],
      ["ASX 2.0 16V 160cv Aut.", { fuel: null }],
    ];
    for (const [name, reading] of readings) {
      expect(parseFipeModelName(name), name).toMatchObject(reading);
    }
  });

  it("reads motorcycles and trucks without guessing a gearbox or body", () => {
    expect(parseFipeModelName("CG 160 FAN ESDi/ Flex", "motos")).toEqual({
      model: "CG 160",
      version: "FAN ESDi/ Flex",
      engine: "160 cc",
      fuel: "Flex",
      transmission: null,
      bodyType: null,
    });
    expect(parseFipeModelName("CB 500F", "motos")).toMatchObject({
      model: "CB 500F",
      version: "CB 500F",
      engine: "500 cc",
    });
    expect(parseFipeModelName("FAZER YS 250/ BlueFlex", "motos")).toMatchObject({
      model: "Fazer YS 250",
      version: "BlueFlex",
    });
    expect(parseFipeModelName("Axor 2544 6x2 2p (diesel)(E5)", "caminhoes")).toEqual({
      model: "Axor",
      version: "2544 6x2 2p (diesel)(E5)",
      engine: null,
      fuel: "Diesel",
      transmission: null,
      bodyType: null,
    });
  });
});

describe("year codes and brand names", () => {
  it("reads the year and the fuel code; 32000 is this year's Zero KM", () => {
    const now = new Date("2025-06-01T12:00:00Z");
    expect(parseYearCode("2014-1", now)).toEqual({ year: 2014, fuel: "Gasolina" });
    expect(parseYearCode("2014-2", now)).toEqual({ year: 2014, fuel: "Etanol" });
    expect(parseYearCode("2019-3", now)).toEqual({ year: 2019, fuel: "Diesel" });
    expect(parseYearCode("2020-5", now)).toEqual({ year: 2020, fuel: "Flex" });
    expect(parseYearCode("32000-1", now)).toEqual({ year: 2025, fuel: "Gasolina" });
    expect(parseYearCode("abc", now)).toBeNull();
    expect(parseYearCode("1850-1", now)).toBeNull();
  });

  it("writes FIPE's brand names as the catalogue does", () => {
    expect(fipeBrandName("VW - VolksWagen")).toBe("Volkswagen");
    expect(fipeBrandName("GM - Chevrolet")).toBe("Chevrolet");
    expect(fipeBrandName("Kia Motors")).toBe("Kia");
    expect(fipeBrandName("Fiat")).toBe("Fiat");
  });
});
