/** The FIPE and catalogue source clients' errors, and what their local simulators answer. */

export const integrations = {
  fipe: {
    rateLimited: "limite de requisições da FIPE excedido (HTTP 429)",
    notFound: "registro não encontrado na FIPE (HTTP 404)",
    httpError: (status: number) => `a FIPE respondeu com erro (HTTP ${status})`,
    timeout: (seconds: number) => `a FIPE não respondeu em ${seconds} s`,
    network: "falha de rede ao acessar a FIPE",
    droppedMidAnswer: "a conexão com a FIPE caiu durante a resposta",
    notJson: "a FIPE respondeu algo que não é JSON",
  },

  catalogueSource: {
    rateLimited: "limite de requisições da fonte do catálogo excedido (HTTP 429)",
    notFound: "endereço não encontrado na fonte do catálogo (HTTP 404)",
    httpError: (status: number) => `a fonte do catálogo respondeu com erro (HTTP ${status})`,
    refused: (status: number) => `a fonte do catálogo recusou o pedido (HTTP ${status})`,
    timeout: (seconds: number) =>
      `a fonte do catálogo não respondeu em ${seconds.toLocaleString("pt-BR")} s`,
    network: "falha de rede ao acessar a fonte do catálogo",
    notJson: "a fonte do catálogo respondeu algo que não é JSON",
    unexpectedShape: (field: string) =>
      `a fonte do catálogo respondeu num formato inesperado (${field})`,
    /** The field named when the whole answer has the wrong shape. */
    wholeAnswer: "resposta",
    urlNotConfigured:
      "CATALOGUE_SOURCE_URL não está configurada: informe o endereço da fonte do catálogo",
  },

  /** The FIPE and catalogue source simulators' error bodies. */
  simulators: {
    notFound: "Não encontrado",
    invalidPage: "page deve ser um número inteiro a partir de 1",
    invalidPerPage: (max: number) => `per_page deve ser um número inteiro entre 1 e ${max}`,
    rateLimited: "Limite de requisições excedido; tente novamente em instantes",
    internalError: "Erro interno do servidor",
    unavailable: "Serviço temporariamente indisponível",
  },
} as const;
