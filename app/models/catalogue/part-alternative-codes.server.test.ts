import { beforeAll, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { partInput, seedPartFixture } from "../../../tests/support/part-fixture";
import {
  addAlternativeCode,
  listAlternativeCodes,
  removeAlternativeCode,
} from "./part-alternative-codes.server";
import { createPart, type PartInput } from "./part-write.server";

const m = messages.parts;
let adminId: number, categoryId: number;
beforeAll(async () => ({ adminId, categoryId } = await seedPartFixture()));
const input = (overrides?: Partial<PartInput>) => partInput(categoryId, overrides);

describe("one alternative code or vehicle at a time", () => {
  it("adds, lists and removes alternative codes by any spelling; a repeat is refused", () => {
    const created = createPart(input({ code: "ONE-1" }), adminId);
    if (!created.ok) throw new Error("setup");
    const id = created.value.id;
    expect(
      addAlternativeCode(id, { code: "OE-77.1", description: "Original" }, adminId),
    ).toMatchObject({ ok: true, value: { code: "OE-77.1" } });
    expect(addAlternativeCode(id, { code: "oe 771", description: null }, adminId)).toEqual({
      ok: false,
      reason: "duplicate",
      message: m.alternativeCodeDuplicate,
      field: "code",
    });
    expect(listAlternativeCodes(id)!.map((c) => c.code)).toEqual(["OE-77.1"]);
    expect(removeAlternativeCode(id, "oe771", adminId)).toMatchObject({
      ok: true,
      value: { code: "OE-77.1" },
    });
    expect(removeAlternativeCode(id, "oe771", adminId)).toMatchObject({
      ok: false,
      reason: "not_found",
    });
    expect(listAlternativeCodes(999_999)).toBeUndefined();
    expect(addAlternativeCode(999_999, { code: "A", description: null }, adminId)).toMatchObject({
      ok: false,
      reason: "not_found",
    });
  });
});
