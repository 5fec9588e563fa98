/** Invoices and the payment gateways: texts the rules, the API and every payment screen share. */

const STATUS_LABELS = {
  pending: "Pendente",
  approved: "Aprovado",
  rejected: "Rejeitado",
  cancelled: "Cancelado",
  refunded: "Estornado",
  expired: "Expirado",
} as const;

const GATEWAY_LABELS = {
  mercadopago: "Mercado Pago",
  paghiper_pix: "PIX (PagHiper)",
  manual: "Manual",
} as const;

/** A manual invoice named by its subscription's method; any other method stays "Manual". */
const MANUAL_METHOD_LABELS = {
  bank_transfer: "Transferência bancária",
  cash: "Dinheiro",
} as const;

export const payments = {
  statuses: STATUS_LABELS as Record<string, string>,
  gateways: GATEWAY_LABELS as Record<string, string>,
  /**
   * How an invoice is paid, the one label every list, the receipt and the API use: its gateway, and
   * for a manual one the method of its subscription ("por transferência", "em dinheiro").
   */
  paidWith: (gateway: string, paymentMethod?: string | null) =>
    gateway === "manual" && paymentMethod && paymentMethod in MANUAL_METHOD_LABELS
      ? MANUAL_METHOD_LABELS[paymentMethod as keyof typeof MANUAL_METHOD_LABELS]
      : (GATEWAY_LABELS[gateway as keyof typeof GATEWAY_LABELS] ?? gateway),
  invoiceNotFound: "Fatura não encontrada",
  refundedIsFinal: "Esta fatura foi estornada e não pode ser aprovada novamente",
  notPayable: "Só faturas pendentes podem ser pagas",
  cannotChange: (from: string, to: string) =>
    `Esta fatura não pode passar de ${STATUS_LABELS[from as keyof typeof STATUS_LABELS] ?? from} para ${STATUS_LABELS[to as keyof typeof STATUS_LABELS] ?? to}`,
  activityApproved: (reference: string, plan: string) =>
    `Pagamento da fatura ${reference} aprovado${plan ? ` — plano ${plan} ativo` : ""}`,
  activityMercadoPagoSaved: "Atualizou a configuração do Mercado Pago",
  activityPagHiperSaved: "Atualizou a configuração do PagHiper",
  activityStatus: (reference: string, status: string) =>
    `Fatura ${reference}: ${(STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status).toLowerCase()}`,
  accessTokenRequired: "Access Token é obrigatório",
  webhookSecretRequired: "Assinatura secreta do webhook é obrigatória",
  pagHiperKeysRequired: "Informe a chave de API (API Key) e o token do PagHiper",
  pagHiperNotConfigured: "PagHiper não configurado. Configure em Admin > Pagamentos.",
  mercadoPagoNotConfigured: "Mercado Pago não configurado. Configure em Admin > Pagamentos.",
  mercadoPagoUnavailable: "Pagamento via Mercado Pago indisponível para esta fatura",
  pixFailed: "Falha ao criar PIX",
  checkoutFailed: "Falha ao criar o link de pagamento do Mercado Pago",
  syncFailed: "Falha ao sincronizar",
  /** What a notification is answered or recorded as when it changes nothing. */
  webhookOutcomeIgnored: "ignorada",
  webhookOutcomeDuplicate: "duplicada",
  webhookUnknownInvoice: "fatura desconhecida",
  webhookLookupFailed: (paymentId: string) => `falha ao consultar o pagamento ${paymentId}`,

  // The server log: operators look invoices up by their id, so these keep it
  logCheckoutFailed: (invoiceId: number) => `Mercado Pago: preferência da fatura #${invoiceId}:`,
  logPixFailed: (invoiceId: number) => `PagHiper: PIX da fatura #${invoiceId}:`,
  logSyncFailed: (invoiceId: number) => `Sincronização da fatura #${invoiceId}:`,
  logCheckFailed: (invoiceId: number) => `Verificação da fatura #${invoiceId}:`,
  logPixCancelFailed: (invoiceId: number) => `PagHiper: cancelar o PIX da fatura #${invoiceId}:`,
  testFailed: "Falha no teste de conexão",
  invalidCpf: "Informe um CPF válido",
  invalidUrl: "Informe uma URL válida (http:// ou https://)",
  invalidStatus:
    "Situação inválida: use pending, approved, rejected, cancelled, refunded ou expired",
  webhookUnverified: "Notificação não verificada",
  webhookInvalid: "Notificação inválida",
  webhookAccepted: "Notificação recebida",
  webhookDuplicate: "Notificação já processada",
  pixDescription: (planName: string) => `Assinatura Encaixa — plano ${planName}`,
  checkoutTitle: (planName: string) => `Encaixa — plano ${planName} (30 dias)`,
  tokenInvalid: "Access Token inválido ou expirado",
  tokenForbidden: "O Access Token não tem as permissões necessárias",
  endpointNotFound: "Endereço da API não encontrado",
  testOk: (who: string) => `Conexão OK: ${who}`,
  pagHiperTestOk: "Conexão com o PagHiper OK: credenciais aceitas",
  // The /api/payments and /api/payment-gateways routes
  statusSaved: (reference: string, status: string) =>
    `Fatura ${reference}: ${(STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status).toLowerCase()}`,
  synced: (status: string) =>
    `Situação sincronizada: ${STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status}`,
  pixCreated: "PIX gerado: pague com o QR Code ou o código copia e cola",
  noPix: "Esta fatura não tem PIX gerado",
  freePlanNoPix: "Este plano é gratuito: não há pagamento a fazer",
  /** A developer's error: subscribing to a paid plan activated it without an invoice. */
  activatedWithoutPayment: (planId: number) =>
    `O plano #${planId} foi ativado sem pagamento no pedido de PIX`,
  invoiceWithoutLink: (reference: string, reason: string) =>
    `Fatura ${reference} criada, mas sem link de pagamento: ${reason}`,
  gatewaySaved: "Configuração salva com sucesso",
  nothingToSave: "Informe ao menos um campo da configuração",
  invalidSandboxMode: "sandbox_mode deve ser true ou false",
  webhookFormRequired:
    "A notificação do PagHiper deve ser enviada como formulário (application/x-www-form-urlencoded)",
  webhookRetryLater: "Não foi possível processar a notificação agora; tente novamente",
  // A provider's payment that does not match its invoice (ADR 0028)
  discrepancyAmount: (received: string, expected: string) =>
    `Pagamento divergente: recebido ${received}, esperado ${expected}`,
  discrepancyCurrency: (currency: string | null) =>
    `Pagamento divergente: recebido em ${currency ?? "moeda não informada"}, esperado em BRL`,
  discrepancyReceiver: (account: string | null) =>
    `Pagamento divergente: recebido pela conta ${account ?? "não informada"}, que não é a conta configurada do Mercado Pago`,
  discrepancyUnknownAmount: "Pagamento divergente: o provedor não informou o valor pago",
  unreadableAmount: "um valor ilegível",
  discrepancyRecord: (discrepancy: string, who: string) => `${discrepancy} (${who})`,
  mercadoPagoPaymentLabel: (id: string) => `Mercado Pago, pagamento ${id}`,
  pagHiperPaymentLabel: (id: string) => `PagHiper, transação ${id}`,
  paidCancelledInvoice: (received: string) =>
    `Pagamento recebido para uma fatura cancelada: recebido ${received}`,
  paidRepricedInvoice: (received: string, current: string) =>
    `Pagamento recebido para uma fatura expirada cujo plano mudou de preço: recebido ${received}, preço atual ${current}`,
  cancelledNotPayable:
    "Esta fatura foi cancelada e não pode ser marcada como paga: se o cliente pagou por ela, estorne o pagamento no provedor ou atribua o plano pelo cadastro do cliente",
  // An invoice priced before its plan's price changed (ADR 0028)
  repriced: (oldReference: string, oldAmount: string, newReference: string, newAmount: string) =>
    `O preço do plano mudou: a fatura ${oldReference} (${oldAmount}) foi cancelada e a fatura ${newReference} criada com o valor atual (${newAmount})`,
  publicUrlRequired:
    "APP_URL (ou a URL canônica nas configurações de SEO) é obrigatório em produção: é o endereço público para onde os provedores de pagamento mandam notificações e compradores",
  publicUrlMissing:
    "O endereço público do site não está configurado (APP_URL ou a URL canônica em SEO): não é possível gerar o pagamento",
} as const;
