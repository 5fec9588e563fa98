/** A customer an admin creates without a password: the link that sets it, and what the admin is told. */

export const customerInvite = {
  created: (email: string) => `Cliente criado. Enviamos um e-mail para ${email} definir a senha.`,
  createdInactive:
    "Cliente criado sem senha. Ao ativá-lo, use “Alterar senha” ou peça que ele use “Esqueci minha senha”.",
  mailSubject: (appName: string) => `${appName}: defina sua senha`,
  mailHeading: "Sua conta foi criada",
  mailGreeting: (name: string) => `Olá, ${name}!`,
  mailIntro: (appName: string) =>
    `Criamos uma conta para você no ${appName}. Para entrar, defina a sua senha pelo botão abaixo.`,
  mailAction: "Definir minha senha",
  mailValidity:
    "O link é válido por 7 dias e pode ser usado uma única vez. Depois disso, use “Esqueci minha senha” na página de login.",
} as const;
