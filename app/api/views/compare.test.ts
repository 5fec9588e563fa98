import { describe, expect, it } from "vitest";
import type { PartComparison, ResolvedCode } from "~/models/catalogue/index.server";
import type { PartHit } from "~/models/search/index.server";
import { compareCautions, compareVerdict, comparisonView } from "./compare";

const part = (id: number, overrides: Partial<PartHit> = {}): PartHit => ({
  id,
  code: `P-${id}`,
  name: "Pastilha de freio",
  description: null,
  manufacturer: "Bosch",
  categoryId: 1,
  categoryName: "Freios",
  mercadoLivreLink: null,
  imageUrl: null,
  match: "code",
  viaCode: null,
  ...overrides,
});
const side = (code: string, hit: PartHit | null, vehicleCount = 3): ResolvedCode => ({
  code,
  part: hit,
  otherMatches: 0,
  vehicleCount: hit ? vehicleCount : 0,
});
const list = (total: number) => ({ items: [], total });

function comparison(overrides: Partial<PartComparison>): PartComparison {
  return {
    kind: "partly",
    samePart: false,
    a: side("A-1", part(1)),
    b: side("B-2", part(2)),
    common: list(0),
    onlyA: list(0),
    onlyB: list(0),
    cautions: { namesDiffer: false, uncategorised: [], fitmentDiffers: 0 },
    ...overrides,
  };
}

describe("the verdict sentence", () => {
  it.each([
    [{ kind: "same_part" }, "Intercambiáveis: A-1 e B-2 são códigos da mesma peça."],
    [
      {
        kind: "different_kind",
        b: side("B-2", part(2, { categoryId: 2, categoryName: "Filtros" })),
      },
      "Não são intercambiáveis: são peças de tipos diferentes (Freios × Filtros).",
    ],
    [
      { kind: "same_vehicles", common: list(1280) },
      "Intercambiáveis: A-1 e B-2 servem nos mesmos 1.280 veículos. Confira posição, lado e observações antes de trocar.",
    ],
    [
      { kind: "same_vehicles", common: list(1) },
      "Intercambiáveis: A-1 e B-2 servem no mesmo veículo. Confira posição, lado e observações antes de trocar.",
    ],
    [
      { kind: "partly", common: list(13), onlyA: list(39), onlyB: list(5) },
      "Intercambiáveis em parte: servem em 13 veículos em comum; 39 veículos só com A-1 e 5 veículos só com B-2.",
    ],
    [
      { kind: "partly", common: list(3), onlyA: list(1), onlyB: list(0) },
      "Intercambiáveis em parte: servem em 3 veículos em comum; 1 veículo só com A-1.",
    ],
    [
      { kind: "no_common_vehicles" },
      "Não são intercambiáveis: A-1 e B-2 não servem em nenhum veículo em comum.",
    ],
    [
      { kind: "no_vehicles", b: side("B-2", part(2), 0) },
      "Sem dados para comparar: a peça de B-2 não tem veículos cadastrados.",
    ],
    [
      { kind: "no_vehicles", a: side("A-1", part(1), 0), b: side("B-2", part(2), 0) },
      "Sem dados para comparar: nenhuma das duas peças tem veículos cadastrados.",
    ],
    [{ kind: "not_found", a: side("A-1", null) }, "Código não encontrado: A-1."],
    [
      { kind: "not_found", a: side("A-1", null), b: side("B-2", null) },
      "Códigos não encontrados: A-1 e B-2.",
    ],
  ] as [Partial<PartComparison>, string][])("%o", (overrides, sentence) => {
    expect(compareVerdict(comparison(overrides))).toBe(sentence);
  });
});

describe("cautions and the API view", () => {
  it("lists each caution with a stable kind", () => {
    const c = comparison({
      b: side("B-2", part(2, { name: "Disco de freio" })),
      cautions: { namesDiffer: true, uncategorised: ["B-2"], fitmentDiffers: 2 },
    });
    expect(compareCautions(c)).toEqual([
      {
        kind: "names_differ",
        message:
          "As peças têm nomes diferentes (Pastilha de freio × Disco de freio): confira se são do mesmo tipo.",
      },
      {
        kind: "category_missing",
        message: "A peça de B-2 não tem categoria: não foi possível conferir se são do mesmo tipo.",
      },
      {
        kind: "fitment_differs",
        message:
          "Em 2 veículos em comum a aplicação é diferente (posição, lado, anos ou observações).",
      },
    ]);
  });

  it("answers null for a code that led to no part", () => {
    const view = comparisonView(comparison({ kind: "not_found", b: side("B-2", null) }), 200);
    expect(view).toMatchObject({
      query: { a: "A-1", b: "B-2" },
      verdict_kind: "not_found",
      same_part: false,
      a: { id: 1, code: "P-1", match: "code", found_via: null, compat_count: 3, other_matches: 0 },
      b: null,
      totals: { common_vehicles: 0, only_a: 0, only_b: 0 },
      list_limit: 200,
      cautions: [],
    });
  });
});
