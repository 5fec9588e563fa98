/**
 * The spec's texts for a write or a reading that failed unexpectedly (the database refused it),
 * shown where it happened instead of an error page (ADR 0062). Server-side: the page receives the
 * text in its data, so no client bundle carries this area.
 */

export const failures = {
  brandSave: "Erro ao salvar marca",
  brandDelete: "Erro ao excluir marca",
  systemMetrics: "Erro ao carregar métricas do sistema",
  /** The server log's line before the error itself. */
  log: (what: string) => `Falha inesperada (${what}):`,
} as const;
