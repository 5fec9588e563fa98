/** The user's home page. */

import { countOf } from "../locale/plural";

export const home = {
  greeting: (name: string) => `Olá, ${name}!`,
  subtitle: "Digite um código ou uma descrição para ver os veículos compatíveis.",
  featuredCategories: "Categorias em destaque",
  searchCardTitle: "Buscar peças",
  adminStats: {
    parts: "Peças",
    vehicles: "Veículos",
    searchesToday: "Buscas hoje",
    uniqueUsersToday: "Usuários únicos hoje",
  },
  popularSearches: "Buscas Populares",
  recentActivity: "Atividade Recente",
  noPopular: "Nenhuma busca nos últimos 7 dias",
  noActivity: "Nenhuma atividade recente",
  refresh: "Atualizar",
  searchesCount: (n: number) => countOf(n, { one: "busca", other: "buscas" }),
  imageButton: "Buscar por imagem",
  vehicleSearchCta: "Prefere escolher o veículo? Buscar por marca, modelo e ano",
  partsCount: (n: number) => countOf(n, { one: "peça", other: "peças" }),
} as const;
