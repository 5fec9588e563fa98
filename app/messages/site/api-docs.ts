/** The API reference page (/api/docs). */

export const apiDocs = {
  title: "Referência da API — Encaixa",
  loading: "Carregando a referência da API…",
  noScript:
    "A referência interativa precisa de JavaScript. O contrato completo está no documento OpenAPI:",
  documentLink: "/api/openapi.json (OpenAPI 3.1)",
} as const;
