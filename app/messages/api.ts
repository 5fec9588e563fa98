/** Texts of the JSON API (`/api/*`). */

export const api = {
  pong: "pong",
  emptySuccess: "Operação realizada com sucesso",
  invalidJson: "Erro ao fazer parse do JSON",
  notFound: "Recurso não encontrado",
  methodNotAllowed: "Método não permitido",
  invalidData: "Dados inválidos",
  internalError: "Erro interno do servidor",
  crossSiteRefused:
    "Requisição recusada: com o cookie de sessão, alterações só são aceitas a partir das páginas do próprio Encaixa. Integrações devem usar Authorization: Bearer <token>.",
  jsonRequired: "O corpo da requisição deve ser JSON, enviado com Content-Type: application/json",
} as const;

export const apiSearch = {
  invalidType: "Tipo de busca inválido: use code ou description",
  invalidLimit: (min: number, max: number) =>
    `O limite deve ser um número inteiro entre ${min} e ${max}`,
  invalidCategory: "Categoria inválida: informe o número da categoria",
  invalidPage: "A página deve ser um número inteiro a partir de 1",
  invalidPerPage: (max: number) => `Itens por página deve ser um número inteiro entre 1 e ${max}`,
  invalidDays: (max: number) => `O período deve ser um número inteiro de dias entre 1 e ${max}`,
  invalidMonths: (max: number) => `O número de meses deve ser um inteiro entre 1 e ${max}`,
  partNotFound: "Peça não encontrada",
  searchedFor: (query: string) => `Buscou ${query}`,
  systemUser: "Sistema",
  removedUser: "Usuário removido",
} as const;
