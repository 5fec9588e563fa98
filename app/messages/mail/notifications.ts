/**
 * Notifications by e-mail (issue #27, ADR 0047): invoice opened, PIX made, payment approved, PIX
 * expired, plan ending, daily searches at 90 %; the link in each that turns its kind off, and the
 * page that link opens.
 */

import { formatInteger } from "../locale/numbers";
import { countOf, plural } from "../locale/plural";

const DAYS = { one: "dia", other: "dias" };

/** Which e-mails a turn-off link stops, as its page names them. */
const topics = {
  all: "os e-mails de notificação",
  billing: "os avisos de faturas, pagamentos e fim do plano",
  search: "os avisos de buscas e créditos",
} as const;

export const notifications = {
  greeting: (name: string) => `Olá, ${name}!`,
  turnOff: (topic: keyof typeof topics, url: string) =>
    `Não quer mais receber ${topics[topic]}? Desative aqui: ${url}`,
  invoiceDetails: (reference: string, plan: string, amount: string) =>
    `Fatura ${reference} · Plano ${plan} · ${amount}`,

  invoiceCreatedSubject: (appName: string, reference: string) =>
    `${appName}: fatura ${reference} aguardando pagamento`,
  invoiceCreatedHeading: "Sua fatura está aberta",
  invoiceCreatedIntro: (plan: string, amount: string) =>
    `Recebemos seu pedido do plano ${plan}. A fatura de ${amount} aguarda o pagamento; o plano começa assim que ele for aprovado.`,
  invoiceCreatedAction: "Pagar fatura",

  pixCopyPaste: "PIX copia e cola: copie o código inteiro abaixo e cole no app do seu banco.",
  pixValidUntil: (when: string) =>
    `O código vale até ${when}. Depois disso, gere um novo PIX na fatura.`,
  pixCreatedSubject: (appName: string, reference: string) =>
    `${appName}: PIX da fatura ${reference}`,
  pixCreatedHeading: "Seu PIX está pronto",
  pixCreatedIntro: (plan: string, amount: string) =>
    `Este é o PIX de ${amount} do plano ${plan}. O plano começa assim que o pagamento for confirmado.`,
  pixCreatedAction: "Ver fatura e QR Code",

  paymentApprovedSubject: (appName: string, reference: string) =>
    `${appName}: pagamento aprovado (fatura ${reference})`,
  paymentApprovedHeading: "Pagamento aprovado",
  paymentApprovedIntro: (plan: string, amount: string) =>
    `Recebemos o pagamento de ${amount}. Seu plano ${plan} já está ativo.`,
  paymentApprovedReceipt: (fileName: string) =>
    `O recibo está anexado a esta mensagem (${fileName}).`,
  paymentApprovedAction: "Ver minhas faturas",

  pixExpiredSubject: (appName: string, reference: string) =>
    `${appName}: o PIX da fatura ${reference} expirou`,
  pixExpiredHeading: "O PIX expirou",
  pixExpiredIntro: (amount: string) =>
    `O código PIX de ${amount} passou do prazo sem pagamento e não vale mais. Nada foi cobrado.`,
  pixExpiredHint: "Se ainda quiser o plano, gere um novo PIX na fatura.",
  pixExpiredAction: "Gerar novo PIX",

  planEndingSubject: (appName: string, plan: string, days: number) =>
    `${appName}: seu plano ${plan} termina em ${countOf(days, DAYS)}`,
  planEndingHeading: (days: number) => `Seu plano termina em ${countOf(days, DAYS)}`,
  planEndingIntro: (plan: string, when: string) =>
    `Seu plano ${plan} vale até ${when}. Depois disso, sua conta volta às buscas diárias do plano gratuito.`,
  planEndingHint: "Para continuar com o plano, renove-o em Configurações antes dessa data.",
  planEndingScheduledIntro: (plan: string, when: string, next: string) =>
    `Seu plano ${plan} vale até ${when}. Depois disso começa o plano ${next}, como você agendou.`,
  planEndingScheduledHint:
    "Se preferir continuar no plano atual, cancele a mudança agendada em Configurações antes dessa data.",
  planEndingAction: "Renovar plano",

  creditsSubject: (appName: string) => `${appName}: você já usou 90% das buscas de hoje`,
  creditsHeading: "Suas buscas de hoje estão acabando",
  creditsIntro: (used: number, allowance: number) =>
    `Você já usou ${used} de ${countOf(allowance, { one: "busca", other: "buscas" })} do seu plano hoje; ${plural(allowance - used, { one: "resta", other: "restam" })} ${formatInteger(allowance - used)}.`,
  creditsHint:
    "As buscas renovam à meia-noite (horário de Brasília). Para buscar mais hoje, use créditos extras ou mude de plano.",
  creditsAction: "Ver planos",

  queueFailed: (eventKey: string) => `Não foi possível pôr na fila o e-mail ${eventKey}`,
  planEndingRun: (queued: number, failed: number) =>
    `Avisos de fim de plano: ${queued} na fila${failed > 0 ? `, ${failed} com erro` : ""}`,

  offTitle: "Desativar e-mails",
  offConfirm: (topic: keyof typeof topics, email: string) =>
    `Deseja parar de receber ${topics[topic]} em ${email}?`,
  offButton: "Desativar",
  offBusy: "Desativando...",
  offDoneTitle: "E-mails desativados",
  offDone: (topic: keyof typeof topics, email: string) =>
    `Pronto: ${email} não receberá mais ${topics[topic]}.`,
  offSettings: "Para voltar a recebê-los, ative-os de novo em Configurações.",
  offToSettings: "Ir para Configurações",
  offInvalidTitle: "Link inválido",
  offInvalid:
    "Este link para desativar e-mails é inválido ou expirou. Escolha quais e-mails recebe em Configurações, depois de entrar.",
} as const;
