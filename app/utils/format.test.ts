import { describe, expect, it } from "vitest";
import {
  formatBRL,
  formatBytes,
  formatDate,
  formatDayMonth,
  formatDuration,
  formatMonth,
  formatPercent,
  formatRelativeTime,
  initials,
  saoPauloDay,
  saoPauloMonth,
  shiftDay,
  shiftMonth,
  startOfSaoPauloDay,
} from "./format";

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

describe("São Paulo calendar helpers", () => {
  it("a São Paulo day starts at 03:00 UTC (no daylight saving since 2019)", () => {
    expect(startOfSaoPauloDay("2026-04-01").toISOString()).toBe("2026-04-01T03:00:00.000Z");
    expect(startOfSaoPauloDay("2026-01-01").toISOString()).toBe("2026-01-01T03:00:00.000Z");
  });

  it("and at 02:00 UTC on a day of the old summer time", () => {
    expect(startOfSaoPauloDay("2018-12-01").toISOString()).toBe("2018-12-01T02:00:00.000Z");
  });

  it("months by São Paulo's calendar, moved across years", () => {
    expect(saoPauloMonth(new Date("2026-04-01T02:59:00Z"))).toBe("2026-03");
    expect(saoPauloMonth(new Date("2026-04-01T03:00:00Z"))).toBe("2026-04");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-11", 14)).toBe("2028-01");
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("labels months and days in pt-BR", () => {
    expect(formatMonth("2026-11")).toMatch(/^nov\.? de 26$/);
    expect(formatDayMonth("2026-04-09")).toBe("09/04");
  });
});

describe("sizes, durations and percentages", () => {
  it("bytes in powers of 1024", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1,5 KB");
    expect(formatBytes(5 * 1024 ** 3)).toBe("5,0 GB");
    expect(formatBytes(1023.9 * 1024)).toBe("1023,9 KB");
  });

  it("durations by their largest units", () => {
    expect(formatDuration(42)).toBe("42s");
    expect(formatDuration(3_660)).toBe("1h 1min");
    expect(formatDuration(93_784)).toBe("1d 2h 3min");
  });

  it("percentages with one decimal", () => {
    expect(formatPercent(45.67)).toBe("45,7%");
    expect(formatPercent(-12.5)).toBe("-12,5%");
  });
});
