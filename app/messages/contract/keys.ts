/** The /api contract's texts for the API keys' endpoints (ADR 0049): /api/docs reads them. */

export const contractKeys = {
  tag: "Chaves de API",
  list: "Lista as suas chaves de API",
  listDescription:
    "As chaves do usuário, da mais nova para a mais antiga, com as revogadas: nome, início visível (`prefix`), criação, último uso (atualizado no máximo uma vez por minuto) e revogação. A chave inteira nunca volta. Exige uma sessão (login ou cookie): uma chave de API recebe 403.",
  listed: "As chaves",
  create: "Cria uma chave de API",
  createDescription:
    "Para administradores e clientes com plano pago ativo. A chave (`key`, `enc_live_…`) vem só nesta resposta: o Encaixa guarda apenas o hash. Use-a como `Authorization: Bearer enc_live_…` em qualquer rota /api (nunca nas telas); ela age como o usuário, com o papel e os créditos dele. Exige uma sessão: uma chave de API recebe 403.",
  created: "A chave criada, com a chave inteira (única vez)",
  invalid: "Nome ausente ou com mais de 60 caracteres (em `errors`)",
  refused: "Sem plano pago ativo, ou já com o máximo de chaves ativas",
  sessionRequired: "Pedido assinado por uma chave de API: chaves não gerenciam chaves",
  revoke: "Revoga uma chave de API",
  revokeDescription:
    "A chave deixa de funcionar na hora, em todos os processos (401). Só as suas chaves; a de outro usuário é 404. Exige uma sessão: uma chave de API recebe 403.",
  revokedAnswer: "A chave revogada",
  notFound: "Chave não encontrada (ou de outro usuário)",
  alreadyRevoked: "A chave já estava revogada",
} as const;
