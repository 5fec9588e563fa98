/** E-mail: the layout every message shares, the outbox's health, the local catcher (/mail-sim) and the welcome message. */

export const mail = {
  defaultFrom: "Encaixa <nao-responda@encaixa.local>",
  smtpUrl: "SMTP_URL deve começar com smtp:// ou smtps://, seguido do servidor",
  notAnAddress: (name: string) =>
    `${name} deve ser um endereço de e-mail, como "Nome <email@dominio>"`,
  footerSentBy: (appName: string) => `Mensagem enviada por ${appName}.`,
  footerAutomatic: "Esta é uma mensagem automática; não é preciso respondê-la.",
  actionFallback: "Se o botão não funcionar, copie e cole este endereço no navegador:",
  attachmentTooLarge: (filename: string, maxKb: number) =>
    `O anexo ${filename} passa de ${maxKb} KB, o limite de uma mensagem.`,
  enqueueFailed: (id: number) =>
    `O e-mail ${id} ficou na fila sem job de envio; ele será tentado de novo.`,
  noSmtpInProduction:
    "SMTP_URL não está definido: em produção não há caixa local, defina o servidor SMTP.",
  deliverSent: (id: number) => `E-mail ${id} enviado`,
  deliverSkipped: (id: number) => `E-mail ${id} já enviado ou sendo enviado por outro processo`,
  simTitle: "Caixa de e-mails (simulador)",
  simSubtitle:
    "Mensagens que o app enviaria, guardadas aqui porque SMTP_URL não está definido. Não existe em produção.",
  simEmpty: "Nenhuma mensagem ainda.",
  simTo: "Para",
  simSubject: "Assunto",
  simDate: "Data",
  simFrom: "De",
  simBack: "Voltar para a caixa",
  simHtmlPart: "Parte HTML",
  simTextPart: "Parte de texto",
  simAttachments: "Anexos",
  simNoAttachments: "Sem anexos.",
  simNotFound: "Mensagem não encontrada.",
  welcomeSubject: (appName: string) => `Bem-vindo ao ${appName}!`,
  welcomeHeading: "Sua conta está pronta",
  welcomeGreeting: (name: string) => `Olá, ${name}!`,
  welcomeIntro: (appName: string) =>
    `Obrigado por criar sua conta no ${appName}. Já dá para buscar peças por código, descrição, veículo ou foto e ver o que é compatível com cada carro.`,
  welcomeAction: "Fazer a primeira busca",
  welcomePreferences: (settingsUrl: string) =>
    `Você pode escolher quais e-mails recebe em Configurações: ${settingsUrl}`,
  healthQueued: (count: number) => `${count} na fila`,
  healthFailed: (count: number) => `${count} com falha`,
  healthAllSent: "Todos enviados",
  healthLastFailure: (when: string, error: string) => `Última falha (${when}): ${error}`,
  healthCatcher: "Sem SMTP_URL: as mensagens ficam na caixa local /mail-sim.",
  healthSmtp: "Enviando por SMTP.",
} as const;
