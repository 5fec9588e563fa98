import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { COMPARE_CODE_MAX, partCompareSchema } from "./part-compare";

/** What the page's GET form sends, read as the page's loader reads it (Conform). */
const form = (query: string) =>
  parseWithZod(new URLSearchParams(query), { schema: partCompareSchema });
const formErrors = (query: string) => {
  const submission = form(query);
  return submission.status === "error" ? submission.error : null;
};

describe("partCompareSchema", () => {
  it("accepts two codes, trimmed, as typed (normalisation is the model's)", () => {
    expect(partCompareSchema.parse({ a: "  br-123.456 ", b: "GDB 1234" })).toEqual({
      a: "br-123.456",
      b: "GDB 1234",
    });
    expect(form("a=+TRW-BR123+&b=5U0698151A")).toMatchObject({
      status: "success",
      value: { a: "TRW-BR123", b: "5U0698151A" },
    });
    const longest = "A".repeat(COMPARE_CODE_MAX);
    expect(partCompareSchema.safeParse({ a: longest, b: ` ${longest} ` }).success).toBe(true);
  });

  it("asks for each missing or blank code by its name", () => {
    const missing = partCompareSchema.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["a", "Digite o código A"],
      ["b", "Digite o código B"],
    ]);
    expect(formErrors("a=&b=%20%20")).toEqual({
      a: ["Digite o código A"],
      b: ["Digite o código B"],
    });
  });

  it("refuses a code over 60 characters and one without a letter or digit", () => {
    expect(formErrors(`a=${"1".repeat(COMPARE_CODE_MAX + 1)}&b=-./`)).toEqual({
      a: ["O código deve ter no máximo 60 caracteres"],
      b: ["O código precisa ter ao menos uma letra ou um número"],
    });
  });

  it("refuses values that are not text with the field's own message", () => {
    const parsed = partCompareSchema.safeParse({ a: ["x"], b: 42 });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      "Digite o código A",
      "Digite o código B",
    ]);
  });
});
