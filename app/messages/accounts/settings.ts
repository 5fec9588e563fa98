/** The settings page and the plan change started from it. */

import { countOf } from "../locale/plural";

export const settings = {
  title: "Configurações",
  tabs: {
    planos: "Planos",
    conta: "Conta",
    seguranca: "Segurança",
    preferencias: "Preferências",
  },
  currentPlan: "Plano atual",
  validUntil: (date: string) => `Válido até ${date}`,
  noExpiry: "Sem data de expiração",
  searchesToday: "Buscas hoje",
  remaining: "Buscas restantes",
  total: "Total de buscas",
  perks: {
    profissional: ["Suporte prioritário", "Relatórios avançados"],
    enterprise: ["Buscas ilimitadas", "Suporte 24/7", "API dedicada"],
  } as Record<string, string[]>,
  current: "Plano atual",
  changePlan: "Alterar Plano",
  choosePlan: "Escolher este plano",
  pendingInvoice: (reference: string) => `Fatura ${reference} aguardando pagamento`,
  accountName: "Nome",
  accountEmail: "E-mail",
  accountRole: "Perfil de acesso",
  accountCreated: "Conta criada em",
  editProfile: "Editar perfil",
  passwordTitle: "Alterar senha",
  currentPassword: "Senha atual",
  newPassword: "Nova senha",
  confirmPassword: "Confirmar nova senha",
  changePassword: "Alterar senha",
  passwordChanged: "Senha alterada com sucesso",
  newPasswordRequired: "Informe a nova senha",
  sessionsTitle: "Sessões",
  sessionsText: (n: number) =>
    n === 1
      ? "Sua conta está conectada só nesta sessão."
      : `Sua conta está conectada em ${countOf(n, { one: "sessão", other: "sessões" })}, contando esta.`,
  revokeOthers: "Encerrar outras sessões",
  revoked: (n: number) =>
    `${countOf(n, { one: "outra sessão encerrada", other: "outras sessões encerradas" })}.`,
  preferencesTitle: "Notificações",
  emailNotifications: "Receber notificações por e-mail",
  searchReminders: "Lembretes de buscas",
  subscriptionAlerts: "Alertas de assinatura (vencimento e pagamentos)",
  savePreferences: "Salvar preferências",
  preferencesSaved: "Preferências salvas",
} as const;

export const planChange = {
  title: (name: string) => `Assinar o plano ${name}`,
  methodLabel: "Forma de pagamento",
  methods: {
    credit_card: "Cartão de crédito (Mercado Pago)",
    pix: "PIX",
    bank_transfer: "Transferência bancária",
    cash: "Dinheiro",
  } as Record<string, string>,
  confirm: "Confirmar",
  processing: "Processando...",
  freeConfirm: (name: string) =>
    `Mudar agora para o plano ${name}? O novo limite de buscas vale a partir de agora.`,
  paidText: (price: string) =>
    `Será criada uma fatura de ${price}. O plano começa quando o pagamento for aprovado; até lá, seu plano atual continua valendo.`,
  created: "Assinatura criada com sucesso",
  paymentRequired: (reference: string) =>
    `Pagamento necessário: a fatura ${reference} foi criada. O plano começa quando ela for paga.`,
  invalidPlanId: "ID do plano inválido",
  planNotFound: "Plano não encontrado",
  alreadyOnPlan: "Você já está neste plano",
  failed: "Erro ao processar assinatura",
  done: "Operação concluída",
  methodInvalid: "Selecione uma forma de pagamento",

  // Upgrades and downgrades while a paid period runs (ADR 0046)
  creditLine: (credit: string, due: string) =>
    `Crédito do plano atual: ${credit} · A pagar: ${due}`,
  upgradeText:
    "O crédito desconta os dias não usados do plano atual. O novo plano começa um novo período quando o pagamento for aprovado; até lá, seu plano atual continua valendo.",
  scheduleText: (plan: string, date: string) =>
    `Nada é cobrado agora: seu plano atual continua até ${date}, e então passa a ser o ${plan}.`,
  scheduleConfirm: "Agendar mudança",
  scheduledLine: (plan: string, date: string) => `Mudança para ${plan} agendada para ${date}`,
  scheduledPaidNote: "No dia, a fatura do novo plano é criada para você pagar.",
  cancelScheduled: "Cancelar mudança",
  cancelScheduledTitle: "Cancelar mudança agendada",
  cancelScheduledText: (plan: string, date: string) =>
    `Cancelar a mudança para ${plan} agendada para ${date}? Seu plano atual continua como está.`,
  cancelScheduledSubmit: "Sim, cancelar mudança",
  keepScheduled: "Voltar",
  scheduleCancelled: "Mudança de plano cancelada",
  noScheduledChange: "Nenhuma mudança de plano agendada",
  scheduledNoPix:
    "Um plano mais barato que o atual não é pago agora: a mudança é agendada para o fim do período pago (POST /api/auth/subscribe).",

  // The activity log
  activityScheduled: (plan: string, date: string) => `Agendou mudança para ${plan} em ${date}`,
  activityScheduleCancelled: (plan: string) => `Cancelou a mudança agendada para ${plan}`,
  activityScheduleApplied: (plan: string) => `Mudança agendada aplicada: ${plan}`,
  activityChanged: (plan: string) => `Mudou para o plano ${plan}`,
  activityRequested: (plan: string, invoiceReference: string) =>
    `Pediu o plano ${plan} (fatura ${invoiceReference})`,
} as const;
