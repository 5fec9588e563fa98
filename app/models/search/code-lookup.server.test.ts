import { beforeAll, describe, expect, it } from "vitest";
import {
  createFreePlan,
  createPart,
  createUser,
  setDailyAllowance,
} from "../../../tests/support/factories";
import { lookupPartCode } from "./code-lookup.server";

beforeAll(() => {
  createFreePlan();
});

describe("lookupPartCode", () => {
  it("finds the part by its own code only, and charges it as the code search of that code", async () => {
    const own = createPart({
      code: "CL-900.1",
      name: "Peça CL-900.1",
      manufacturer: "Zeta",
      alternatives: ["CL-ALT-9"],
    });
    const other = createPart({ code: "cl9001", name: "Peça cl9001", manufacturer: "Alfa" });
    createPart({
      code: "CL-777",
      name: "Peça CL-777",
      manufacturer: "Beta",
      alternatives: ["CL9001"],
    });
    const { user } = await createUser();
    setDailyAllowance(user.id, 2, 0);
    const now = new Date("2026-05-04T15:00:00Z");

    const found = lookupPartCode(user, "cl 900 1", now);
    expect(found).toMatchObject({ status: "ok", charged: true, part: { id: other.id } });
    if (found.status !== "ok") throw new Error("not found");
    // The part listing CL9001 as an alternative is not one whose own code it is.
    expect(found.sameCode.map((part) => part.id)).toEqual([own.id]);
    expect(found.stats.remainingSearches).toBe(1);

    expect(lookupPartCode(user, "CL9001", now)).toMatchObject({ status: "ok", charged: false });
    expect(lookupPartCode(user, "CL-ALT-9", now)).toEqual({ status: "not_found" });
    expect(lookupPartCode(user, "CL-9", now)).toEqual({ status: "not_found" });
  });

  it("spent credits are exhausted for a new code; an unknown code is still only not found", async () => {
    createPart({ code: "CL-555", name: "Peça CL-555" });
    createPart({ code: "CL-556", name: "Peça CL-556" });
    const { user } = await createUser();
    setDailyAllowance(user.id, 1, 0);
    const now = new Date("2026-05-04T15:00:00Z");
    expect(lookupPartCode(user, "CL-555", now)).toMatchObject({ status: "ok", charged: true });
    expect(lookupPartCode(user, "CL-556", now)).toMatchObject({ status: "exhausted" });
    expect(lookupPartCode(user, "CL-555", now)).toMatchObject({ status: "ok", charged: false });
    expect(lookupPartCode(user, "CL-NADA", now)).toEqual({ status: "not_found" });
  });
});
