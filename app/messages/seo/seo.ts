/** SEO settings (the dashboard's SEO tab, /api/settings/seo), robots.txt and sitemap.xml. */

const tooLong = (label: string, max: number) => `${label}: no máximo ${max} caracteres`;

export const seo = {
  title: "Configurações de SEO",
  intro:
    "O que buscadores e redes sociais mostram das páginas públicas: título, descrição, imagem de compartilhamento, robots.txt e sitemap.",
  shortDescriptionInUse: (min: number) =>
    `A descrição salva tem menos de ${min} caracteres: as páginas mostram a descrição padrão do Encaixa até que ela seja ampliada.`,
  sections: {
    identity: "Identidade do site",
    sharing: "Compartilhamento (Open Graph e Twitter)",
    indexing: "Indexação",
  },
  fields: {
    siteTitle: "Título do site",
    siteDescription: "Descrição do site",
    siteName: "Nome do site",
    logoInitials: "Iniciais do logotipo",
    faviconUrl: "URL do favicon",
    ogSiteName: "Nome do site no Open Graph",
    ogImageUrl: "URL da imagem de compartilhamento",
    twitterCard: "Tipo de cartão do Twitter",
    twitterSite: "Perfil do Twitter",
    robotsTxt: "Conteúdo do robots.txt",
    sitemapEnabled: "Publicar o sitemap.xml",
    canonicalUrl: "URL canônica do site",
  },
  hints: {
    siteTitle: "Aparece na aba do navegador e nos resultados de busca. Até 70 caracteres.",
    siteDescription:
      "O resumo mostrado pelos buscadores: de 50 a 160 caracteres. Uma mais curta dá lugar à descrição padrão; o que passar de 160 é cortado.",
    siteName: "Mostrado no topo das páginas públicas.",
    logoInitials:
      "No máximo 3 caracteres, desenhados no ícone da aba do navegador quando não há um endereço de ícone próprio.",
    faviconUrl:
      "Endereço completo (https://…) ou caminho do site (/favicon.svg). Vazio usa o ícone padrão.",
    ogSiteName: "Vazio usa o nome do site.",
    ogImageUrl:
      "Imagem mostrada ao compartilhar um link (recomendado 1200 × 630). Endereço https://…",
    twitterCard: "Como o Twitter/X mostra os links compartilhados.",
    twitterSite: "O @perfil da empresa, por exemplo @encaixa.",
    robotsTxt:
      "Vazio usa o padrão: libera as páginas públicas, bloqueia a área do cliente e a administração e aponta o sitemap.",
    sitemapEnabled:
      "Lista as páginas públicas (início, planos, entrar, criar conta, termos e privacidade).",
    canonicalUrl:
      "O endereço oficial do site, como https://www.exemplo.com.br, sem parâmetros nem âncora. Vazio usa o endereço em que a página foi aberta.",
  },
  twitterCards: {
    summary: "Resumo (imagem pequena)",
    summary_large_image: "Resumo com imagem grande",
  },
  errors: {
    tooLong,
    logoInitialsTooLong: "As iniciais do logotipo devem ter no máximo 3 caracteres",
    invalidText: (label: string) => `${label}: informe um texto`,
    invalidUrl: (label: string) =>
      `${label}: informe um endereço completo começando com http:// ou https://`,
    invalidFavicon:
      "URL do favicon: informe um endereço começando com http:// ou https://, ou um caminho começando com /",
    canonicalWithQuery: "URL canônica do site: sem parâmetros (?) nem âncora (#)",
    invalidTwitterCard: "Tipo de cartão do Twitter: escolha “Resumo” ou “Resumo com imagem grande”",
    invalidTwitterSite: "Perfil do Twitter: use @ seguido de até 15 letras, números ou _",
    nothingToSave: "Envie ao menos um campo das configurações de SEO",
    invalidSitemapEnabled: "Publicar o sitemap.xml: informe verdadeiro ou falso",
  },
  save: "Salvar configurações de SEO",
  saving: "Salvando…",
  saved: "Configurações de SEO salvas",
  sitemapDisabled: "O sitemap deste site está desativado.",
  activitySaved: "Atualizou as configurações de SEO",
  updatedAt: (when: string) => `Última alteração: ${when}`,
} as const;
