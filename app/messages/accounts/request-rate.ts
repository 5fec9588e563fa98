/** The API's limits: the per-key request rate (ADR 0050). */

import { countOf } from "../locale/plural";

export const requestRate = {
  tooMany: (perSecond: number, burst: number, retryAfterSeconds: number) =>
    `Muitas requisições com esta chave de API: o limite é de ${countOf(perSecond, { one: "requisição", other: "requisições" })} por segundo, até ${burst} de uma vez. Tente novamente em ${countOf(retryAfterSeconds, { one: "segundo", other: "segundos" })}.`,
} as const;
