/** The payment receipt (PDF) of a paid invoice, and the profile's download control. */

export const receipt = {
  title: "Recibo de pagamento",
  author: "Encaixa",
  issuer: "Compatibilidade de peças automotivas",
  subject: (number: string) => `Recibo ${number} — pagamento de assinatura Encaixa`,
  number: "Número (referência da fatura)",
  issuedAt: "Fatura emitida em",
  paidAt: "Pago em",
  customer: "Cliente",
  email: "E-mail",
  payerTaxId: "CPF/CNPJ do pagador",
  plan: "Plano",
  planFallback: (id: number | null) => (id === null ? "Plano não informado" : `Plano #${id}`),
  amount: "Valor pago",
  credit: "Crédito do plano anterior",
  /** An en dash, not U+2212: the receipt's font (WinAnsi) has no minus sign. */
  creditValue: (amount: string) => `– ${amount}`,
  method: "Forma de pagamento",
  providerPaymentId: "ID do pagamento no provedor",
  none: "—",
  statement: (amount: string, plan: string) =>
    `Recebemos o valor de ${amount} referente à assinatura: ${plan}.`,
  footer:
    "Este recibo confirma o pagamento registrado pelo Encaixa. Opções de plano e faturas: Perfil > Assinatura.",
  fileName: (number: string) => `recibo-${number}.pdf`,
  download: "Baixar Fatura",
  downloadUnavailable: "Nenhuma fatura paga para baixar",
  notFound: "Recibo não encontrado",
  noPaidInvoice: "Você ainda não tem fatura paga para baixar o recibo.",
} as const;
