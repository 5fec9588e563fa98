/**
 * What search engines and link previews read of the public pages (ADR 0058): each page's meta
 * description (120–160 characters, the length a result shows whole), the default share image's
 * words and the structured data's texts. Server-side: the pages' loaders send these.
 */

export const seoPages = {
  /** The site's description when the admin has saved none, or one too short to describe it. */
  defaultDescription:
    "Digite o código de uma peça automotiva e veja em quais veículos ela encaixa, com os códigos equivalentes. Para oficinas mecânicas e lojas de autopeças.",
  login:
    "Entre no Encaixa para consultar a compatibilidade de peças automotivas por código, descrição ou veículo, com as buscas do dia do seu plano.",
  register:
    "Crie sua conta grátis no Encaixa e descubra em quais veículos cada peça encaixa: busca por código, códigos alternativos e planos para oficinas e lojas.",
  terms:
    "Termos de Uso do Encaixa: como funcionam as buscas diárias de cada plano, de onde vêm as informações de compatibilidade e as regras de uso da conta e da API.",
  privacy:
    "Política de Privacidade do Encaixa: que dados guardamos (nome, e-mail, empresa e buscas), como protegemos senhas e pagamentos e como pedir a exclusão da conta.",
  /** A plan's page: "Plano Profissional do Encaixa: R$ 49,90/mês, 200 buscas por dia. Para lojas…" */
  plan: (plan: {
    name: string;
    site: string;
    price: string;
    searches: string;
    about: string | null;
  }) =>
    `Plano ${plan.name} do ${plan.site}: ${plan.price}, ${plan.searches}.${plan.about ? ` ${plan.about}` : ""}`,
  /** The default share image (public/og-image.png, drawn by scripts/og-image.ts). */
  ogImage: {
    title: "Encaixa",
    tagline: "Compatibilidade de peças automotivas",
    line: "Digite o código da peça e veja em quais veículos ela encaixa",
    alt: "Encaixa — compatibilidade de peças automotivas: digite o código da peça e veja em quais veículos ela encaixa",
  },
} as const;
