/** The dashboard's "Pagamentos" tab: each payment provider's situation and "Testar conexão". */

export const dashboardGateways = {
  environment: "Ambiente",
  environments: {
    simulator: "Simulador local (sem cobranças reais)",
    sandbox: "Teste (sandbox do Mercado Pago)",
    production: "Produção (cobranças reais)",
  },
  credentials: {
    publicKey: "Chave pública",
    accessToken: "Token de acesso",
    apiKey: "Chave de API",
    token: "Token",
  },
  credentialUnset: "Não definida",
  updatedAt: (when: string) => `Credenciais salvas em ${when}`,
  test: "Testar conexão",
  testing: "Testando...",
  testNeedsConfig: "Salve as credenciais em Formas de pagamento antes de testar a conexão.",
  unknownGateway: "Provedor de pagamento desconhecido.",
} as const;
