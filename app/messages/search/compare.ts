/** "A e B são intercambiáveis?": comparing two part codes (/search/compare, /api/parts/compare). */

import { formatInteger } from "../locale/numbers";
import { countOf } from "../locale/plural";

const vehicles = (n: number) => countOf(n, { one: "veículo", other: "veículos" });
const codes = (list: readonly string[]) =>
  list.length === 1 ? list[0]! : `${list.slice(0, -1).join(", ")} e ${list[list.length - 1]}`;

/** What the verdict sentence is built from: the codes as typed and the comparison's figures. */
export type CompareVerdictFacts = {
  kind:
    | "same_part"
    | "different_kind"
    | "no_vehicles"
    | "same_vehicles"
    | "partly"
    | "no_common_vehicles"
    | "not_found";
  a: string;
  b: string;
  /** Codes that lead to no part (not_found). */
  missing: readonly string[];
  /** Category names of A and B (different_kind). */
  categories: readonly [string | null, string | null];
  /** Codes whose part has no vehicle (no_vehicles). */
  withoutVehicles: readonly string[];
  common: number;
  onlyA: number;
  onlyB: number;
};

export const compare = {
  title: "Comparar códigos",
  subtitle:
    "A e B são intercambiáveis? Digite os dois códigos para ver se levam à mesma peça e em quais veículos cada uma serve.",
  codeA: "Código A",
  codeB: "Código B",
  placeholderA: "Ex.: BR-123.456",
  placeholderB: "Ex.: GDB123",
  submit: "Comparar",
  submitting: "Comparando...",
  required: (which: "A" | "B") => `Digite o código ${which}`,
  tooLong: (max: number) => `O código deve ter no máximo ${max} caracteres`,
  noLettersOrDigits: "O código precisa ter ao menos uma letra ou um número",
  verdictTitle: "Resultado",
  verdict: (f: CompareVerdictFacts): string => {
    switch (f.kind) {
      case "same_part":
        return `Intercambiáveis: ${f.a} e ${f.b} são códigos da mesma peça.`;
      case "different_kind":
        return `Não são intercambiáveis: são peças de tipos diferentes (${f.categories[0]} × ${f.categories[1]}).`;
      case "no_vehicles":
        return f.withoutVehicles.length > 1
          ? "Sem dados para comparar: nenhuma das duas peças tem veículos cadastrados."
          : `Sem dados para comparar: a peça de ${codes(f.withoutVehicles)} não tem veículos cadastrados.`;
      case "same_vehicles":
        return `Intercambiáveis: ${f.a} e ${f.b} servem ${f.common === 1 ? "no mesmo veículo" : `nos mesmos ${vehicles(f.common)}`}. Confira posição, lado e observações antes de trocar.`;
      case "partly":
        return `Intercambiáveis em parte: servem em ${vehicles(f.common)} em comum; ${[
          f.onlyA > 0 ? `${vehicles(f.onlyA)} só com ${f.a}` : null,
          f.onlyB > 0 ? `${vehicles(f.onlyB)} só com ${f.b}` : null,
        ]
          .filter(Boolean)
          .join(" e ")}.`;
      case "no_common_vehicles":
        return `Não são intercambiáveis: ${f.a} e ${f.b} não servem em nenhum veículo em comum.`;
      case "not_found":
        return f.missing.length > 1
          ? `Códigos não encontrados: ${codes(f.missing)}.`
          : `Código não encontrado: ${codes(f.missing)}.`;
    }
  },
  partOf: (which: "A" | "B", code: string) => `Código ${which}: ${code}`,
  notFound: (code: string) => `Nenhuma peça tem o código ${code}.`,
  notFoundHint:
    "A comparação usa só o código exato (próprio ou alternativo): confira se não há letras trocadas.",
  via: (code: string) => `via código alternativo ${code}`,
  otherMatches: (n: number) =>
    n === 1
      ? "Este código também leva a outra peça; a comparação usa a primeira."
      : `Este código também leva a outras ${formatInteger(n)} peças; a comparação usa a primeira.`,
  manufacturer: "Fabricante",
  category: "Categoria",
  noCategory: "Sem categoria",
  cautionsTitle: "Antes de trocar, confira",
  namesDiffer: (a: string, b: string) =>
    `As peças têm nomes diferentes (${a} × ${b}): confira se são do mesmo tipo.`,
  categoryMissing: (list: readonly string[]) =>
    `A peça de ${codes(list)} não tem categoria: não foi possível conferir se são do mesmo tipo.`,
  fitmentDiffers: (n: number) =>
    n === 1
      ? "Em 1 veículo em comum a aplicação é diferente (posição, lado, anos ou observações)."
      : `Em ${formatInteger(n)} veículos em comum a aplicação é diferente (posição, lado, anos ou observações).`,
  commonTitle: "Veículos em comum",
  onlyTitle: (code: string) => `Só ${code} serve`,
  noCommon: "Nenhum veículo em comum.",
  noOnly: (code: string) => `Nenhum veículo só com ${code}.`,
  more: (n: number) => `e mais ${vehicles(n)}`,
  fitmentOf: (code: string) => `${code}:`,
  noDetails: "sem detalhes",
  swap: "Trocar A e B",
  tipsTitle: "Como a comparação decide",
  tips: [
    "Cada código é procurado exatamente, como código da peça ou código alternativo: traços, pontos e espaços são ignorados, mas não há busca aproximada.",
    "Dois códigos da mesma peça são intercambiáveis.",
    "Peças de categorias diferentes nunca são intercambiáveis, mesmo servindo no mesmo carro.",
    "Na mesma categoria, a comparação mostra os veículos em comum e os que só uma das peças atende.",
    "Uma comparação gasta uma busca só quando os dois códigos existem; repetir a mesma comparação no mesmo dia não gasta.",
  ],
} as const;
