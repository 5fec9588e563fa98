/** What a signed-in screen shows, inside the app's shell, when its page cannot be shown (ADR 0062). */

export const routeErrors = {
  /** A 404 whose refusal carries no text of its own. */
  notFoundHint: "O endereço pode estar errado, ou o registro foi excluído.",
  /** A 4xx other than 404 (a refused post, a forbidden record) without its own text. */
  refusedTitle: "Não foi possível abrir esta página",
  forbidden: "Você não tem permissão para ver esta página.",
  /** The way back: the list the address sits under, or the start page. */
  back: "Voltar",
  backHome: "Ir para o início",
  /** With JavaScript, the next page's data never arrived (offline, server down): the spec's text. */
  network:
    "Erro de rede: não foi possível conectar ao servidor. Verifique sua conexão de internet.",
} as const;
