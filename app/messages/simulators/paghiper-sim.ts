/** PagHiper (PIX): the client's errors, and the simulator's answers and tester pages. */

import { countOf } from "../locale/plural";

export const pagHiperSim = {
  client: {
    rejected: (reason: string) => `o PagHiper recusou a operação: ${reason}`,
    rejectedWithoutReason: "o PagHiper recusou a operação sem dizer o motivo",
    notJson: (status: number) => `o PagHiper respondeu algo que não é JSON (HTTP ${status})`,
    unexpected: (what: string) => `resposta inesperada do PagHiper: ${what}`,
    invalidField: (field: string) =>
      `resposta inesperada do PagHiper: ${field} ausente ou inválido`,
    missingWrapper: (wrapper: string) => `resposta inesperada do PagHiper: sem o campo ${wrapper}`,
    httpError: (status: number) => `o PagHiper respondeu com erro (HTTP ${status})`,
    rateLimited: "limite de requisições do PagHiper excedido (HTTP 429)",
    timeout: (seconds: number) => `o PagHiper não respondeu em ${seconds} s`,
    network: "falha de rede ao acessar o PagHiper",
    droppedMidAnswer: "a conexão com o PagHiper caiu durante a resposta",
  },

  api: {
    created: "transação criada",
    alreadyCreated: "transação já existente para este order_id",
    found: "transação encontrada",
    notificationConfirmed: "notificação confirmada",
    canceled: "transação cancelada",
    invalidCredentials: "token ou apiKey inválidos",
    invalidBody: "corpo da requisição inválido: envie um objeto JSON",
    invalidOrderId: "order_id é obrigatório e tem no máximo 64 caracteres",
    invalidPayerEmail: "payer_email inválido",
    missingPayerName: "payer_name é obrigatório",
    missingPayerCpfCnpj: "payer_cpf_cnpj é obrigatório",
    invalidCpf: "CPF inválido",
    invalidCnpj: "CNPJ inválido",
    invalidCpfCnpj: "payer_cpf_cnpj inválido: informe os 11 dígitos do CPF ou os 14 do CNPJ",
    invalidNotificationUrl: "notification_url inválida",
    invalidDaysDueDate: "days_due_date deve ser um número inteiro de dias, de 0 a 400",
    invalidCents: (field: string) => `${field} deve ser um valor inteiro em centavos`,
    missingItems: "informe ao menos um item",
    invalidItem: (position: number) =>
      `item ${position} inválido: informe item_id, description, quantity e price_cents`,
    minimumTotal: "o valor total mínimo é R$ 3,00",
    orderIdTaken: "order_id já usado em outra transação, com outro valor",
    missingTransactionId: "transaction_id é obrigatório",
    transactionNotFound: "transação não encontrada",
    notificationNotFound: "notificação não encontrada para esta transação",
    invalidCancelStatus: 'para cancelar, envie status "canceled"',
    cannotCancel: (status: string) => `a transação está ${status} e não pode ser cancelada`,
    simulatedFailure: "erro interno simulado",
    simulatedRateLimit: "limite de requisições excedido (simulado)",
    notFound: "Não encontrado",
    methodNotAllowed: "Método não permitido",
  },

  pages: {
    title: "Simulador PagHiper (PIX)",
    intro:
      "Cobranças PIX criadas neste servidor. Cada botão muda o status da cobrança e envia a notificação à notification_url, como o PagHiper faz.",
    empty: "Nenhuma cobrança criada ainda.",
    columns: {
      transaction: "Transação",
      order: "Pedido",
      value: "Valor",
      status: "Status",
      dueDate: "Vencimento",
      notifications: "Notificações",
      actions: "Ações",
    },
    actions: { pay: "Pagar", expire: "Expirar", cancel: "Cancelar", refund: "Estornar" },
    noNotifications: "nenhuma",
    notificationsSent: (count: number, lastAnswer: string) =>
      `${countOf(count, { one: "enviada", other: "enviadas" })}; última resposta: ${lastAnswer}`,
    noAnswer: "sem resposta",
    pixTitle: (transactionId: string) => `Cobrança PIX ${transactionId}`,
    qrAlt: "QR Code da cobrança PIX",
    copyPaste: "PIX copia e cola",
    payer: "Pagador",
    backToList: "Voltar à lista de cobranças",
    refusedTitle: "Ação não permitida",
    cannotPay: (status: string) =>
      `Só é possível pagar uma cobrança aguardando pagamento; esta está ${status}.`,
    cannotExpire: (status: string) =>
      `Só é possível expirar uma cobrança aguardando pagamento; esta está ${status}.`,
    cannotCancel: (status: string) =>
      `Só é possível cancelar uma cobrança aguardando pagamento; esta está ${status}.`,
    cannotRefund: (status: string) =>
      `Só é possível estornar uma cobrança paga; esta está ${status}.`,
    unknownTransaction: (transactionId: string) => `Cobrança ${transactionId} não encontrada.`,
  },

  statuses: {
    pending: "aguardando pagamento",
    reserved: "reservada",
    paid: "paga",
    completed: "concluída",
    processing: "em análise",
    canceled: "cancelada",
    refunded: "estornada",
  },
} as const;
