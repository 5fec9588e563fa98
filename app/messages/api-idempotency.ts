/** Texts of the API's `Idempotency-Key` (ADR 0051): its refusals, and what the OpenAPI document says of it. */

export const apiIdempotency = {
  invalidKey:
    "Idempotency-Key inválida: use de 1 a 255 caracteres ASCII visíveis (letras, números e símbolos, sem espaços nem acentos), por exemplo um UUID",
  keyReused:
    "Esta Idempotency-Key já foi usada com outra requisição (outro método, caminho ou corpo). Use uma chave nova para uma nova operação",
  inProgress:
    "Uma requisição com esta Idempotency-Key ainda está em andamento. Aguarde um segundo e repita para receber a mesma resposta",
  answerNotKept:
    "Operação já realizada com esta Idempotency-Key; a resposta original não foi guardada (maior que 1 MB ou não JSON)",
  /** The header parameter's description in the OpenAPI document. */
  headerDescription:
    "Chave única (1 a 255 caracteres ASCII visíveis, por exemplo um UUID) que torna a requisição segura para repetir: a mesma chave com a mesma requisição devolve a primeira resposta (com Idempotent-Replayed: true) sem executar de novo; com outra requisição, 422; enquanto a primeira roda, 409. Guardada por 24 h, por usuário; ignorada sem autenticação.",
  /** The 409 answer's description in the OpenAPI document. */
  conflictDescription:
    "Uma requisição com a mesma Idempotency-Key ainda está em andamento (Retry-After: 1)",
  /** The 422 answer's description in the OpenAPI document. */
  mismatchDescription: "A Idempotency-Key já foi usada com outra requisição",
  /** The replayed answer's header description in the OpenAPI document. */
  replayedDescription:
    "true quando a resposta é a guardada de uma requisição anterior com a mesma Idempotency-Key",
  pruned: (n: number) =>
    n === 1
      ? "1 Idempotency-Key com mais de 24 h removida"
      : `${n} Idempotency-Keys com mais de 24 h removidas`,
} as const;
