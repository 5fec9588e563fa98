/**
 * The company identity (the dashboard's "Empresa" tab, /api/settings/company): who issues the
 * receipts and signs the e-mails, shown again in the landing's footer.
 */

const tooLong = (label: string, max: number) => `${label}: no máximo ${max} caracteres`;

export const company = {
  title: "Dados da empresa",
  intro:
    "Razão social, CNPJ, endereço e contato de quem vende as assinaturas. Aparecem nos recibos, no rodapé dos e-mails e no rodapé da página inicial. Tudo em branco: nada é mostrado.",
  sections: {
    identity: "Empresa",
    address: "Endereço",
    contact: "Contato",
  },
  fields: {
    legalName: "Razão social",
    cnpj: "CNPJ",
    address: "Endereço",
    city: "Cidade",
    state: "UF",
    postalCode: "CEP",
    email: "E-mail",
    whatsapp: "WhatsApp",
  },
  hints: {
    legalName: "Como está no cartão CNPJ, por exemplo Encaixa Tecnologia Ltda.",
    cnpj: "Com ou sem pontos, barra e traço. Os dígitos verificadores são conferidos.",
    address: "Rua, número, complemento e bairro.",
    postalCode: "Oito dígitos, por exemplo 01310-100.",
    email: "Para onde os clientes escrevem.",
    whatsapp: "Com DDD, por exemplo (11) 98765-4321.",
  },
  statePlaceholder: "Selecione",
  errors: {
    tooLong,
    invalidText: (label: string) => `${label}: informe um texto`,
    legalNameRequired: "Informe a razão social (ou deixe todos os campos em branco)",
    cnpjRequired: "Informe o CNPJ (ou deixe todos os campos em branco)",
    stateInvalid: "UF: escolha um dos estados",
    postalCodeInvalid: "CEP inválido: informe 8 dígitos, como 01310-100",
    emailInvalid: "E-mail inválido",
    whatsappInvalid: "WhatsApp inválido: informe DDD e número, como (11) 98765-4321",
    nothingToSave: "Envie ao menos um campo dos dados da empresa",
  },
  save: "Salvar dados da empresa",
  saving: "Salvando…",
  saved: "Dados da empresa salvos",
  activitySaved: "Atualizou os dados da empresa",
  updatedAt: (when: string) => `Última alteração: ${when}`,
  /** How the identity reads in a footer or on a receipt, one line each. */
  nameLine: (legalName: string, cnpj: string | null) =>
    cnpj ? `${legalName} · CNPJ ${cnpj}` : legalName,
  addressLine: (parts: { address: string | null; place: string | null; cep: string | null }) =>
    [parts.address, parts.place, parts.cep && `CEP ${parts.cep}`].filter(Boolean).join(" — "),
  place: (city: string | null, state: string | null) =>
    city && state ? `${city}/${state}` : (city ?? state ?? ""),
  contactLine: (email: string | null, whatsapp: string | null) =>
    [email, whatsapp && `WhatsApp ${whatsapp}`].filter(Boolean).join(" · "),
  whatsappLabel: (number: string) => `WhatsApp ${number}`,
} as const;
