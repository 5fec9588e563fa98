import { describe, expect, it } from "vitest";
import { categoryIcon } from "./category-icon";

describe("categoryIcon", () => {
  it("reads the category's name, whatever its accents and case", () => {
    expect(categoryIcon("Freios")).toBe("disc");
    expect(categoryIcon("ELÉTRICA")).toBe("zap");
    expect(categoryIcon("Transmissão")).toBe("cog");
    expect(categoryIcon("Câmbio")).toBe("cog");
    expect(categoryIcon("Direção")).toBe("steering-wheel");
    expect(categoryIcon("Filtros de ar")).toBe("filter");
  });

  it("gives a name it does not know a wrench", () => {
    expect(categoryIcon("Acessórios")).toBe("wrench");
  });
});
