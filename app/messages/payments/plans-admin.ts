/** Admin plans. */

import { countOf } from "../locale/plural";

export const plansAdmin = {
  title: "Gerenciar Planos",
  subtitle:
    "Planos de assinatura, preços e créditos por mês (cada 30 créditos dão 1 busca por dia)",
  newPlan: "Novo Plano",
  newTitle: "Novo plano",
  editTitle: (name: string) => `Editar plano — ${name}`,
  deleteTitle: "Excluir plano",
  stats: {
    total: "Total de Planos",
    active: "Planos Ativos",
    customers: "Total de Clientes",
    revenue: "Receita Mensal",
  },
  searchLabel: "Buscar planos",
  searchPlaceholder: "Buscar por nome ou descrição...",
  statusFilter: "Situação",
  allStatuses: "Todas as situações",
  status: { active: "Ativo", inactive: "Inativo" },
  columns: {
    plan: "Plano",
    credits: "Créditos/mês",
    price: "Preço",
    status: "Situação",
    customers: "Clientes",
    revenue: "Receita mensal",
    createdAt: "Criado em",
    actions: "Ações",
  },
  unlimited: "Ilimitado",
  /** Beside the stored monthly credits, the daily searches customers see (ADR 0048). */
  perDay: (n: number) => `= ${countOf(n, { one: "busca por dia", other: "buscas por dia" })}`,
  free: "Gratuito",
  empty: "Nenhum plano encontrado",
  fields: {
    name: "Nome",
    description: "Descrição",
    credits: "Créditos por mês",
    creditsHint:
      "Os clientes veem buscas por dia: cada 30 créditos dão 1 busca por dia (6.000 = 200 buscas por dia), no mínimo 1. Use -1 para buscas ilimitadas.",
    price: "Preço (R$)",
    priceHint: "0 para um plano gratuito.",
    status: "Situação",
    features: "Recursos (um por linha)",
    featuresHint: "Aparecem na janela do plano, na página inicial.",
    policies: "Políticas",
  },
  nameAndCreditsRequired: "Nome e quantidade de créditos são obrigatórios",
  creditsInvalid: "Créditos por mês: use um número inteiro maior que 0, ou -1 para ilimitado",
  priceInvalid: "Informe um preço válido: maior ou igual a 0, com até duas casas decimais",
  invalidStatus: "Situação inválida: use active ou inactive",
  nameTaken: "Já existe um plano com este nome",
  tooLong: (label: string, max: number) => `${label}: no máximo ${max} caracteres`,
  tooManyFeatures: (max: number) => `Liste no máximo ${max} recursos`,
  created: "Plano criado com sucesso",
  updated: "Plano atualizado com sucesso",
  deleted: "Plano excluído com sucesso",
  deactivatedInsteadOfDeleted:
    "O plano tem histórico de assinaturas ou faturas e foi desativado em vez de excluído.",
  hasSubscribers: (n: number) =>
    `Não é possível excluir: ${countOf(n, { one: "cliente assina", other: "clientes assinam" })} este plano.`,
  deleteConfirm: (name: string) =>
    `Tem certeza que deseja excluir o plano "${name}"? Esta ação não pode ser desfeita. Um plano com histórico de assinaturas ou faturas é desativado em vez de excluído.`,
  loadFailed: "Erro ao carregar planos",
  notFound: "Plano não encontrado",
  retry: "Tentar novamente",

  // The activity log
  activityCreated: (name: string) => `Criou o plano ${name}`,
  activityUpdated: (name: string) => `Atualizou o plano ${name}`,
  activityDeleted: (name: string) => `Excluiu o plano ${name}`,
  activityDeactivated: (name: string) => `Desativou (tem histórico) o plano ${name}`,
} as const;
