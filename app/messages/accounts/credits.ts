/**
 * Credits in the one unit customers see, searches a day (ADR 0048): a plan's capacity and what is
 * left today. Its own area, not in `common`: the sign-in pages load `common` and need no plurals.
 */

import { countOf } from "../locale/plural";

export const credits = {
  /** The header's chip: what is left of today's searches (−1: unlimited). */
  leftToday: (n: number) =>
    n < 0
      ? "Buscas ilimitadas"
      : countOf(n, { one: "busca restante hoje", other: "buscas restantes hoje" }),
  /**
   * A plan's capacity: the daily allowance the models derive from its monthly credits (−1
   * unlimited).
   */
  perDay: (n: number) =>
    n < 0 ? "Buscas ilimitadas" : countOf(n, { one: "busca por dia", other: "buscas por dia" }),
} as const;
