import { describe, expect, it } from "vitest";
import { pageBounds } from "./paging";

describe("pageBounds", () => {
  it("counts the pages, at least one", () => {
    expect(pageBounds(0, 20, 1)).toEqual({ page: 1, pages: 1 });
    expect(pageBounds(41, 20, 2)).toEqual({ page: 2, pages: 3 });
  });

  it("shows the last page past the end and the first below it or without a number", () => {
    expect(pageBounds(41, 20, 9)).toEqual({ page: 3, pages: 3 });
    expect(pageBounds(41, 20, 0)).toEqual({ page: 1, pages: 3 });
    expect(pageBounds(41, 20, undefined)).toEqual({ page: 1, pages: 3 });
    expect(pageBounds(41, 20, Number.NaN)).toEqual({ page: 1, pages: 3 });
  });
});
