/** The usage page. */

import { formatInteger } from "../locale/numbers";
import { countOf } from "../locale/plural";

export const usage = {
  title: "Estatísticas de uso",
  adminSubtitle: "Sua conta de administrador não tem limite de buscas.",
  unlimited: "Buscas ilimitadas",
  unlimitedText: "Administradores nunca são bloqueados por créditos.",
  totalAccess: "Acesso total",
  totalAccessText: "Catálogo, clientes, planos, faturas e importações.",
  adminRole: "Administrador",
  adminRoleText: "Permissões de gestão em todo o sistema.",
  privilegesTitle: "Privilégios",
  privileges: [
    "Buscas ilimitadas por código e descrição",
    "Gestão de peças, veículos, marcas e categorias",
    "Gestão de clientes, planos e faturas",
    "Importação de dados e configurações de SEO",
  ],
  remaining: "Buscas restantes hoje",
  today: "Buscas hoje",
  total: "Total de buscas",
  currentPlan: "Plano atual",
  dailyUsage: "Uso diário",
  dailyLimit: "Limite diário",
  percentUsed: (n: number) => `${n}% usado`,
  usedOf: (used: number, allowance: number) =>
    `${formatInteger(used)} de ${countOf(allowance, {
      one: "busca do plano usada hoje",
      other: "buscas do plano usadas hoje",
    })}`,
  extraCredits: (n: number) =>
    countOf(n, {
      one: "crédito extra disponível depois da cota diária",
      other: "créditos extras disponíveis depois da cota diária",
    }),
  warning: "Atenção: você já usou quase todas as buscas de hoje.",
  limitReached: "Você atingiu o limite de buscas de hoje.",
  renewal: "Os créditos renovam diariamente às 00:00 (horário de Brasília).",
  planInfo: "Informações do plano",
  validUntil: "Válido até",
  noExpiry: "Sem data de expiração",
  upgrade: "Fazer upgrade",
} as const;
