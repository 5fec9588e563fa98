import { beforeAll, describe, expect, it } from "vitest";
import { parsePartForm } from "~/schemas/catalogue/part";
import * as messages from "~/messages";
import { createCategory } from "../../../tests/support/factories";

const m = messages.parts;
let categoryId: number;

beforeAll(() => {
  categoryId = createCategory("Freios Modelo").id;
});

/** The field messages of a submission, whatever its status. */
const errorOf = (submission: ReturnType<typeof parsePartForm>) =>
  "error" in submission ? submission.error : undefined;

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the part form", () => {
  it("asks for code, name, category and manufacturer with the spec's message", () => {
    const submission = parsePartForm(form([["description", "algo"]]));
    expect(submission.status).toBe("error");
    for (const field of ["code", "name", "categoryId", "manufacturer"])
      expect(errorOf(submission)?.[field]).toEqual([m.required]);
  });

  it("skips blank alternative code rows, asks for a code next to a lone description and flags the repeat", () => {
    const base: [string, string][] = [
      ["code", "F-1"],
      ["name", "Filtro"],
      ["categoryId", String(categoryId)],
      ["manufacturer", "Mann"],
    ];
    const ok = parsePartForm(
      form([
        ...base,
        ["alternativeCodes[0].code", ""],
        ["alternativeCodes[1].code", "W-712"],
        ["vehicleIds", "3"],
        ["vehicleIds", "3"],
        ["fitmentNotes.3", " motor 1.0 "],
      ]),
    );
    expect(ok.status).toBe("success");
    if (ok.status === "success") {
      expect(ok.value.alternativeCodes).toEqual([{ code: "W-712", description: null }]);
      expect(ok.value.fitments).toEqual([{ vehicleId: 3, notes: "motor 1.0" }]);
    }
    const bad = parsePartForm(
      form([
        ...base,
        ["alternativeCodes[0].code", "W-712"],
        ["alternativeCodes[1].code", "w 712"],
        ["alternativeCodes[2].description", "sem código"],
      ]),
    );
    expect(errorOf(bad)?.["alternativeCodes[1].code"]).toEqual([m.alternativeCodeDuplicate]);
    expect(errorOf(bad)?.["alternativeCodes[2].code"]).toEqual([m.alternativeCodeRequired]);
  });

  it("refuses an alternative code over 100 characters and a link that is not http(s)", () => {
    const bad = parsePartForm(
      form([
        ["alternativeCodes[0].code", "A".repeat(101)],
        ["mercadoLivreLink", "javascript:alert(1)"],
      ]),
    );
    expect(errorOf(bad)?.["alternativeCodes[0].code"]).toEqual([m.alternativeCodeTooLong(100)]);
    expect(errorOf(bad)?.mercadoLivreLink).toEqual([m.linkInvalid]);
  });

  it("lets a picker button through without validating, keeping the values", () => {
    const submission = parsePartForm(
      form([
        ["name", "só nome"],
        ["intent", "filter-vehicles"],
      ]),
    );
    expect(submission.status).toBe("success");
    expect(submission.payload).toMatchObject({ name: "só nome" });
  });
});
