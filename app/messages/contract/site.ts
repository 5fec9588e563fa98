/** The /api contract's texts for the site's own endpoints (ping, public data, the reference): /api/docs reads them. */

export const contractSite = {
  tag: "Site",
  ping: "Verifica se a API está no ar",
  pingDescription: "Responde na hora, sem ler o banco: serve para monitoramento.",
  pingAnswer: "A API está no ar; `time` é a hora do servidor.",
  overview: "Números do catálogo para a página inicial",
  overviewDescription:
    "Peças, veículos e códigos alternativos cadastrados, buscas de hoje e usuários ativos, lidos agora.",
  overviewAnswer: "Os contadores.",
  seo: "Configurações de SEO para o cabeçalho das páginas",
  seoDescription:
    "Nome, título e descrição do site, imagens e cartões para redes sociais; `null` quando não definidos.",
  seoAnswer: "As configurações públicas de SEO.",
  openapi: "Este documento OpenAPI 3.1",
  openapiDescription:
    "O contrato de toda a API, gerado dos mesmos schemas que as rotas usam. Não vem no envelope: é o próprio documento.",
  openapiAnswer: "O documento OpenAPI.",
  docs: "Referência da API para ler no navegador",
  docsDescription:
    "Esta documentação, servida pelo próprio Encaixa (Swagger UI), sem nenhum recurso de fora.",
  docsAnswer: "A página da referência.",
} as const;
