/** invoices: the customer's "Minhas Faturas", its payment-method dialog and its PIX dialog. */

export const invoices = {
  title: "Minhas Faturas",
  subtitle: "Suas faturas de assinatura e os pagamentos delas.",
  columns: {
    id: "ID",
    status: "Status",
    gateway: "Gateway",
    amount: "Valor",
    reference: "Referência",
    createdAt: "Criado em",
    actions: "Ações",
  },
  empty: "Nenhuma fatura encontrada",
  planOf: (planName: string) => `Plano ${planName}`,
  pay: "Pagar",
  newPix: "Gerar novo PIX",
  receipt: "Recibo",
  invoiceName: (reference: string) => `fatura ${reference}`,
  autoRefresh: "Faturas pendentes se atualizam sozinhas nesta página; ou toque em “Atualizar”.",
  checkNow: "Atualizar",

  /** After Mercado Pago's checkout sends the buyer back (?payment=…&invoice=…). */
  returnApproved: (reference: string) =>
    `Pagamento aprovado! A fatura ${reference} está paga e seu plano já está ativo.`,
  returnPending: (reference: string) =>
    `Pagamento da fatura ${reference} em processamento. Assim que o Mercado Pago confirmar, seu plano será ativado.`,
  returnFailure: (reference: string) =>
    `O pagamento da fatura ${reference} não foi concluído. Você pode tentar novamente em "Pagar".`,
  returnRejected: (reference: string) =>
    `O pagamento da fatura ${reference} foi recusado. Tente outra forma de pagamento.`,
  returnOther: (reference: string, status: string) => `Fatura ${reference}: ${status}.`,
  returnUnconfirmed: (reference: string, reason: string) =>
    `Não foi possível confirmar agora o pagamento da fatura ${reference} (${reason}). Ela será verificada novamente em instantes.`,

  /** The payment-method dialog. */
  payTitle: (reference: string) => `Pagar fatura ${reference}`,
  amountLabel: "Valor",
  planLabel: "Plano",
  chooseMethod: "Escolha como pagar:",
  mercadoPago: "Mercado Pago",
  mercadoPagoHint:
    "Cartão de crédito, boleto ou saldo no Mercado Pago. Você será levado ao checkout.",
  pix: "PIX",
  pixHint: "QR Code ou código copia e cola, aprovado na hora.",
  redirecting: "Abrindo o Mercado Pago...",
  notPayableStatus: (status: string) =>
    `Esta fatura está com status ${status}. Só faturas pendentes podem ser pagas.`,
  unknownIntent: "Ação desconhecida neste formulário",
  backToInvoices: "Voltar para Minhas Faturas",

  /** The PIX dialog. */
  pixTitle: (reference: string) => `Pagar fatura ${reference} com PIX`,
  cpfLabel: "CPF",
  cpfHint: "CPF de quem vai pagar, só números ou com pontos e traço.",
  cpfPlaceholder: "000.000.000-00",
  generate: "Gerar QR Code",
  generating: "Gerando...",
  qrAlt: (reference: string) => `QR Code PIX da fatura ${reference}`,
  expiresAt: "Válido até",
  timeLeft: "Tempo restante",
  codeLabel: "Código PIX (copia e cola)",
  codeHint: "Abra o app do seu banco, escolha PIX copia e cola e cole este código.",
  copy: "Copiar código PIX",
  copied: "Código copiado!",
  copyFailed: "Não foi possível copiar: selecione o código e copie.",
  waiting: "Aguardando o pagamento. Esta janela se atualiza sozinha.",
  waitingNoJs: "Depois de pagar, toque em “Verificar pagamento”.",
  verify: "Verificar pagamento",
  verifying: "Verificando...",
  stillPending: "Pagamento ainda não identificado. Se você já pagou, aguarde alguns instantes.",
  approved: "Pagamento aprovado!",
  approvedText: "Seu plano já está ativo. Obrigado!",
  approvedToast: (reference: string) => `Pagamento aprovado! A fatura ${reference} está paga.`,
  expired: "PIX expirado",
  expiredText: "O código anterior não vale mais. Informe o CPF para gerar um novo QR Code.",
  closed: (status: string) =>
    `Esta fatura está com status ${status}. O pagamento não pode mais ser feito por aqui.`,
} as const;
