import { describe, expect, it } from "vitest";
import { SLOW_AGGREGATE_MS, SLOW_AGGREGATE_REUSE, slowAggregate } from "./db.server";

/** A reading that takes `costs[i]` ms of a fake clock on its i-th run and answers i. */
function fakeReading(costs: number[]) {
  let now = 1_000;
  let runs = 0;
  const clock = () => now;
  const read = () => {
    now += costs[runs] ?? 0;
    return runs++;
  };
  return { read: slowAggregate(read, clock), wait: (ms: number) => (now += ms), runs: () => runs };
}

describe("slowAggregate", () => {
  it("reads a cheap figure every time, so a change shows at once", () => {
    const reading = fakeReading([SLOW_AGGREGATE_MS - 1, 0, 0]);
    expect(reading.read()).toBe(0);
    expect(reading.read()).toBe(1);
    expect(reading.read()).toBe(2);
  });

  it("reuses a slow figure for its cost times the reuse factor, then reads it again", () => {
    const cost = 50;
    const reading = fakeReading([cost, 0]);
    expect(reading.read()).toBe(0);
    reading.wait(cost * SLOW_AGGREGATE_REUSE - 1);
    expect(reading.read()).toBe(0);
    expect(reading.runs()).toBe(1);
    reading.wait(1);
    expect(reading.read()).toBe(1);
  });

  it("goes back to reading every time once the figure is cheap again", () => {
    const reading = fakeReading([SLOW_AGGREGATE_MS, 1, 1]);
    reading.read();
    reading.wait(SLOW_AGGREGATE_MS * SLOW_AGGREGATE_REUSE);
    expect(reading.read()).toBe(1);
    expect(reading.read()).toBe(2);
  });
});
