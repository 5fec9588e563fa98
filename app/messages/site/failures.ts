/**
 * The spec's texts for a write or a reading that failed unexpectedly (the database refused it),
 * shown where it happened instead of an error page (ADR 0062). Mostly server-side (the page gets
 * the text in its data); a list's error boundary reads its load failure here.
 */

export const failures = {
  brandSave: "Erro ao salvar marca",
  brandDelete: "Erro ao excluir marca",
  systemMetrics: "Erro ao carregar métricas do sistema",
  partCreate: "Erro ao criar peça",
  partUpdate: "Erro ao atualizar peça",
  partDelete: "Erro ao excluir peça",
  addCredits: "Erro ao adicionar créditos",
  /** A list's error boundary: the brands list, the parts list. */
  brandsLoad: "Falha ao carregar marcas",
  partsLoad: "Erro ao carregar dados do servidor. Verifique sua conexão.",
  /** The server log's line before the error itself. */
  log: (what: string) => `Falha inesperada (${what}):`,
} as const;
