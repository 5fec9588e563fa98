/** The public landing page and its pricing. */

import { countOf } from "../locale/plural";

export const landing = {
  sectionsLabel: "Seções",
  features: "Recursos",
  pricing: "Preços",
  contact: "Contato",
  heroTitle: "Descubra em segundos em quais veículos a peça encaixa",
  heroText:
    "Digite o código da peça ou uma descrição e veja todos os veículos compatíveis, com os códigos alternativos que levam até ela.",
  testPlaceholder: "Experimente: BR123456",
  testLabel: "Código da peça para testar",
  testButton: "Testar",
  testEmpty: "Digite um código de peça para testar",
  testNotice: (code: string) =>
    `A busca por "${code}" seria feita agora. Crie sua conta grátis para ver os veículos compatíveis.`,
  testCta: "Criar conta grátis",
  stats: {
    parts: "Peças Cadastradas",
    vehicles: "Veículos Compatíveis",
    dailySearches: "Buscas Hoje",
    activeUsers: "Usuários Ativos",
  },
  featureCards: [
    {
      title: "Busca por código",
      text: "Digite o código como estiver na caixa: com traço, ponto ou minúscula, a peça aparece.",
    },
    {
      title: "Códigos alternativos",
      text: "Códigos de outros fabricantes e originais levam à mesma peça, e mostramos por qual código ela foi encontrada.",
    },
    {
      title: "Veículos compatíveis",
      text: "Cada peça traz a lista de veículos em que encaixa, com ano, versão, motor e observações.",
    },
    {
      title: "Feito para o balcão",
      text: "Rápido no celular mais simples e na internet mais lenta, com ou sem JavaScript.",
    },
  ],
  pricingTitle: "Planos e preços",
  pricingText: "Comece grátis e mude de plano quando precisar de mais buscas.",
  noPlans: "Nenhum plano disponível",
  plansLoadFailed: "Não foi possível carregar os planos",
  perMonth: "/mês",
  free: "Gratuito",
  customers: (n: number) => countOf(n, { one: "cliente", other: "clientes" }),
  planActive: "Plano ativo",
  planInactive: "Plano inativo",
  subscribe: "Assinar",
  startFree: "Começar Grátis",
  moreDetails: "Mais detalhes",
  createOrSubscribe: "Criar Conta / Assinar",
  ctaTitle: "Pronto para parar de adivinhar?",
  ctaText: "Crie sua conta grátis e faça até 50 buscas por dia.",
  footer: (year: number, name: string) => `© ${year} ${name}. Todos os direitos reservados.`,
  goToApp: "Ir para o sistema",
} as const;
