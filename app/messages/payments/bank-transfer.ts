/** Bank transfer: the admin's bank details on "Formas de pagamento" and the customer's instructions. */

export const bankTransfer = {
  // The admin's panel
  title: "Transferência bancária",
  description:
    "A conta para onde os clientes transferem. Sem estes dados, a transferência não é oferecida aos clientes; a baixa é feita em “Marcar pago”.",
  bank: "Banco",
  bankPlaceholder: "Ex.: Banco do Brasil (001)",
  agency: "Agência",
  account: "Conta",
  holder: "Favorecido",
  cnpj: "CNPJ do favorecido",
  cnpjPlaceholder: "00.000.000/0000-00",
  pixKey: "Chave PIX (opcional)",
  clearHint: "Para deixar de oferecer a transferência, remova os dados.",
  clear: "Remover dados bancários",
  clearing: "Removendo...",
  saved: "Dados bancários salvos: a transferência é oferecida aos clientes",
  cleared: "Dados bancários removidos: a transferência não é mais oferecida aos clientes",
  activitySaved: "Dados bancários da transferência salvos",
  activityCleared: "Dados bancários da transferência removidos",

  // What a form refuses
  bankRequired: "Informe o banco",
  agencyRequired: "Informe a agência",
  agencyInvalid: "Agência inválida: use números e, se houver, o dígito (ex.: 1234-5)",
  accountRequired: "Informe a conta",
  accountInvalid: "Conta inválida: use números e o dígito (ex.: 12345-6)",
  holderRequired: "Informe o favorecido",
  cnpjRequired: "Informe o CNPJ do favorecido",
  tooLong: (max: number) => `No máximo ${max} caracteres`,

  // The customer's side
  unavailable:
    "A transferência bancária não está disponível no momento. Escolha outra forma de pagamento.",
  dialogTitle: (reference: string) => `Transferência bancária — fatura ${reference}`,
  instructions:
    "Transfira o valor exato para a conta abaixo e escreva a referência na descrição da transferência. Assim que conferirmos o pagamento, o plano é ativado.",
  pixKeyLabel: "Chave PIX",
  reference: "Referência (descrição da transferência)",
  referenceHint: "Sem a referência não conseguimos saber de quem é a transferência.",
  afterTransfer:
    "Não é preciso fazer mais nada: a fatura fica pendente até a confirmação e muda para Aprovado nesta página.",
  otherMethods: "Pagar de outra forma",
  payOption: "Transferência bancária",
  payOptionHint: "Os dados da conta, o valor e a referência para a descrição.",
};
