import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { CREDIT_RESET_HOUR, creditDay, creditDayEnd } from "./credit-day";
import { saoPauloDay, shiftDay, startOfSaoPauloDay } from "./format";

const HOUR_MS = 3_600_000;

/** When a credit day starts. São Paulo has kept UTC−3 all year since February 2019. */
const resetOf = (day: string) =>
  new Date(startOfSaoPauloDay(day).getTime() + CREDIT_RESET_HOUR * HOUR_MS);

// Instants since São Paulo dropped summer time, so that the reset hour is a fixed offset.
const instants = fc.date({
  min: new Date("2019-03-01T00:00:00Z"),
  max: new Date("2040-12-31T23:59:59Z"),
  noInvalidDate: true,
});

describe("creditDay", () => {
  it("resets at midnight in São Paulo, not UTC", () => {
    expect(CREDIT_RESET_HOUR).toBe(0);
    // 02:59 UTC on the 2nd is 23:59 on the 1st in São Paulo (UTC−3).
    expect(creditDay(new Date("2026-03-02T02:59:59.999Z"))).toBe("2026-03-01");
    expect(creditDay(new Date("2026-03-02T03:00:00Z"))).toBe("2026-03-02");
  });

  it("is the São Paulo calendar day while credits reset at midnight", () => {
    fc.assert(
      fc.property(instants, (at) => {
        expect(creditDay(at)).toBe(saoPauloDay(at));
      }),
    );
  });

  it("holds from one reset to the next and changes exactly at the reset hour", () => {
    fc.assert(
      fc.property(instants, (at) => {
        const day = creditDay(at);
        const start = resetOf(day);
        const next = resetOf(shiftDay(day, 1));
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(next.getTime());
        expect(creditDay(start)).toBe(day);
        expect(creditDay(new Date(next.getTime() - 1))).toBe(day);
        expect(creditDay(next)).toBe(shiftDay(day, 1));
        expect(creditDay(new Date(start.getTime() - 1))).toBe(shiftDay(day, -1));
      }),
    );
  });

  it("is the hour the customers are told", () => {
    const hour = `${String(CREDIT_RESET_HOUR).padStart(2, "0")}:00`;
    expect(messages.usage.renewal).toContain(`às ${hour}`);
    expect(messages.legal.terms.join(" ")).toContain(`renovam às ${hour}`);
  });
});

describe("creditDayEnd", () => {
  it("is the next reset: the first instant of the next credit day", () => {
    expect(creditDayEnd(new Date("2026-03-02T02:59:59.999Z")).toISOString()).toBe(
      "2026-03-02T03:00:00.000Z",
    );
    fc.assert(
      fc.property(instants, (at) => {
        const end = creditDayEnd(at);
        expect(end.getTime()).toBeGreaterThan(at.getTime());
        expect(end).toEqual(resetOf(shiftDay(creditDay(at), 1)));
        expect(creditDay(end)).toBe(shiftDay(creditDay(at), 1));
      }),
    );
  });
});
