import { describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { countOf, plural } from "./plural";

const searches = { one: "busca", other: "buscas" };

describe("plural", () => {
  it("takes the form Intl.PluralRules gives pt-BR, with a whole zero in the plural", () => {
    expect(plural(0, searches)).toBe("buscas");
    expect(plural(1, searches)).toBe("busca");
    expect(plural(2, searches)).toBe("buscas");
    expect(plural(1000, searches)).toBe("buscas");
  });

  it("falls back to `other` where pt-BR has a `many` form and none is given", () => {
    expect(plural(1_000_000, searches)).toBe("buscas");
    expect(plural(1_000_000, { ...searches, many: "de buscas" })).toBe("de buscas");
  });

  it("writes the count as pt-BR does, before the phrase that agrees with it", () => {
    const left = { one: "busca restante hoje", other: "buscas restantes hoje" };
    expect(countOf(0, left)).toBe("0 buscas restantes hoje");
    expect(countOf(1, left)).toBe("1 busca restante hoje");
    expect(countOf(2, left)).toBe("2 buscas restantes hoje");
    expect(countOf(1000, left)).toBe("1.000 buscas restantes hoje");
    expect(countOf(1500, searches)).toBe("1.500 buscas");
  });
});

describe("credit texts", () => {
  it("the header's chip says what is left today, with no (s)", () => {
    const chip = messages.credits.leftToday;
    expect(chip(197)).toBe("197 buscas restantes hoje");
    expect(chip(1)).toBe("1 busca restante hoje");
    expect(chip(0)).toBe("0 buscas restantes hoje");
    expect(chip(1500)).toBe("1.500 buscas restantes hoje");
    expect(chip(-1)).toBe("Buscas ilimitadas");
  });

  it("the low-credit warning agrees with its number", () => {
    expect(messages.search.low(1)).toBe("Você tem apenas 1 busca restante hoje.");
    expect(messages.search.low(3)).toBe("Você tem apenas 3 buscas restantes hoje.");
    expect(messages.search.low(0)).toBe("Você tem apenas 0 buscas restantes hoje.");
  });

  it("the usage page counts extra credits and the day's use in words that agree", () => {
    expect(messages.usage.extraCredits(1)).toBe("1 crédito extra disponível depois da cota diária");
    expect(messages.usage.extraCredits(2000)).toBe(
      "2.000 créditos extras disponíveis depois da cota diária",
    );
    expect(messages.usage.usedOf(0, 1)).toBe("0 de 1 busca do plano usada hoje");
    expect(messages.usage.usedOf(1200, 2000)).toBe("1.200 de 2.000 buscas do plano usadas hoje");
  });
});
