/** The API reference page (/api/docs). */

export const apiDocs = {
  title: "Referência da API — Encaixa",
  noScript:
    "A referência interativa abre com JavaScript. O contrato completo está no documento OpenAPI:",
  documentLink: "/api/openapi.json (OpenAPI 3.1)",
} as const;
