/** E-mail: the layout every message shares, the outbox's health, the local catcher (/mail-sim) and the welcome message. */

export const mail = {
  footerSentBy: (appName: string) => `Mensagem enviada por ${appName}.`,
  footerAutomatic: "Esta é uma mensagem automática; não é preciso respondê-la.",
  actionFallback: "Se o botão não funcionar, copie e cole este endereço no navegador:",
  attachmentTooLarge: (filename: string, maxKb: number) =>
    `O anexo ${filename} passa de ${maxKb} KB, o limite de uma mensagem.`,
  enqueueFailed: (id: number) =>
    `O e-mail ${id} ficou na fila sem job de envio; ele será tentado de novo.`,
} as const;
