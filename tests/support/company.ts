import type { CompanyInput } from "../../app/schemas/company/company";

/** A whole company identity as an admin types it on the "Empresa" tab (masks and all). */
export const COMPANY_AS_TYPED = {
  legalName: "Encaixa Tecnologia Ltda",
  cnpj: "34.567.890/0001-30",
  address: "Av. Paulista, 1000",
  city: "São Paulo",
  state: "SP",
  postalCode: "01310-100",
  email: "contato@encaixa.com.br",
  whatsapp: "(11) 98765-4321",
} satisfies CompanyInput;
