/** The back-office screen of the search synonyms (issue #25). */

import { countOf } from "../locale/plural";

export const synonyms = {
  title: "Sinônimos da busca",
  subtitle:
    "Abreviações e sinônimos que a busca por descrição entende, como os mecânicos escrevem no balcão.",
  explanation: "Quando alguém busca por diant, a busca também procura dianteiro.",
  total: (n: number) => countOf(n, { one: "sinônimo cadastrado", other: "sinônimos cadastrados" }),
  term: "Palavra digitada",
  termHint: "Uma palavra, como o mecânico escreve (ex.: diant).",
  meaning: "Também procurar por",
  termColumn: "Palavra",
  meaningColumn: "Também procura",
  meaningHint: "A palavra do catálogo que ela quer dizer (ex.: dianteiro).",
  add: "Adicionar sinônimo",
  adding: "Adicionando...",
  addSection: "Novo sinônimo",
  listLabel: "Sinônimos cadastrados",
  filterLabel: "Filtrar sinônimos",
  filterPlaceholder: "Palavra ou significado",
  pagination: "Páginas de sinônimos",
  createdAt: "Criado em",
  empty: "Nenhum sinônimo cadastrado ainda. Adicione o primeiro acima.",
  noMatch: "Nenhum sinônimo encontrado para este filtro.",
  pair: (term: string, meaning: string) => `${term} → ${meaning}`,
  deleteTitle: "Excluir sinônimo",
  confirmDelete: (term: string, meaning: string) =>
    `Excluir o sinônimo "${term} → ${meaning}"? A busca por ${term} deixará de procurar ${meaning}. Esta ação não pode ser desfeita.`,
  loadFailed: "Não foi possível carregar os sinônimos. Tente novamente.",
  created: "Sinônimo adicionado com sucesso",
  deleted: "Sinônimo excluído com sucesso",
  notFound: "Sinônimo não encontrado",
  termRequired: "Informe a palavra digitada",
  termTooLong: (max: number) => `A palavra digitada pode ter até ${max} caracteres`,
  termInvalid: "A palavra digitada deve ser uma só palavra, de letras, números ou hífen",
  meaningRequired: "Informe o que a busca também deve procurar",
  meaningTooLong: (max: number) => `O significado pode ter até ${max} caracteres`,
  meaningInvalid: "O significado deve ter só palavras de letras, números ou hífen",
  sameAsTerm: "O significado deve ser diferente da palavra digitada",
  duplicate: "Este sinônimo já está cadastrado",
  full: (max: string) =>
    `O limite de ${max} sinônimos foi atingido. Exclua algum antes de adicionar outro.`,

  // The activity log
  activityAdded: (term: string, meaning: string) =>
    `Adicionou o sinônimo da busca ${term} → ${meaning}`,
  activityDeleted: (term: string, meaning: string) =>
    `Excluiu o sinônimo da busca ${term} → ${meaning}`,
} as const;
