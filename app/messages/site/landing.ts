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
  testTooLong: (max: number) => `O código pode ter até ${max} caracteres.`,
  testFree: "O teste é grátis: não precisa de conta nem gasta créditos.",
  testFound: (code: string) => `Encontramos "${code}" no catálogo:`,
  testViaAlternative: "encontrada pelo código alternativo",
  testCategory: (name: string | null) => (name ? `Categoria: ${name}` : "Sem categoria"),
  testVehicles: (n: number) =>
    n === 0
      ? "Ainda sem veículos compatíveis cadastrados"
      : `Encaixa em ${countOf(n, { one: "veículo", other: "veículos" })}`,
  testOtherParts: (n: number) =>
    `O mesmo código leva a mais ${countOf(n, { one: "peça", other: "peças" })}.`,
  testSignUpList: "Crie sua conta grátis para ver a lista de veículos e os códigos alternativos.",
  testNotFound: (code: string) =>
    `Não encontramos "${code}" no catálogo. Confira o código ou crie sua conta grátis e busque pela descrição da peça.`,
  testThrottled: (seconds: number) =>
    `Muitos testes seguidos deste endereço. Tente de novo em ${countOf(seconds, { one: "segundo", other: "segundos" })} ou crie sua conta grátis para buscar à vontade.`,
  testCta: "Criar conta grátis",
  statsLabel: "O catálogo hoje",
  stats: {
    parts: "Peças Cadastradas",
    vehicles: "Veículos Compatíveis",
    alternativeCodes: "Códigos Alternativos",
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
  /** After the free plan's "R$ 0": its name already says "Gratuito". */
  forever: " para sempre",
  subscribe: "Assinar",
  startFree: "Começar Grátis",
  moreDetails: "Mais detalhes",
  createOrSubscribe: "Criar Conta / Assinar",
  ctaTitle: "Pronto para parar de adivinhar?",
  ctaText: "Crie sua conta grátis e faça até 50 buscas por dia.",
  footer: (year: number, name: string) => `© ${year} ${name}. Todos os direitos reservados.`,
  goToApp: "Ir para o sistema",
} as const;
