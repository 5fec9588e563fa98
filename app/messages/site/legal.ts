/** The terms and privacy pages. */

export const legal = {
  termsTitle: "Termos de Uso",
  terms: [
    "Cada crédito corresponde a uma busca. Os créditos diários do plano renovam às 00:00 (horário de Brasília) e não se acumulam.",
    "As informações de compatibilidade vêm de catálogos de fabricantes e da nossa equipe; confira a aplicação na peça antes da instalação.",
    "A conta é pessoal. O uso automatizado deve ser feito pela API, com o token da sua conta.",
  ],
  privacyTitle: "Política de Privacidade",
  privacy: [
    "Guardamos seu nome, e-mail, empresa e o histórico de buscas para prestar o serviço e medir o uso do plano.",
    "Senhas são guardadas apenas como hash; dados de pagamento ficam com os provedores (Mercado Pago e PagHiper).",
    "Você pode pedir a exclusão da sua conta pelo e-mail contato@encaixa.com.br.",
  ],
} as const;
