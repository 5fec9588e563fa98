/** "Esqueci minha senha": asking for a reset link, the message it sends, and choosing a new password. */

export const passwordReset = {
  forgotTitle: "Esqueci minha senha",
  forgotSubtitle: "Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha.",
  forgotButton: "Enviar link",
  forgotBusy: "Enviando...",
  emailRequired: "Informe o e-mail da sua conta",
  sentTitle: "Verifique seu e-mail",
  sent: "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Ele vale por 30 minutos.",
  sentHint:
    "Não chegou? Confira a caixa de spam. Você pode pedir outro link; só o mais recente funciona.",
  askAgain: "Pedir um novo link",
  backToLogin: "Voltar para o login",
  tooManyRequests: (minutes: number) =>
    `Muitos pedidos de redefinição. Se a conta existir, use o link da mensagem mais recente ou aguarde ${minutes === 1 ? "1 minuto" : `${minutes} minutos`} e tente novamente.`,
  resetTitle: "Criar nova senha",
  resetSubtitle: "Escolha uma nova senha para a sua conta.",
  newPassword: "Nova senha",
  confirmPassword: "Confirmar nova senha",
  resetButton: "Salvar nova senha",
  resetBusy: "Salvando...",
  invalidLinkTitle: "Link inválido",
  invalidLink:
    "Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo link.",
  resetSuccess:
    "Senha alterada! Você entrou com a nova senha e as outras sessões foram encerradas.",
  activityReset: (name: string) => `Senha redefinida por e-mail: ${name}`,
  mailSubject: (appName: string) => `${appName}: redefinição de senha`,
  mailHeading: "Redefinição de senha",
  mailGreeting: (name: string) => `Olá, ${name}!`,
  mailIntro: (appName: string) =>
    `Recebemos um pedido para criar uma nova senha para a sua conta no ${appName}.`,
  mailAction: "Criar nova senha",
  mailValidity: "O link é válido por 30 minutos e pode ser usado uma única vez.",
  mailIgnore:
    "Se você não pediu a redefinição, ignore esta mensagem: sua senha atual continua valendo.",
} as const;
