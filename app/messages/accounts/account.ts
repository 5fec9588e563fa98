/** The user's own profile page. */

import { countOf } from "../locale/plural";

export const profile = {
  nameRequired: "Nome é obrigatório",
  emailRequired: "Email é obrigatório",
  currentPasswordRequired: "Senha atual é obrigatória para alterar a senha",
  currentPasswordWrong: "Senha atual incorreta",
  currentPasswordForEmail: "Informe a senha atual para alterar o e-mail",
  currentPasswordThrottled: (minutes: number) =>
    `Muitas tentativas com a senha atual. Aguarde ${countOf(minutes, { one: "minuto", other: "minutos" })} e tente novamente.`,
  newPasswordMismatch: "Nova senha e confirmação não coincidem",
  newPasswordMin: "Nova senha deve ter pelo menos 6 caracteres",
  updated: "Perfil atualizado com sucesso!",
} as const;

export const profilePage = {
  memberSince: (date: string) => `Membro desde ${date}`,
  tabs: { perfil: "Perfil", assinatura: "Assinatura", preferencias: "Preferências" },
  name: "Nome",
  email: "E-mail",
  passwordHint:
    "Preencha só se quiser trocar a senha. Para trocar o e-mail, informe a senha atual.",
  currentPassword: "Senha atual",
  newPassword: "Nova senha",
  confirmPassword: "Confirmar nova senha",
  save: "Salvar alterações",
  plan: "Plano",
  renewal: "Renovação",
  paymentStatus: "Situação do pagamento",
  noInvoice: "Nenhuma fatura",
  manage: "Gerenciar Assinatura",
  upgrade: "Fazer Upgrade",
  quickLinks: "Atalhos",
  paymentStatuses: {
    pending: "Aguardando pagamento",
    approved: "Em dia",
    rejected: "Recusado",
    cancelled: "Cancelado",
    refunded: "Reembolsado",
    expired: "Expirado",
  } as Record<string, string>,
} as const;
