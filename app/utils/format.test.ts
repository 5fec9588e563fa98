import { describe, expect, it } from "vitest";
import { formatBRL, formatDate, formatRelativeTime, initials, saoPauloDay } from "./format";

describe("format", () => {
  it("formats cents as reais with pt-BR separators", () => {
    expect(formatBRL(4990).replace(/\s/g, " ")).toBe("R$ 49,90");
    expect(formatBRL(123456789).replace(/\s/g, " ")).toBe("R$ 1.234.567,89");
  });

  it("uses the São Paulo calendar day, not UTC", () => {
    // 02:30 UTC on the 2nd is still 23:30 on the 1st in São Paulo (UTC−3).
    expect(saoPauloDay(new Date("2026-03-02T02:30:00Z"))).toBe("2026-03-01");
    expect(saoPauloDay(new Date("2026-03-02T03:00:00Z"))).toBe("2026-03-02");
    expect(formatDate(new Date("2026-03-02T02:30:00Z"))).toBe("01/03/2026");
  });

  it("says relative time in minutes, hours, then days", () => {
    const now = new Date("2026-01-10T12:00:00Z");
    expect(formatRelativeTime(new Date("2026-01-10T11:55:00Z"), now)).toBe("há 5 minutos");
    expect(formatRelativeTime(new Date("2026-01-10T09:00:00Z"), now)).toBe("há 3 horas");
    expect(formatRelativeTime(new Date("2026-01-08T12:00:00Z"), now)).toBe("há 2 dias");
  });

  it("makes avatar initials from first and last names", () => {
    expect(initials("Maria da Silva")).toBe("MS");
    expect(initials("josé")).toBe("J");
  });
});
